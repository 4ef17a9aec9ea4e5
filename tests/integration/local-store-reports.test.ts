// The local stores' usage reports (issue 19 §4, docs/money.md "Where reports come from"): with the local
// stores in use, a day's report is written for each live release into the reports folder and registered
// as pending; running again for the same day writes nothing and registers nothing; a new live release gets
// its own; with real stores configured nothing is written. The job (the daily run and the go-live run)
// does the same.
import "../support/auth-env";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Job } from "pg-boss";
import { royaltyReports } from "#drizzle/schema/index";
import { handle } from "#jobs/handlers/royalties.local-reports";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { resetStoreConfiguration } from "~/services/distribution/config.server";
import { localReportFile, writeLocalStoreReports } from "~/services/distribution/local-reports.server";
import { parseLine, REPORT_COLUMNS } from "~/services/royalties";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertLiveRelease } from "../support/royalties";

setupTestDatabase("postgres");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "local-store-reports-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pending reports written into this test's folder (the database is shared by the file's tests). */
const pending = async () => (await db.select().from(royaltyReports).where(eq(royaltyReports.status, "pending"))).filter((report) => report.path.startsWith(dir));

test("a day's report per live release, registered as pending, written once", async () => {
  const user = await createUser(db);
  const first = await insertLiveRelease(db, user.id, 2);
  await insertLiveRelease(db, user.id, 1, { live: false });
  const day = "2026-11-20";

  const written = await writeLocalStoreReports(day, { dir });
  expect(written).toEqual({ written: [localReportFile(day, first.upc, dir)], skipped: 0 });
  const text = await readFile(written.written[0], "utf8");
  const [header, ...lines] = text.trim().split("\n");
  expect(header).toBe(REPORT_COLUMNS.join(","));
  expect(lines.length).toBeGreaterThan(0);
  // Only the live release's tracks, that day, in the format the import reads.
  for (const line of lines) {
    const parsed = parseLine(Object.fromEntries(REPORT_COLUMNS.map((column, index) => [column, line.split(",")[index]])));
    expect(parsed).toMatchObject({ ok: true, upc: first.upc, day });
    if (parsed.ok) expect(first.tracks.map((track) => track.isrc)).toContain(parsed.isrc);
  }
  const reports = await pending();
  expect(reports.map((report) => ({ path: report.path, account: report.account }))).toEqual([{ path: written.written[0], account: "local-stores" }]);

  // Again, the same day: nothing is written or registered, the file is untouched.
  expect(await writeLocalStoreReports(day, { dir })).toEqual({ written: [], skipped: 1 });
  expect(await readFile(written.written[0], "utf8")).toBe(text);
  expect(await pending()).toHaveLength(1);

  // A release that goes live later that day gets its own report; the next day is a new report for both.
  const second = await insertLiveRelease(db, user.id, 1);
  expect(await writeLocalStoreReports(day, { dir })).toEqual({ written: [localReportFile(day, second.upc, dir)], skipped: 1 });
  expect((await writeLocalStoreReports("2026-11-21", { dir })).written).toHaveLength(2);
  expect(await pending()).toHaveLength(4);
});

test("the job writes the day it is given, or yesterday, into ROYALTY_REPORTS_DIR, once", async () => {
  const user = await createUser(db);
  const release = await insertLiveRelease(db, user.id, 1);
  const before = env.ROYALTY_REPORTS_DIR;
  env.ROYALTY_REPORTS_DIR = dir;
  try {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await handle([{ data: {} } as Job<{ day?: string }>]);
    await handle([{ data: {} } as Job<{ day?: string }>, { data: { day: "2026-11-01" } } as Job<{ day?: string }>]);
    // Every live release (this file's earlier ones too) has one report for each of the two days.
    const files = await readdir(path.join(dir, "local-stores"));
    expect(files).toContain(`local-stores_2026-11-01_${release.upc}.csv`);
    expect(files).toContain(`local-stores_${yesterday}_${release.upc}.csv`);
    const upcs = new Set(files.map((name) => name.split("_")[2]));
    expect(files).toHaveLength(upcs.size * 2);
    expect(await pending()).toHaveLength(files.length);
  } finally {
    env.ROYALTY_REPORTS_DIR = before;
  }
});

test("with real stores configured nothing is written", async () => {
  const user = await createUser(db);
  await insertLiveRelease(db, user.id, 1);
  const keyFile = path.join(dir, "key");
  await writeFile(keyFile, "not used: nothing connects");
  const file = path.join(dir, "stores.json");
  await writeFile(file, JSON.stringify({ stores: { spotify: { host: "sftp.example", username: "songloom", privateKeyFile: keyFile, dpid: "PADPIDA0TESTSTORE" } } }));
  env.DISTRIBUTION_STORES_FILE = file;
  resetStoreConfiguration();
  try {
    expect(await writeLocalStoreReports("2026-11-20", { dir })).toEqual({ written: [], skipped: 0 });
    expect(await readdir(dir)).not.toContain("local-stores");
    expect(await pending()).toHaveLength(0);
  } finally {
    env.DISTRIBUTION_STORES_FILE = undefined;
    resetStoreConfiguration();
  }
});
