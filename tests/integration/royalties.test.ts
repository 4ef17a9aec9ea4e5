// Store report import (issue 19 §4): a generated report is credited once (80 % to the creator, the rest to
// Songloom) with its streams rolled up per song/store/territory/day; importing it again, even under another
// name, changes nothing; unmatched and unreadable lines are held with their money, and approving one
// credits it once; the staff API answers by permission. The books balance after every test.
import "../support/auth-env";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { journalEntries, royaltyHeldLines, royaltyReports } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import * as processRoute from "~/routes/api.admin.schedule.$id.royalties.process";
import * as approveRoute from "~/routes/api.admin.transaction.approve.$id";
import * as recordsForIsrc from "~/routes/api.admin.royalties.records-for-isrc";
import * as recordsForDate from "~/routes/api.admin.royalties.records-for-date";
import { db, rawRows } from "~/server/db.server";
import { userBalances } from "~/services/ledger";
import { approveHeldLine, generateRoyaltyReport, importReport, registerReport, REPORT_COLUMNS, scanReportInbox } from "~/services/royalties";
import { callRoute, createSession, createUser, get } from "../support/auth";
import { backends, setupTestDatabase } from "../support/database";
import { expectBooksBalance } from "../support/money";
import { insertLiveRelease } from "../support/royalties";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "royalties-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function snapshot() {
  const [row] = await rawRows<{ entries: number; lines: number; streams: string; daily: string; held: number }>(
    db,
    sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from journal_lines) as lines,
      (select coalesce(sum(streams), 0)::text from royalty_streams) as streams, (select coalesce(sum(streams), 0)::text from stream_daily) as daily,
      (select count(*)::int from royalty_held_lines) as held`,
  );
  return row;
}

const json = (path: string, body: unknown, cookie: string) =>
  new Request(new URL(path, "http://localhost:3000"), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } });

// On both databases: `npm start` imports on the embedded PGlite, production on PostgreSQL.
describe.each(backends)("store report import on %s", (backend) => {
  const database = setupTestDatabase(backend);
  beforeAll(async () => {
    await startBoss(database().connection);
  });
  afterAll(async () => {
    await stopBoss();
  });
  afterEach(async () => {
    await expectBooksBalance(database().db);
  });

  test("credits each creator's share once, rolls up streams, and a second import (any file name) changes nothing", async () => {
    const alice = await createUser(db);
    const bob = await createUser(db);
    const a = await insertLiveRelease(db, alice.id, 2);
    const b = await insertLiveRelease(db, bob.id, 1);
    const tracks = [...a.tracks.map((t) => ({ isrc: t.isrc, upc: a.upc })), ...b.tracks.map((t) => ({ isrc: t.isrc, upc: b.upc }))];
    const generated = await generateRoyaltyReport({ outDir: dir, tracks, from: "2026-10-01", to: "2026-10-14", seed: 7, fileName: "stores_a.csv" });
    expect(generated.lines).toBeGreaterThan(100);

    const { report, created } = await registerReport(db, generated.path);
    expect(created).toBe(true);
    const summary = await importReport(report.id);
    expect(summary).toMatchObject({ lines: generated.lines, matched: generated.lines, held: 0, streams: generated.streams, grossMicros: generated.grossMicros });

    // Creator shares: the ledger balance equals the revenue in the rollups, and both are 80 % of gross (rounded down per line).
    const balances = (await userBalances(db, alice.id)).availableMicros + (await userBalances(db, bob.id)).availableMicros;
    expect(balances).toBe(summary.creatorMicros);
    expect(summary.creatorMicros).toBeLessThanOrEqual(Math.floor(generated.grossMicros * 0.8));
    expect(summary.creatorMicros).toBeGreaterThan(Math.floor(generated.grossMicros * 0.8) - generated.lines);
    const [platform] = await rawRows<{ revenue: string }>(db, sql`select (-sum(l.amount_micros))::text as revenue from journal_lines l join ledger_accounts a on a.id = l.account_id where a.kind = 'platform_revenue'`);
    expect(Number(platform.revenue)).toBe(generated.grossMicros - summary.creatorMicros);
    const [daily] = await rawRows<{ revenue: string; streams: string }>(db, sql`select sum(revenue_micros)::text as revenue, sum(streams)::text as streams from stream_daily`);
    expect({ revenue: Number(daily.revenue), streams: Number(daily.streams) }).toEqual({ revenue: summary.creatorMicros, streams: generated.streams });
    // The monthly rollup (the overview's all-time figures) agrees with the daily one.
    const [monthly] = await rawRows<{ revenue: string; streams: string }>(db, sql`select sum(revenue_micros)::text as revenue, sum(streams)::text as streams from stream_monthly`);
    expect(monthly).toEqual(daily);
    // Streams vary by store and territory: several of each for one track.
    const [spread] = await rawRows<{ stores: number; territories: number; days: number }>(
      db,
      sql`select count(distinct store)::int as stores, count(distinct territory)::int as territories, count(distinct day)::int as days from royalty_streams where isrc = ${a.tracks[0].isrc}`,
    );
    expect(spread.stores).toBeGreaterThanOrEqual(4);
    expect(spread.territories).toBeGreaterThanOrEqual(5);
    expect(spread.days).toBe(14);

    const before = await snapshot();
    const again = await importReport(report.id);
    expect(again.alreadyComplete).toBe(true);
    const renamed = path.join(dir, "same-report-renamed.csv");
    await copyFile(generated.path, renamed);
    const second = await registerReport(db, renamed);
    expect(second).toMatchObject({ created: false, report: { id: report.id } });
    expect((await importReport(second.report.id)).alreadyComplete).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  test("holds unmatched and unreadable lines with their money; approval credits a held line once", async () => {
    const carol = await createUser(db);
    const live = await insertLiveRelease(db, carol.id, 3);
    const later = await insertLiveRelease(db, carol.id, 1, { live: false });
    const lines = [
      REPORT_COLUMNS.join(","),
      `spotify,US,${live.tracks[0].isrc},${live.upc},stream,1000,3.500000,2026-10-02`,
      // A release-level line (UPC only): split over the three tracks.
      `apple_music,GB,,${live.upc},download,10,9.000001,2026-10-02`,
      // Not live yet: held.
      `deezer,FR,${later.tracks[0].isrc},${later.upc},stream,500,2.750000,2026-10-03`,
      // Unknown everywhere: held.
      `tidal,SE,QZZZZ9999999,,stream,20,0.220000,2026-10-03`,
      // Unreadable: held without money.
      `spotify,USA,${live.tracks[1].isrc},,stream,abc,1.0,2026-13-01`,
      `spotify,US,${live.tracks[1].isrc}`,
    ];
    const file = path.join(dir, "held.csv");
    await writeFile(file, `${lines.join("\n")}\n`);
    const { report } = await registerReport(db, file);
    const summary = await importReport(report.id);
    expect(summary).toMatchObject({ lines: 6, matched: 2, held: 4, streams: 1010, heldMicros: 2_970_000, grossMicros: 15_470_001 });

    const held = await db.select().from(royaltyHeldLines).where(eq(royaltyHeldLines.reportId, report.id)).orderBy(royaltyHeldLines.lineNo);
    expect(held.map((line) => [line.lineNo, line.reason.split(" ").slice(0, 2).join(" ")])).toEqual([
      [3, "no live"],
      [4, "no live"],
      [5, "unreadable: territory"],
      [6, "unreadable: usage_type"],
    ]);
    const [unmatched] = await rawRows<{ held: string }>(db, sql`select (-sum(l.amount_micros))::text as held from journal_lines l join ledger_accounts a on a.id = l.account_id where a.kind = 'royalties_unmatched'`);
    expect(Number(unmatched.held)).toBe(2_970_000);

    // UPC split: 10 downloads over 3 tracks as 4/3/3, $9.000001 as 3.000001/3/3.
    const split = await rawRows<{ song_id: string; streams: string; gross: string }>(db, sql`select song_id, streams::text, gross_micros::text as gross from royalty_streams where store = 'apple_music' and upc = ${live.upc} order by streams desc, gross_micros desc`);
    expect(split.map((row) => [Number(row.streams), Number(row.gross)])).toEqual([
      [4, 3_000_001],
      [3, 3_000_000],
      [3, 3_000_000],
    ]);

    const balanceBefore = (await userBalances(db, carol.id)).availableMicros;
    const admin = await createUser(db, { isAdmin: true, roles: ["royalty_admin"] });
    // Still not live: refused, nothing moves.
    await expect(approveHeldLine(held[0].id, admin.id)).rejects.toMatchObject({ status: 409 });
    await db.execute(sql`update releases set status = 1 where id = ${later.releaseId}`);
    const { cookie } = await createSession(db, admin.id);
    const approved = await callRoute(approveRoute.action, json(`/api/admin/transaction/approve/${held[0].id}`, {}, cookie), { id: held[0].id });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ id: held[0].id, kind: "royalty", status: "approved" });
    expect((await userBalances(db, carol.id)).availableMicros - balanceBefore).toBe(2_200_000);
    const twice = await callRoute(approveRoute.action, json(`/api/admin/transaction/approve/${held[0].id}`, {}, cookie), { id: held[0].id });
    expect(twice.status).toBe(409);
    expect((await userBalances(db, carol.id)).availableMicros - balanceBefore).toBe(2_200_000);
    // An unreadable line cannot be approved onto a song; an unknown one can, when staff name the song.
    const unreadable = await callRoute(approveRoute.action, json(`/api/admin/transaction/approve/${held[2].id}`, { songId: live.tracks[1].songId }, cookie), { id: held[2].id });
    expect(unreadable.status).toBe(409);
    const named = await callRoute(approveRoute.action, json(`/api/admin/transaction/approve/${held[1].id}`, { songId: live.tracks[2].songId }, cookie), { id: held[1].id });
    expect(named.status).toBe(200);
    expect((await userBalances(db, carol.id)).availableMicros - balanceBefore).toBe(2_200_000 + 176_000);
    const audit = await rawRows<{ action: string }>(db, sql`select action from admin_audit_log where actor_id = ${admin.id} order by created_at`);
    expect(audit.map((row) => row.action)).toEqual(["royalty_held_approved", "royalty_held_approved"]);
  });

  test("the reports folder: new files become pending reports once; the same bytes under another name are the same report", async () => {
    const inbox = path.join(dir, `inbox-${backend}`, "spotify");
    await mkdir(inbox, { recursive: true });
    await writeFile(path.join(inbox, "a.csv"), `${REPORT_COLUMNS.join(",")}\nspotify,US,QZS7J0000001,,stream,1,0.1,2026-09-01\n`);
    await writeFile(path.join(inbox, "b.csv"), `${REPORT_COLUMNS.join(",")}\nspotify,US,QZS7J0000002,,stream,1,0.1,2026-09-01\n`);
    await writeFile(path.join(inbox, "notes.txt"), "not a report");
    const root = path.dirname(inbox);
    expect(await scanReportInbox(db, root)).toEqual({ found: 2, registered: 2 });
    expect(await scanReportInbox(db, root)).toEqual({ found: 2, registered: 0 });
    await copyFile(path.join(inbox, "a.csv"), path.join(inbox, "a-again.csv"));
    expect(await scanReportInbox(db, root)).toEqual({ found: 3, registered: 0 });
    const pending = await db.select().from(royaltyReports).where(eq(royaltyReports.status, "pending"));
    expect(pending.filter((report) => report.path.startsWith(root)).map((report) => report.fileName).sort()).toEqual(["a.csv", "b.csv"]);
  });

  test("an import that fails half-way resumes where it stopped and counts every line once", async () => {
    const erin = await createUser(db);
    const live = await insertLiveRelease(db, erin.id, 2);
    const tracks = live.tracks.map((t) => ({ isrc: t.isrc, upc: live.upc }));
    const generated = await generateRoyaltyReport({ outDir: dir, tracks, from: "2026-08-01", to: "2026-08-03", stores: ["spotify", "deezer"], seed: 5, fileName: "resume.csv" });
    expect(generated.lines).toBeGreaterThan(12);
    const { report } = await registerReport(db, generated.path);
    // The database refuses progress past line 10, as a crash after two 5-line chunks would leave it.
    await db.execute(sql.raw(`create function stop_at_ten() returns trigger language plpgsql as $$ begin if new.lines_done > 10 then raise exception 'simulated crash'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger stop_at_ten before update on royalty_reports for each row execute function stop_at_ten()`));
    try {
      await expect(importReport(report.id, { chunkLines: 5 })).rejects.toMatchObject({ cause: { message: "simulated crash" } });
    } finally {
      await db.execute(sql.raw(`drop trigger stop_at_ten on royalty_reports`));
      await db.execute(sql.raw(`drop function stop_at_ten()`));
    }
    const [failed] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id));
    expect(failed).toMatchObject({ status: "failed", linesDone: 10 });

    const resumed = await importReport(report.id, { chunkLines: 5 });
    expect(resumed.lines).toBe(generated.lines - 10);
    const [done] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id));
    expect(done).toMatchObject({ status: "complete", linesDone: generated.lines, streams: generated.streams, grossMicros: generated.grossMicros });
    const [sums] = await rawRows<{ streams: string; gross: string }>(db, sql`select sum(streams)::text as streams, sum(gross_micros)::text as gross from royalty_streams where upc = ${live.upc}`);
    expect({ streams: Number(sums.streams), gross: Number(sums.gross) }).toEqual({ streams: generated.streams, gross: generated.grossMicros });
    expect((await userBalances(db, erin.id)).availableMicros).toBe(done.creatorMicros);
  });

  test("the process call: dry run writes nothing, inline import credits, the job is queued, bad input names the field", async () => {
    const dave = await createUser(db);
    const live = await insertLiveRelease(db, dave.id, 1);
    const generated = await generateRoyaltyReport({ outDir: dir, tracks: [{ isrc: live.tracks[0].isrc, upc: live.upc }], from: "2026-09-01", to: "2026-09-03", stores: ["spotify"], seed: 3, fileName: "spotify_sept.csv" });
    const { report } = await registerReport(db, generated.path);
    const admin = await createUser(db, { isAdmin: true, roles: ["royalty_admin"] });
    const { cookie } = await createSession(db, admin.id);
    const call = (body: unknown, id = report.id) => callRoute(processRoute.action, json(`/api/admin/schedule/${id}/royalties/process`, body, cookie), { id });

    const bad = await call({ date: "2026-02-30", fullJob: false });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("date");
    expect((await call({ date: "2026-10-01" }, "nope")).status).toBe(404);

    const before = await snapshot();
    const dry = await call({ date: "2026-10-01", credit: false, fullJob: false });
    expect(dry.status).toBe(200);
    expect((await dry.json()).summary).toMatchObject({ dryRun: true, lines: generated.lines, matched: generated.lines });
    expect(await snapshot()).toEqual(before);

    const run = await call({ date: "2026-10-01", credit: true, referenceId: "SPOT-2026-09", fullJob: false });
    expect(run.status).toBe(200);
    const body = await run.json();
    expect(body.summary).toMatchObject({ dryRun: false, lines: generated.lines, streams: generated.streams });
    const [row] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id));
    expect(row).toMatchObject({ status: "complete", reference: "SPOT-2026-09", statementDate: "2026-10-01", approvedBy: admin.id, firstDay: "2026-09-01", lastDay: "2026-09-03" });
    expect((await call({ date: "2026-10-01", fullJob: false })).status).toBe(409);

    // A report whose file changed after it was registered fails, with the reason for staff.
    const changing = path.join(dir, `changing-${backend}.csv`);
    await writeFile(changing, `${REPORT_COLUMNS.join(",")}\n`);
    const changed = (await registerReport(db, changing)).report;
    await writeFile(changing, `${REPORT_COLUMNS.join(",")}\nspotify,US,${live.tracks[0].isrc},,stream,1,0.1,2026-09-01\n`);
    const refused = await call({ date: "2026-10-01", fullJob: false }, changed.id);
    expect(refused.status).toBe(409);
    const [failedReport] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, changed.id));
    expect(failedReport).toMatchObject({ status: "failed", linesDone: 0, error: expect.stringContaining("changed since it was registered") });

    // fullJob: the royalties.import job is queued for a pending report.
    const other = await generateRoyaltyReport({ outDir: dir, tracks: [{ isrc: live.tracks[0].isrc, upc: live.upc }], from: "2026-09-04", to: "2026-09-05", stores: ["tidal"], seed: 4, fileName: "tidal_sept.csv" });
    const pending = (await registerReport(db, other.path)).report;
    const queued = await call({ date: "2026-10-01" }, pending.id);
    expect(await queued.json()).toMatchObject({ queued: true, reportId: pending.id });
    const jobs = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = 'royalties.import' and data->>'importId' = ${pending.id}`);
    expect(jobs[0].n).toBe(1);

    // The viewer: records for the ISRC, per day/store/territory, within the date range.
    const records = await callRoute(recordsForIsrc.loader, get(`/api/admin/royalties/records-for-isrc?isrc=${live.tracks[0].isrc}&startDate=2026-09-01&endDate=2026-09-30&itemsPerPage=50`, cookie));
    const page = await records.json();
    expect(page.totals.streams).toBe(generated.streams);
    expect(page.records[0]).toMatchObject({ isrc: live.tracks[0].isrc, store: "spotify" });
    const early = await callRoute(recordsForDate.loader, get("/api/admin/royalties/records-for-date?startDate=2018-12-31", cookie));
    expect(early.status).toBe(400);
    expect(JSON.stringify(await early.json())).toContain("2019-01-01");
    const [entries] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${journalEntries} where reference like ${`royalty:${report.id}:%`}`);
    expect(entries.n).toBeGreaterThan(0);
  });
});
