// `tsx tests/e2e/recreate-database.ts`: the first half of the e2e web server command (playwright.config.ts).
import { recreateE2eDatabase } from "./database";

await recreateE2eDatabase();
