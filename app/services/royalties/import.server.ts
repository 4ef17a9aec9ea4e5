// Store report import (spec 3 §7 "Royalties"; docs/money.md "Royalties"). A report is registered once per
// content hash, then read as a stream with csv-parse and committed in chunks of CHUNK_LINES lines. Each
// chunk's transaction writes, together: the per song/store/territory/day rollup (royalty_streams), the
// account pages' daily and monthly rollups, the lines that matched nothing (held), one ledger entry per user
// (store receivables → the creator's share and Songloom's rest) plus one for the held money, and the
// report's progress. So a crash loses at most the chunk in flight, a resumed import skips what is done,
// and importing a complete report again changes nothing. Memory stays flat: one chunk at a time.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse";
import { and, eq, inArray, sql } from "drizzle-orm";
import { royaltyReports, type RoyaltyReport } from "#drizzle/schema/royalties";
import { env } from "~/server/env.server";
import { db, rawRows, type Db, type Tx } from "~/server/db.server";
import { addStreamRollups, CREATOR_SHARE_BASIS_POINTS, PLATFORM_REVENUE, postEntry, ROYALTIES_UNMATCHED, storeReceivables, userBalanceAccount, type EntryLine } from "~/services/ledger";
import { parseLine, REPORT_COLUMNS, revenueStore, type ParsedLine, type ReportRecord } from "./report-format";
import { emitRoyaltiesImported } from "../webhooks/emit.server";

export const CHUNK_LINES = 25_000;

/** The creator's share in basis points, from ROYALTY_CREATOR_SHARE_PERCENT (80 % unless configured). */
export function creatorShareBasisPoints(): number {
  return CREATOR_SHARE_BASIS_POINTS;
}

export function royaltyReportsDir(): string {
  return env.ROYALTY_REPORTS_DIR ? path.resolve(env.ROYALTY_REPORTS_DIR) : path.join(env.DATA_DIR, "royalty-reports");
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Registers a report file (pending); the same bytes registered again, under any name, are the same report. */
export async function registerReport(database: Db, file: string): Promise<{ report: RoyaltyReport; created: boolean }> {
  const absolute = path.resolve(file);
  const sha256 = await fileSha256(absolute);
  const fileName = path.basename(absolute);
  const inserted = await database
    .insert(royaltyReports)
    .values({ sha256, fileName, path: absolute, account: fileName.split("_")[0] || null })
    .onConflictDoNothing({ target: royaltyReports.sha256 })
    .returning();
  if (inserted[0]) return { report: inserted[0], created: true };
  const [existing] = await database.select().from(royaltyReports).where(eq(royaltyReports.sha256, sha256));
  return { report: existing, created: false };
}

/** Registers every .csv under the reports folder (the stores' drop-off); returns how many were new. */
export async function scanReportInbox(database: Db, dir = royaltyReportsDir()): Promise<{ found: number; registered: number }> {
  let entries: string[];
  try {
    entries = (await readdir(dir, { recursive: true })).map(String);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { found: 0, registered: 0 };
    throw error;
  }
  let found = 0;
  let registered = 0;
  // Files already registered under their path are not hashed again (reports can be large): a file
  // replaced in place is caught by the import, which checks the hash before reading.
  const known = new Set((await database.select({ path: royaltyReports.path }).from(royaltyReports)).map((row) => row.path));
  for (const entry of entries.filter((name) => name.endsWith(".csv")).sort()) {
    const file = path.resolve(dir, entry);
    if (!(await stat(file)).isFile()) continue;
    found += 1;
    if (known.has(file)) continue;
    if ((await registerReport(database, file)).created) registered += 1;
  }
  return { found, registered };
}

export interface Track {
  songId: string;
  userId: string;
  isrc: string;
  upc: string;
}

/** What a report line can be matched to: every track of a live release, by ISRC and by UPC. */
async function loadCatalogue(database: Db | Tx): Promise<{ byIsrc: Map<string, Track>; byUpc: Map<string, Track[]> }> {
  const rows = await rawRows<{ song_id: string; user_id: string; isrc: string | null; upc: string | null }>(
    database,
    sql`select rs.song_id, r.user_id, rs.isrc, r.upc from release_songs rs join releases r on r.id = rs.release_id where r.status = 1 order by r.id, rs.position`,
  );
  const byIsrc = new Map<string, Track>();
  const byUpc = new Map<string, Track[]>();
  for (const row of rows) {
    const track = { songId: row.song_id, userId: row.user_id, isrc: row.isrc ?? "", upc: row.upc ?? "" };
    if (track.isrc) byIsrc.set(track.isrc, track);
    if (track.upc) byUpc.set(track.upc, [...(byUpc.get(track.upc) ?? []), track]);
  }
  return { byIsrc, byUpc };
}

/** A matched share of a line: a track, its streams and money. */
export interface Credit {
  track: Track;
  store: string;
  territory: string;
  day: string;
  streams: number;
  grossMicros: number;
  creatorMicros: number;
}

export type Parsed = Extract<ParsedLine, { ok: true }>;

function split(total: number, parts: number, index: number): number {
  return Math.floor(total / parts) + (index < total % parts ? 1 : 0);
}

/** The tracks a line is for: its ISRC's track, or a release-level line's (UPC, no ISRC) whole release. */
export function matchTracks(line: Parsed, catalogue: { byIsrc: Map<string, Track>; byUpc: Map<string, Track[]> }): Track[] | string {
  if (line.isrc) return catalogue.byIsrc.has(line.isrc) ? [catalogue.byIsrc.get(line.isrc)!] : `no live track has ISRC ${line.isrc}`;
  if (line.upc) return catalogue.byUpc.get(line.upc) ?? `no live release has UPC ${line.upc}`;
  return "the line has neither an ISRC nor a UPC";
}

/** A line's streams and money shared equally among its tracks (the remainder to the first ones). */
export function creditsFor(line: Parsed, tracks: Track[], shareBasisPoints: number): Credit[] {
  return tracks.map((track, index) => {
    const grossMicros = split(line.grossMicros, tracks.length, index);
    return {
      track,
      store: line.store,
      territory: line.territory,
      day: line.day,
      streams: split(line.count, tracks.length, index),
      grossMicros,
      // The creator's share rounds down to the micro-dollar; Songloom keeps the remainder.
      creatorMicros: Math.floor((grossMicros * shareBasisPoints) / 10_000),
    };
  });
}

interface HeldRow {
  lineNo: number;
  store: string;
  territory: string;
  isrc: string;
  upc: string;
  usageType: string;
  raw: string;
  streams: number;
  grossMicros: number;
  day: string | null;
  reason: string;
}

/** One chunk's worth of work, summed before it is written. */
class Chunk {
  readonly streams = new Map<string, { songId: string; userId: string; isrc: string; upc: string; store: string; territory: string; day: string; streams: number; grossMicros: number; creatorMicros: number }>();
  readonly daily = new Map<string, { userId: string; songId: string; store: string; day: string; streams: number; revenueMicros: number }>();
  /** Per user: gross per store, and the creator's total. */
  readonly users = new Map<string, { gross: Map<string, number>; creatorMicros: number }>();
  readonly heldGross = new Map<string, number>();
  readonly held: HeldRow[] = [];
  lines = 0;
  matched = 0;
  totalStreams = 0;
  grossMicros = 0;
  creatorMicros = 0;
  heldMicros = 0;
  firstDay: string | null = null;
  lastDay: string | null = null;

  addDay(day: string) {
    if (!this.firstDay || day < this.firstDay) this.firstDay = day;
    if (!this.lastDay || day > this.lastDay) this.lastDay = day;
  }

  addCredit(credit: Credit) {
    const key = `${credit.track.songId}|${credit.store}|${credit.territory}|${credit.day}`;
    const row = this.streams.get(key);
    if (row) {
      row.streams += credit.streams;
      row.grossMicros += credit.grossMicros;
      row.creatorMicros += credit.creatorMicros;
    } else {
      const { songId, userId, isrc, upc } = credit.track;
      this.streams.set(key, { songId, userId, isrc, upc, store: credit.store, territory: credit.territory, day: credit.day, streams: credit.streams, grossMicros: credit.grossMicros, creatorMicros: credit.creatorMicros });
    }
    const family = revenueStore(credit.store);
    const dailyKey = `${credit.track.userId}|${credit.track.songId}|${family}|${credit.day}`;
    const daily = this.daily.get(dailyKey);
    if (daily) {
      daily.streams += credit.streams;
      daily.revenueMicros += credit.creatorMicros;
    } else {
      this.daily.set(dailyKey, { userId: credit.track.userId, songId: credit.track.songId, store: family, day: credit.day, streams: credit.streams, revenueMicros: credit.creatorMicros });
    }
    let user = this.users.get(credit.track.userId);
    if (!user) this.users.set(credit.track.userId, (user = { gross: new Map(), creatorMicros: 0 }));
    user.gross.set(credit.store, (user.gross.get(credit.store) ?? 0) + credit.grossMicros);
    user.creatorMicros += credit.creatorMicros;
    this.totalStreams += credit.streams;
    this.grossMicros += credit.grossMicros;
    this.creatorMicros += credit.creatorMicros;
  }

  addHeld(row: HeldRow) {
    this.held.push(row);
    if (row.grossMicros > 0) this.heldGross.set(row.store, (this.heldGross.get(row.store) ?? 0) + row.grossMicros);
    this.heldMicros += row.grossMicros;
    this.grossMicros += row.grossMicros;
  }
}

export interface ImportSummary {
  reportId: string;
  /** Nothing was done: the report had been imported completely before. */
  alreadyComplete: boolean;
  /** credit: false only reads and matches; nothing is written. */
  dryRun: boolean;
  lines: number;
  matched: number;
  held: number;
  streams: number;
  grossMicros: number;
  creatorMicros: number;
  heldMicros: number;
}

export class ReportImportError extends Error {}

/** Writes one chunk and the report's progress, or nothing if another worker has moved the report on. */
async function commitChunk(tx: Tx, reportId: string, startLine: number, chunk: Chunk, accountIds: Map<string, string>): Promise<void> {
  const [report] = await rawRows<{ lines_done: number }>(tx, sql`select lines_done from royalty_reports where id = ${reportId} for update`);
  if (!report || report.lines_done !== startLine) throw new ReportImportError(`report ${reportId} moved on elsewhere (at line ${report?.lines_done}, expected ${startLine})`);
  if (chunk.streams.size > 0) {
    // One statement per rollup: the rows travel as one JSON parameter (no parameter-count limit).
    await tx.execute(sql`
      insert into royalty_streams (song_id, user_id, isrc, upc, store, territory, day, streams, gross_micros, creator_micros)
      select song_id, user_id, isrc, upc, store, territory, day, streams, gross_micros, creator_micros
      from json_to_recordset(${JSON.stringify([...chunk.streams.values()].map((r) => ({ song_id: r.songId, user_id: r.userId, isrc: r.isrc, upc: r.upc, store: r.store, territory: r.territory, day: r.day, streams: r.streams, gross_micros: r.grossMicros, creator_micros: r.creatorMicros })))}::json)
        as x(song_id text, user_id text, isrc text, upc text, store text, territory text, day date, streams bigint, gross_micros bigint, creator_micros bigint)
      on conflict (day, song_id, store, territory) do update set
        streams = royalty_streams.streams + excluded.streams,
        gross_micros = royalty_streams.gross_micros + excluded.gross_micros,
        creator_micros = royalty_streams.creator_micros + excluded.creator_micros`);
    await addStreamRollups(tx, [...chunk.daily.values()]);
  }
  if (chunk.held.length > 0) {
    await tx.execute(sql`
      insert into royalty_held_lines (id, report_id, line_no, store, territory, isrc, upc, usage_type, raw, streams, gross_micros, day, reason)
      select md5(${reportId} || ':' || line_no), ${reportId}, line_no, store, territory, isrc, upc, usage_type, raw, streams, gross_micros, day, reason
      from json_to_recordset(${JSON.stringify(chunk.held.map((h) => ({ line_no: h.lineNo, store: h.store, territory: h.territory, isrc: h.isrc, upc: h.upc, usage_type: h.usageType, raw: h.raw, streams: h.streams, gross_micros: h.grossMicros, day: h.day, reason: h.reason })))}::json)
        as x(line_no integer, store text, territory text, isrc text, upc text, usage_type text, raw text, streams integer, gross_micros bigint, day date, reason text)
      on conflict (report_id, line_no) do nothing`);
  }
  for (const [userId, user] of chunk.users) {
    const gross = [...user.gross.values()].reduce((sum, value) => sum + value, 0);
    const lines: EntryLine[] = [...user.gross].map(([store, amount]) => ({ account: storeReceivables(store), amountMicros: amount }));
    lines.push({ account: userBalanceAccount(userId), amountMicros: -user.creatorMicros }, { account: PLATFORM_REVENUE, amountMicros: -(gross - user.creatorMicros) });
    if (gross === 0) continue;
    await postEntry(tx, { reference: `royalty:${reportId}:${startLine}:${userId}`, description: `Royalties: store report lines ${startLine + 1}–${startLine + chunk.lines}`, category: "royalty", userId, lines }, accountIds);
  }
  if (chunk.heldMicros > 0) {
    const lines: EntryLine[] = [...chunk.heldGross].map(([store, amount]) => ({ account: storeReceivables(store), amountMicros: amount }));
    lines.push({ account: ROYALTIES_UNMATCHED, amountMicros: -chunk.heldMicros });
    await postEntry(tx, { reference: `royalty:${reportId}:${startLine}:unmatched`, description: `Unmatched royalties held: store report lines ${startLine + 1}–${startLine + chunk.lines}`, category: "royalty", lines }, accountIds);
  }
  await tx.execute(sql`
    update royalty_reports set
      lines_done = lines_done + ${chunk.lines},
      lines_matched = lines_matched + ${chunk.matched},
      lines_held = lines_held + ${chunk.held.length},
      streams = streams + ${chunk.totalStreams},
      gross_micros = gross_micros + ${chunk.grossMicros},
      creator_micros = creator_micros + ${chunk.creatorMicros},
      held_micros = held_micros + ${chunk.heldMicros},
      first_day = least(first_day, ${chunk.firstDay}::date),
      last_day = greatest(last_day, ${chunk.lastDay}::date),
      updated_at = now()
    where id = ${reportId}`);
}

/**
 * Imports a registered report (the royalties.import job, and staff's process call). `credit: false` reads
 * and matches the whole file and returns what it would do, writing nothing. `chunkLines` trades memory
 * and lost work on a crash against commits (CHUNK_LINES by default).
 */
export async function importReport(reportId: string, options: { credit?: boolean; database?: Db; chunkLines?: number } = {}): Promise<ImportSummary> {
  const chunkLines = options.chunkLines ?? CHUNK_LINES;
  const database = options.database ?? db;
  const dryRun = options.credit === false;
  const [report] = await database.select().from(royaltyReports).where(eq(royaltyReports.id, reportId));
  if (!report) throw new ReportImportError(`No royalty report ${reportId}.`);
  const summary: ImportSummary = { reportId, alreadyComplete: false, dryRun, lines: 0, matched: 0, held: 0, streams: 0, grossMicros: 0, creatorMicros: 0, heldMicros: 0 };
  if (report.status === "complete") return { ...summary, alreadyComplete: true, lines: report.linesDone, matched: report.linesMatched, held: report.linesHeld, streams: report.streams, grossMicros: report.grossMicros, creatorMicros: report.creatorMicros, heldMicros: report.heldMicros };
  // A file that is gone or changed is the report's failure, shown to staff on /admin/royalties.
  const refuse = async (message: string): Promise<never> => {
    if (!dryRun) await database.update(royaltyReports).set({ status: "failed", error: message }).where(eq(royaltyReports.id, reportId));
    throw new ReportImportError(message);
  };
  const sha = await fileSha256(report.path).catch((error: NodeJS.ErrnoException) => refuse(`The report file ${report.path} cannot be read (${error.code ?? error.message}).`));
  if (sha !== report.sha256) await refuse(`The report file ${report.path} changed since it was registered; register the new file as a new report.`);
  if (!dryRun) await database.update(royaltyReports).set({ status: "processing", error: null }).where(and(eq(royaltyReports.id, reportId), inArray(royaltyReports.status, ["pending", "processing", "failed"])));

  const shareBasisPoints = creatorShareBasisPoints();
  const catalogue = await loadCatalogue(database);
  const accountIds = new Map<string, string>();
  const skip = dryRun ? 0 : report.linesDone;
  const parser = createReadStream(report.path).pipe(
    parse({
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        const missing = REPORT_COLUMNS.filter((column) => !names.includes(column));
        if (missing.length > 0) throw new ReportImportError(`The report lacks the column(s) ${missing.join(", ")}.`);
        return names;
      },
      skip_empty_lines: true,
      // A short or long line is held as unreadable rather than stopping the whole report.
      relax_column_count: true,
      relax_quotes: true,
    }),
  );
  let lineNo = 0;
  let chunk = new Chunk();
  let chunkStart = skip;
  // One chunk commits while the next is read: the database and the parser work at the same time, and
  // at most two chunks are in memory. Chunks still commit in order (each waits for the one before).
  let inFlight: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const flush = async () => {
    await inFlight;
    if (failure) throw failure;
    if (chunk.lines === 0) return;
    const current = chunk;
    const start = chunkStart;
    chunkStart += current.lines;
    chunk = new Chunk();
    const committed = dryRun ? Promise.resolve() : database.transaction((tx) => commitChunk(tx, reportId, start, current, accountIds));
    inFlight = committed.then(
      () => {
        summary.lines += current.lines;
        summary.matched += current.matched;
        summary.held += current.held.length;
        summary.streams += current.totalStreams;
        summary.grossMicros += current.grossMicros;
        summary.creatorMicros += current.creatorMicros;
        summary.heldMicros += current.heldMicros;
      },
      (error: unknown) => {
        failure = error;
      },
    );
  };
  try {
    for await (const record of parser as AsyncIterable<Partial<ReportRecord>>) {
      lineNo += 1;
      if (lineNo <= skip) continue;
      chunk.lines += 1;
      const line = parseLine(record);
      if (!line.ok) {
        const fields = { store: String(record.store ?? "").slice(0, 100), territory: String(record.territory ?? "").slice(0, 10), isrc: String(record.isrc ?? "").slice(0, 20), upc: String(record.upc ?? "").slice(0, 20), usageType: String(record.usage_type ?? "").slice(0, 40) };
        chunk.addHeld({ lineNo, ...fields, raw: REPORT_COLUMNS.map((column) => String(record[column] ?? "")).join(",").slice(0, 500), streams: 0, grossMicros: 0, day: null, reason: `unreadable: ${line.problem}` });
      } else {
        chunk.addDay(line.day);
        const matched = matchTracks(line, catalogue);
        if (typeof matched === "string") {
          chunk.addHeld({ lineNo, store: line.store, territory: line.territory, isrc: line.isrc, upc: line.upc, usageType: line.usageType, raw: "", streams: line.count, grossMicros: line.grossMicros, day: line.day, reason: matched });
        } else {
          chunk.matched += 1;
          for (const credit of creditsFor(line, matched, shareBasisPoints)) chunk.addCredit(credit);
        }
      }
      if (chunk.lines >= chunkLines) await flush();
    }
    await flush();
    // Waits for the last chunk's commit (and reports its failure).
    await flush();
  } catch (error) {
    await inFlight;
    if (!dryRun) await database.update(royaltyReports).set({ status: "failed", error: (error as Error).message.slice(0, 500) }).where(eq(royaltyReports.id, reportId));
    throw error;
  }
  if (!dryRun) {
    await database.transaction(async (tx) => {
      const [completed] = await tx
        .update(royaltyReports)
        .set({ status: "complete", completedAt: new Date() })
        .where(and(eq(royaltyReports.id, reportId), sql`${royaltyReports.status} <> 'complete'`))
        .returning({ firstDay: royaltyReports.firstDay, lastDay: royaltyReports.lastDay });
      if (completed) await announceCredits(tx, reportId, completed);
    });
  }
  return summary;
}

/**
 * The royalties.imported webhook event of every user the report credited, with what the ledger holds for
 * them from it (every chunk's entry, a resumed import's earlier chunks too).
 */
async function announceCredits(tx: Tx, reportId: string, period: { firstDay: string | null; lastDay: string | null }): Promise<void> {
  const credits = await rawRows<{ user_id: string; credited: number | string }>(
    tx,
    sql`select e.user_id, -sum(l.amount_micros) as credited
        from journal_entries e
        join journal_lines l on l.entry_id = e.id
        join ledger_accounts a on a.id = l.account_id and a.kind = 'user_balance' and a.user_id = e.user_id
        where e.reference like ${`royalty:${reportId}:%`} and e.user_id is not null
        group by e.user_id`,
  );
  for (const credit of credits) {
    await emitRoyaltiesImported(tx, { reportId, userId: credit.user_id, periodStart: period.firstDay, periodEnd: period.lastDay, creditedMicros: Number(credit.credited) });
  }
}
