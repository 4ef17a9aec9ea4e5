// End-to-end tests in Debian's Chromium against the built server (`npm run test:e2e` builds first), on a
// Postgres database recreated for the run. The web server command recreates it, because Playwright starts
// the web server before any globalSetup would run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_DATABASE_URL } from "./tests/e2e/database";

const PORT = Number(process.env.E2E_PORT ?? 3107);

// Playwright loads this file in the runner and again in every worker, and the workers inherit the runner's
// environment: set here, these reach the tests, which share the server's database and data directory
// (signed-in users are inserted into the database; sent emails are read from DATA_DIR/outbox).
process.env.E2E_DATABASE_URL = E2E_DATABASE_URL;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "songloom-e2e-"));
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
// Tests sign session cookies themselves, with the secret the server checks them with.
process.env.SESSION_SECRET ??= "e2e-session-secret";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // The server shares the machine's two cores with the browsers.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI: songs render for real on two busy cores, and a timing flake should not sink a run.
  // Playwright still reports such a test as "flaky", so it is seen and fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "npx tsx tests/e2e/recreate-database.ts && node server.mjs",
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(PORT),
      DATABASE_URL: E2E_DATABASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // NODE_ENV stays as `npm start` leaves it (development), so the demo users are seeded.
      SESSION_SECRET: process.env.SESSION_SECRET,
      APP_URL: `http://127.0.0.1:${PORT}`,
      // Google, Facebook and Apple are played by the labelled local stand-in (ADR 004), so the browser
      // test walks the same OAuth callback code as production.
      OAUTH_STANDIN: "1",
      // One style's preview is enough for the preview test; rendering all of them would cost CI minutes.
      CATALOGUE_PREVIEWS: "wd_lofi",
      // The local stores (issue 18) answer a delivered batch after this long; the default half second,
      // times two deliveries per store in the distribution test, is waiting the test does not need.
      LOCAL_STORES_ACK_DELAY_MS: "50",
      // One JSON line per request would bury a failing test's output; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  },
});
