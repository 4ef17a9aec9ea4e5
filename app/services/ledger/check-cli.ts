// `npm run ledger:check`: proves the books balance on the configured database (DATABASE_URL or the
// embedded one in DATA_DIR). Exit code 1 on any problem, so it can run in CI or cron.
import { migrate } from "../../../drizzle/migrate";
import { closeDb, db, getConnection } from "~/server/db.server";
import { checkLedger } from "./check.server";

// A database that has never been started is migrated first, so the check never reads a missing table.
await migrate(getConnection());
const report = await checkLedger(db);
console.log(`Ledger: ${report.entries} entries, ${report.lines} lines.`);
for (const problem of report.problems) console.error(`  ✗ ${problem}`);
console.log(report.problems.length === 0 ? "The books balance." : `${report.problems.length} problem(s).`);
await closeDb();
process.exit(report.problems.length === 0 ? 0 : 1);
