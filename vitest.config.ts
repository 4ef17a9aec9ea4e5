import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app"), "#drizzle": path.resolve(import.meta.dirname, "drizzle"), "#jobs": path.resolve(import.meta.dirname, "jobs") };

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    projects: [
      { resolve: { alias }, test: { name: "unit", globals: true, include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      // Two files at a time as well: the tests assert on bytes and measured audio, never on time, and a render
      // waits on its stem thread and LAME processes often enough that two files overlap well (414 tests took
      // 10.8 min of wall time for 17.3 min of test time).
      { resolve: { alias }, test: { name: "engine", globals: true, include: ["tests/engine/**/*.test.ts"], environment: "node", testTimeout: 300_000, hookTimeout: 300_000, maxWorkers: 2 } },
      // SONGLOOM_TX_GUARD: using the outer `db` inside a transaction opened through it throws (app/server/db.server.ts).
      // CATALOGUE_PREVIEWS off: servers the tests start do not render the style previews in the background.
      // Two files at a time: each has its own database and ports (tests/support), and much of a file's time
      // is spent waiting on PostgreSQL, servers and jobs (one at a time, 61 files took 1.7 times as long).
      { resolve: { alias }, test: { name: "integration", globals: true, include: ["tests/integration/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2, env: { SONGLOOM_TX_GUARD: "1", CATALOGUE_PREVIEWS: "off" } } },
    ],
  },
});
