// DDEX DSR flat files (issue 36 §4): a Basic Audio Profile report (HEAD, summaries, release/resource
// blocks, sales/usage lines, FOOT; tab-separated) is imported like the CSV — each line's share of its
// summary's money credited once, the rest held — and importing it again changes nothing. Bad input: a
// record with too few cells and an unknown record type are held as they are; a summary in another
// currency or a line pointing at nothing is held; a truncated file, a FOOT that miscounts and a file that
// is not the Basic Audio Profile are refused before anything is written. The books balance after each.
import "../support/auth-env";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { royaltyHeldLines, royaltyReports } from "#drizzle/schema/index";
import { db, rawRows } from "~/server/db.server";
import { userBalances } from "~/services/ledger";
import { writeLocalStoreReports } from "~/services/distribution/local-reports.server";
import { generateDsrReport, importReport, registerReport, ReportImportError } from "~/services/royalties";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { expectBooksBalance } from "../support/money";
import { insertLiveRelease } from "../support/royalties";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "royalties-dsr-"));
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

const tsv = (records: string[][]) => `${records.map((cells) => cells.join("\t")).join("\n")}\n`;
const HEAD = ["HEAD", "dsrf/1.1.2/6/1.0", "BasicAudioProfile", "1.2", "MSG-1", "2026-10-02T00:00:00Z", "1", "1", "2026-10-01", "2026-10-01", "PADPIDA0STORE", "Deezer"];
/** A summary: id, store, use type, territory, usages, currency, amount. */
const SY = (id: string, store: string, territory: string, usages: number, amount: string, currency = "USD") => ["SY02.03", id, store, "", "SubscriptionModel", "OnDemandStream", territory, "Premium", String(usages), "", currency, amount];
const SU = (block: string, summary: string, transaction: string, resource: string, usages: string, release = "") => ["SU02.03", block, summary, transaction, release, resource, "true", usages];
const withFoot = (records: string[][]) => [...records, ["FOOT", String(records.length + 1), String(records.length + 1), "0", "0", "0"]];

describe("DSR import on PostgreSQL", () => {
  const database = setupTestDatabase("postgres");
  afterEach(async () => {
    await expectBooksBalance(database().db);
  });

  test("a generated DSR is credited once (each line its share of its summary), and importing it again, under any name, changes nothing", async () => {
    const alice = await createUser(db);
    const bob = await createUser(db);
    const a = await insertLiveRelease(db, alice.id, 2);
    const b = await insertLiveRelease(db, bob.id, 1);
    const tracks = [...a.tracks.map((t) => ({ isrc: t.isrc, upc: a.upc })), ...b.tracks.map((t) => ({ isrc: t.isrc, upc: b.upc }))];
    const generated = await generateDsrReport({ outDir: dir, tracks, day: "2026-10-03", seed: 9 });
    expect(generated.lines).toBeGreaterThan(100);
    const text = await readFile(generated.path, "utf8");
    expect(text.split("\n")[0].split("\t").slice(0, 3)).toEqual(["HEAD", "dsrf/1.1.2/6/1.0", "BasicAudioProfile"]);
    expect(text).toMatch(/\nSY02\.03\t1\tspotify\t/);
    expect(text).toMatch(/\nRE01\.03\t1\tR1\t/);
    expect(text).toMatch(new RegExp(`\\nAS02\\.03\\t1\\tT1\\t[^\\t]*\\t${a.tracks[0].isrc}\\t`));
    expect(text).toMatch(new RegExp(`\\nFOOT\\t${generated.records}\\t`));

    const { report } = await registerReport(db, generated.path);
    expect(report.account).toBe("Songloomlocalstores");
    const summary = await importReport(report.id);
    expect(summary).toMatchObject({ lines: generated.records, matched: generated.lines, held: 0, streams: generated.streams, grossMicros: generated.grossMicros });
    const balances = (await userBalances(db, alice.id)).availableMicros + (await userBalances(db, bob.id)).availableMicros;
    expect(balances).toBe(summary.creatorMicros);
    const [rollup] = await rawRows<{ days: string[]; gross: string; types: string[] }>(
      db,
      sql`select array_agg(distinct day::text) as days, sum(gross_micros)::text as gross, (select array_agg(distinct usage_type) from royalty_held_lines) as types from royalty_streams`,
    );
    expect(rollup.days).toEqual(["2026-10-03"]);
    expect(Number(rollup.gross)).toBe(generated.grossMicros);

    const before = await snapshot();
    expect((await importReport(report.id)).alreadyComplete).toBe(true);
    const renamed = path.join(dir, "DSR_again.tsv");
    await copyFile(generated.path, renamed);
    const again = await registerReport(db, renamed);
    expect(again).toMatchObject({ created: false, report: { id: report.id } });
    expect((await importReport(again.report.id)).alreadyComplete).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  test("the local stores can send their usage reports as DSR files, which import like a store's", async () => {
    const carol = await createUser(db);
    const live = await insertLiveRelease(db, carol.id, 2);
    const written = await writeLocalStoreReports("2026-10-05", { dir, format: "dsr" });
    const file = written.written.find((name) => name.includes(live.upc))!;
    expect(path.basename(file)).toBe(`DSR_local-stores_Songloom_2026-10-05_${live.upc}.tsv`);
    const [row] = await db.select().from(royaltyReports).where(eq(royaltyReports.path, file));
    expect(row).toMatchObject({ status: "pending", account: "local-stores" });
    const summary = await importReport(row.id);
    expect(summary.matched).toBeGreaterThan(0);
    expect(summary.held).toBe(0);
    expect((await userBalances(db, carol.id)).availableMicros).toBe(summary.creatorMicros);
  });

  test("bad records are held with their text; lines without a readable context are held; money still adds up", async () => {
    const erin = await createUser(db);
    const live = await insertLiveRelease(db, erin.id, 2);
    const [t1, t2] = live.tracks;
    const records = withFoot([
      HEAD,
      SY("1", "deezer", "FR", 300, "3.000000"),
      SY("2", "deezer", "DE", 100, "1.000000", "EUR"),
      ["SY02.03", "3", "deezer"],
      ["RE01.03", "1", "R1", live.upc, "", "", live.upc],
      ["AS02.03", "1", "T1", "d1", t1.isrc, "One"],
      ["AS02.03", "1", "T2"],
      SU("1", "1", "a", "T1", "100"),
      SU("1", "1", "b", "T2", "100"),
      SU("1", "1", "c", "", "100", "R1"),
      ["SU02.03", "1", "1", "d", "T1"],
      ["XX01", "1", "something new"],
      SU("1", "2", "e", "T1", "50"),
      SU("1", "3", "f", "T1", "10"),
      SU("1", "9", "g", "T1", "10"),
      SU("1", "1", "h", "T9", "0"),
    ]);
    const file = path.join(dir, "bad-records.tsv");
    await writeFile(file, tsv(records));
    const { report } = await registerReport(db, file);
    const summary = await importReport(report.id);
    // 17 records; 2 usage lines credited (T1 and the release-level line over both tracks).
    expect(summary).toMatchObject({ lines: 17, matched: 2, held: 9 });
    const held = await db.select().from(royaltyHeldLines).where(eq(royaltyHeldLines.reportId, report.id)).orderBy(royaltyHeldLines.lineNo);
    expect(held.map((line) => [line.lineNo, line.reason, line.grossMicros])).toEqual([
      [4, "unreadable: SY02.03 has 3 cells; at least 12 are needed", 0],
      [7, "unreadable: AS02.03 has 3 cells; at least 5 are needed", 0],
      [9, "its resource T2 could not be read", 1_000_000],
      [11, "unreadable: SU02.03 has 5 cells; at least 8 are needed", 0],
      [12, "unreadable: unknown record type XX01", 0],
      [13, "unreadable: the summary's currency is EUR; only USD is credited", 0],
      [14, "unreadable: its summary record could not be read", 0],
      [15, "unreadable: no summary record 9", 0],
      [16, "no resource T9 in block 1", 0],
    ]);
    // Nothing is lost: the raw record is kept for the unreadable ones.
    expect(held.find((line) => line.lineNo === 12)?.raw).toBe("XX01\t1\tsomething new");
    // The summary's $3 over its 300 usages: $1 each to T1 and the release (split over two tracks), $1 held.
    expect(summary).toMatchObject({ grossMicros: 3_000_000, heldMicros: 1_000_000, streams: 200 });
    const [unmatched] = await rawRows<{ held: string }>(db, sql`select (-sum(l.amount_micros))::text as held from journal_lines l join ledger_accounts a on a.id = l.account_id where a.kind = 'royalties_unmatched' and l.entry_id in (select id from journal_entries where reference like ${`royalty:${report.id}:%`})`);
    expect(Number(unmatched.held)).toBe(1_000_000);
  });

  test("a truncated file, a FOOT that miscounts, and another profile are refused before anything is written", async () => {
    const fred = await createUser(db);
    const live = await insertLiveRelease(db, fred.id, 1);
    const generated = await generateDsrReport({ outDir: dir, tracks: [{ isrc: live.tracks[0].isrc, upc: live.upc }], day: "2026-10-06", seed: 4, fileName: "whole.tsv" });
    const whole = await readFile(generated.path, "utf8");
    const before = await snapshot();
    const cases: Array<[string, string, RegExp]> = [
      ["truncated.tsv", whole.slice(0, Math.floor(whole.length * 0.6)), /truncated: its last line is not a FOOT record/],
      ["miscounted.tsv", whole.split("\n").filter((_, index) => index !== 30).join("\n"), new RegExp(`incomplete: its FOOT record counts ${generated.records} lines, the file has ${generated.records - 1}`)],
      ["profile.tsv", whole.replace("BasicAudioProfile", "UgcProfile"), /profile is "UgcProfile"; only the BasicAudioProfile is read/],
    ];
    for (const [name, text, problem] of cases) {
      const file = path.join(dir, name);
      await writeFile(file, text);
      const { report } = await registerReport(db, file);
      await expect(importReport(report.id), name).rejects.toBeInstanceOf(ReportImportError);
      const [row] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id));
      expect(row.status, name).toBe("failed");
      expect(row.error, name).toMatch(problem);
      expect(row.linesDone, name).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  });

  test("an import that fails half-way resumes where it stopped and credits each line once", async () => {
    const gina = await createUser(db);
    const live = await insertLiveRelease(db, gina.id, 2);
    const generated = await generateDsrReport({ outDir: dir, tracks: live.tracks.map((t) => ({ isrc: t.isrc, upc: live.upc })), day: "2026-10-07", stores: ["spotify", "deezer"], seed: 5, fileName: "resume.tsv" });
    const { report } = await registerReport(db, generated.path);
    await db.execute(sql.raw(`create function stop_at_forty() returns trigger language plpgsql as $$ begin if new.lines_done > 40 then raise exception 'simulated crash'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger stop_at_forty before update on royalty_reports for each row execute function stop_at_forty()`));
    try {
      await expect(importReport(report.id, { chunkLines: 20 })).rejects.toMatchObject({ cause: { message: "simulated crash" } });
    } finally {
      await db.execute(sql.raw(`drop trigger stop_at_forty on royalty_reports`));
      await db.execute(sql.raw(`drop function stop_at_forty()`));
    }
    expect((await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id)))[0]).toMatchObject({ status: "failed", linesDone: 40 });
    await importReport(report.id, { chunkLines: 20 });
    const [done] = await db.select().from(royaltyReports).where(eq(royaltyReports.id, report.id));
    expect(done).toMatchObject({ status: "complete", linesDone: generated.records, linesMatched: generated.lines, streams: generated.streams, grossMicros: generated.grossMicros });
    expect((await userBalances(db, gina.id)).availableMicros).toBe(done.creatorMicros);
  });
});
