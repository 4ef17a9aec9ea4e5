// Royalty reports from the command line, for development (docs/money.md "Royalties"):
//   npm run royalties:generate -- [--out DIR] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--store spotify]... [--seed N] [--format csv|dsr]
//     writes a made-up store report for every live release's ISRCs (default: the last 7 days, every store,
//     into the reports folder), as the local stores do; --format dsr writes DDEX DSR flat files instead,
//     one per day (a DSR covers one reporting period);
//   npm run royalties:import -- FILE|--inbox
//     registers the file (or every file in the reports folder) and imports it now, without the job queue.
// Uses the configured database (DATABASE_URL or the embedded one in DATA_DIR; stop `npm start` first then).
import { parseArgs } from "node:util";
import { migrate } from "../../../drizzle/migrate";
import { closeDb, db, getConnection } from "~/server/db.server";
import { generateDsrReport, generateRoyaltyReport, liveReportTracks } from "./generator.server";
import { importReport, registerReport, royaltyReportsDir, scanReportInbox } from "./import.server";
import { royaltyReportList } from "./viewer.server";
import { microsToDollars } from "./report-format";

const [command, ...rest] = process.argv.slice(2);

function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return days;
}
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { out: { type: "string" }, from: { type: "string" }, to: { type: "string" }, store: { type: "string", multiple: true }, seed: { type: "string" }, inbox: { type: "boolean" }, format: { type: "string" } },
});
await migrate(getConnection());
try {
  if (command === "generate") {
    const tracks = await liveReportTracks(db);
    if (tracks.length === 0) throw new Error("No live release has ISRCs yet: release something (and approve it) first.");
    const to = values.to ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const from = values.from ?? new Date(Date.parse(to) - 6 * 86_400_000).toISOString().slice(0, 10);
    const seed = values.seed ? Number(values.seed) : Date.now() % 1_000_000;
    if (values.format !== undefined && values.format !== "csv" && values.format !== "dsr") throw new Error(`--format is csv or dsr, not ${values.format}`);
    const reports =
      values.format === "dsr"
        ? await Promise.all(eachDay(from, to).map((day, index) => generateDsrReport({ outDir: values.out ?? royaltyReportsDir(), tracks, day, stores: values.store, seed: seed + index })))
        : [await generateRoyaltyReport({ outDir: values.out ?? royaltyReportsDir(), tracks, from, to, stores: values.store, seed })];
    for (const report of reports) console.log(`Wrote ${report.path}: ${report.lines} usage lines, ${report.streams} streams, $${microsToDollars(report.grossMicros)} (made-up figures for local testing).`);
  } else if (command === "import") {
    const ids: string[] = [];
    if (values.inbox) {
      const scanned = await scanReportInbox(db);
      console.log(`Reports folder ${royaltyReportsDir()}: ${scanned.found} file(s), ${scanned.registered} new.`);
      ids.push(...(await royaltyReportList(db, "pending", 1000)).map((report) => report.id));
    }
    for (const file of positionals) ids.push((await registerReport(db, file)).report.id);
    for (const id of ids) {
      const summary = await importReport(id);
      console.log(
        summary.alreadyComplete
          ? `Report ${id}: already imported, nothing changed.`
          : `Report ${id}: ${summary.lines} lines, ${summary.matched} matched, ${summary.held} held, ${summary.streams} streams, $${microsToDollars(summary.grossMicros)} gross, $${microsToDollars(summary.creatorMicros)} to creators.`,
      );
    }
  } else {
    throw new Error("Usage: royalties:generate [--out DIR] [--from DAY] [--to DAY] [--store S]... [--seed N] [--format csv|dsr] | royalties:import FILE... | --inbox");
  }
} finally {
  await closeDb();
}
