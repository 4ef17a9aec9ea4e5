// Writes believable store usage reports for live releases, as our CSV (report-format.ts) or as a DDEX DSR
// flat file (dsr-format.ts): what the local stores of
// the distribution work send back, and what `npm run royalties:generate` writes for development and the
// import benchmark. Streams vary by track (some catch on, most do not), store, country, weekday and a slow
// trend, with noise; revenue follows each store's per-stream rate in that country. Seeded, so a report can
// be written again byte for byte. These are made-up figures for local stores only, never real earnings.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows, type Db } from "~/server/db.server";
import { DSR_MESSAGE_VERSION, DSR_PROFILE, DSR_PROFILE_VERSION } from "./dsr-format";
import { microsToDollars, REPORT_COLUMNS } from "./report-format";

export interface ReportTrack {
  isrc: string;
  upc: string;
}

/** Per-stream payout in the United States, micro-dollars; other countries scale it (TERRITORIES). */
export const STORE_RATES: Record<string, number> = {
  spotify: 3_500,
  apple_music: 7_000,
  amazon: 4_000,
  youtube_music: 1_200,
  deezer: 5_500,
  tidal: 11_000,
};

/** Share of listening and the payout scale of each country. */
const TERRITORIES: [code: string, audience: number, rate: number][] = [
  ["US", 1, 1],
  ["GB", 0.35, 0.9],
  ["DE", 0.3, 0.9],
  ["BR", 0.3, 0.35],
  ["MX", 0.25, 0.4],
  ["FR", 0.2, 0.85],
  ["CA", 0.15, 0.9],
  ["AU", 0.12, 0.9],
  ["JP", 0.12, 0.95],
  ["IN", 0.4, 0.12],
  ["SE", 0.06, 1],
  ["NL", 0.07, 0.95],
  ["ES", 0.12, 0.7],
  ["IT", 0.1, 0.7],
  ["PL", 0.06, 0.45],
  ["ID", 0.15, 0.15],
  ["PH", 0.1, 0.15],
  ["NG", 0.05, 0.1],
  ["ZA", 0.04, 0.3],
  ["KR", 0.05, 0.8],
];

/** Each store's share of listening. */
const STORE_AUDIENCE: Record<string, number> = { spotify: 1, apple_music: 0.45, amazon: 0.3, youtube_music: 0.6, deezer: 0.12, tidal: 0.05 };

/** mulberry32: a small seeded generator, so the same seed writes the same report. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day.setUTCDate(day.getUTCDate() + 1)) out.push(day.toISOString().slice(0, 10));
  return out;
}

export interface GenerateOptions {
  /** Folder the report goes into (created if missing). */
  outDir: string;
  tracks: ReportTrack[];
  /** First and last day of usage, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Stores in the report (default: all of STORE_RATES). A store sends its own; the bench mixes them. */
  stores?: string[];
  seed?: number;
  /** File name (default `<stores>_<from>_<to>.csv`). */
  fileName?: string;
  /** Stop after this many lines (the benchmark asks for an exact size). */
  maxLines?: number;
  /** Keep writing days after `to` until maxLines is reached. */
  fillToMaxLines?: boolean;
}

export interface GeneratedReport {
  path: string;
  lines: number;
  streams: number;
  grossMicros: number;
}

/** Writes the report to a temporary name and renames it, so an import never reads half a file. */
export async function generateRoyaltyReport(options: GenerateOptions): Promise<GeneratedReport> {
  if (options.tracks.length === 0) throw new Error("No tracks: a report needs at least one live release with ISRCs.");
  const stores = options.stores ?? Object.keys(STORE_RATES);
  const next = random(options.seed ?? 1);
  // How popular each track is: a long tail, a few hits.
  const popularity = options.tracks.map(() => Math.exp(next() * 5) * 4);
  const fileName = options.fileName ?? `${stores.length === 1 ? stores[0] : "stores"}_${options.from}_${options.to}.csv`;
  await mkdir(options.outDir, { recursive: true });
  const finalPath = path.join(options.outDir, fileName);
  const partial = `${finalPath}.partial`;
  const out = createWriteStream(partial);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`${REPORT_COLUMNS.join(",")}\n`);
  const result: GeneratedReport = { path: finalPath, lines: 0, streams: 0, grossMicros: 0 };
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  let dayList = days(options.from, options.to);
  for (let round = 0; result.lines < maxLines; round += 1) {
    for (const [dayIndex, day] of dayList.entries()) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      // Weekends listen more; a slow upward trend over the period.
      const dayFactor = (weekday === 0 || weekday === 6 ? 1.25 : 1) * (1 + (round * dayList.length + dayIndex) * 0.004);
      let buffer = "";
      for (const store of stores) {
        const rate = STORE_RATES[store] ?? 4_000;
        const storeAudience = STORE_AUDIENCE[store] ?? 0.1;
        for (const [code, audience, rateScale] of TERRITORIES) {
          for (const [trackIndex, track] of options.tracks.entries()) {
            if (result.lines >= maxLines) break;
            const expected = popularity[trackIndex] * storeAudience * audience * dayFactor * (0.6 + next() * 0.8);
            const count = Math.floor(expected);
            if (count === 0) continue;
            const grossMicros = Math.round(count * rate * rateScale * (0.9 + next() * 0.2));
            const usage = store === "youtube_music" ? "ugc" : "stream";
            buffer += `${store},${code},${track.isrc},${track.upc},${usage},${count},${microsToDollars(grossMicros)},${day}\n`;
            result.lines += 1;
            result.streams += count;
            result.grossMicros += grossMicros;
          }
        }
      }
      await write(buffer);
      if (result.lines >= maxLines) break;
    }
    if (!options.fillToMaxLines || !Number.isFinite(maxLines)) break;
    // The next round continues with the following days.
    const last = new Date(`${dayList[dayList.length - 1]}T00:00:00Z`);
    const start = new Date(last.getTime() + 86_400_000).toISOString().slice(0, 10);
    const end = new Date(last.getTime() + dayList.length * 86_400_000).toISOString().slice(0, 10);
    dayList = days(start, end);
  }
  out.end();
  await once(out, "finish");
  await rename(partial, finalPath);
  return result;
}

export interface GenerateDsrOptions {
  outDir: string;
  tracks: ReportTrack[];
  /** The day the report covers (its reporting period), YYYY-MM-DD. */
  day: string;
  stores?: string[];
  seed?: number;
  /** File name (default DSR_<sender>_Songloom_<day>.tsv, after DSR Part 1's naming). */
  fileName?: string;
  /** The sender in HEAD (default "Songloom local stores"). */
  sender?: string;
  /** Stop once the file has this many lines (HEAD and FOOT included); the benchmark asks for an exact size. */
  maxLines?: number;
}

/**
 * A DDEX DSR flat file (Basic Audio Profile) for one day: HEAD; one SY02 summary per store and country
 * (DistributionChannel = the store, its usages and the money owed for them in USD); one block per release
 * (RE01, an AS02 per track, then an SU02 per track and summary with its streams); FOOT with the counts.
 * Streams and money follow the same made-up model as the CSV. Summaries come first but hold the totals
 * of the lines after them, so the lines are drawn twice from the same seed: once to add up, once to write.
 * `lines` counts the usage (SU02) lines; `streams` and `grossMicros` are the report's totals.
 */
export async function generateDsrReport(options: GenerateDsrOptions): Promise<GeneratedReport & { records: number }> {
  if (options.tracks.length === 0) throw new Error("No tracks: a report needs at least one live release with ISRCs.");
  const stores = options.stores ?? Object.keys(STORE_RATES);
  const sender = options.sender ?? "Songloom local stores";
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  const byRelease = new Map<string, ReportTrack[]>();
  for (const track of options.tracks) byRelease.set(track.upc, [...(byRelease.get(track.upc) ?? []), track]);
  const summaries = stores.flatMap((store) => TERRITORIES.map(([code, audience, rateScale]) => ({ store, code, audience, rateScale, usages: 0, grossMicros: 0 })));
  const weekday = new Date(`${options.day}T00:00:00Z`).getUTCDay();
  const dayFactor = weekday === 0 || weekday === 6 ? 1.25 : 1;

  /** Every record after the summaries, in order, from the seed: the same sequence on both passes. */
  function* detail(): Generator<{ kind: "block"; cells: string[][] } | { kind: "usage"; summary: number; cells: string[]; count: number; grossMicros: number }> {
    const next = random(options.seed ?? 1);
    const popularity = options.tracks.map(() => Math.exp(next() * 5) * 4);
    let trackIndex = 0;
    let transaction = 0;
    for (const [blockIndex, [upc, tracks]] of [...byRelease].entries()) {
      const blockId = String(blockIndex + 1);
      yield { kind: "block", cells: [["RE01.03", blockId, "R1", upc, "", "", upc], ...tracks.map((track, index) => ["AS02.03", blockId, `T${index + 1}`, `${upc}-${index + 1}`, track.isrc, `Track ${index + 1}`])] };
      for (const [index] of tracks.entries()) {
        const trackPopularity = popularity[trackIndex++];
        for (const [summaryIndex, summary] of summaries.entries()) {
          const count = Math.floor(trackPopularity * (STORE_AUDIENCE[summary.store] ?? 0.1) * summary.audience * dayFactor * (0.6 + next() * 0.8));
          if (count === 0) continue;
          const grossMicros = Math.round(count * (STORE_RATES[summary.store] ?? 4_000) * summary.rateScale * (0.9 + next() * 0.2));
          transaction += 1;
          yield { kind: "usage", summary: summaryIndex, count, grossMicros, cells: ["SU02.03", blockId, String(summaryIndex + 1), String(transaction), "", `T${index + 1}`, "true", String(count)] };
        }
      }
    }
  }
  // First pass: what each summary adds up to and how many lines fit.
  const fixedLines = 1 + summaries.length + 1;
  let total = fixedLines;
  let blocks = 0;
  let usageLines = 0;
  for (const record of detail()) {
    const size = record.kind === "block" ? record.cells.length : 1;
    if (total + size > maxLines) break;
    total += size;
    if (record.kind === "block") blocks += 1;
    else {
      usageLines += 1;
      summaries[record.summary].usages += record.count;
      summaries[record.summary].grossMicros += record.grossMicros;
    }
  }
  await mkdir(options.outDir, { recursive: true });
  const finalPath = path.join(options.outDir, options.fileName ?? `DSR_${sender.replace(/[^A-Za-z0-9-]/g, "")}_Songloom_${options.day}.tsv`);
  const partial = `${finalPath}.partial`;
  const out = createWriteStream(partial);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const line = (cells: string[]) => `${cells.join("\t")}\n`;
  await write(line(["HEAD", DSR_MESSAGE_VERSION, DSR_PROFILE, DSR_PROFILE_VERSION, `${options.day}-${options.seed ?? 1}`, `${options.day}T23:59:59Z`, "1", "1", options.day, options.day, "PADPIDA0LOCALSTORES", sender, "Standard", "PADPIDA0SONGLOOM0DEV", "Songloom"]));
  let buffer = "";
  for (const [index, summary] of summaries.entries()) {
    const useType = summary.store === "youtube_music" ? "UserMadeClip" : "OnDemandStream";
    const model = summary.store === "youtube_music" ? "AdvertisementSupportedModel" : "SubscriptionModel";
    buffer += line(["SY02.03", String(index + 1), summary.store, "", model, useType, summary.code, "Standard", String(summary.usages), "", "USD", microsToDollars(summary.grossMicros)]);
  }
  await write(buffer);
  const result = { path: finalPath, lines: 0, streams: 0, grossMicros: summaries.reduce((sum, summary) => sum + summary.grossMicros, 0), records: total };
  // Second pass: the same records, written.
  let written = fixedLines;
  buffer = "";
  for (const record of detail()) {
    const size = record.kind === "block" ? record.cells.length : 1;
    if (written + size > maxLines) break;
    written += size;
    if (record.kind === "block") buffer += record.cells.map(line).join("");
    else {
      buffer += line(record.cells);
      result.lines += 1;
      result.streams += record.count;
    }
    if (buffer.length > 1 << 16) {
      await write(buffer);
      buffer = "";
    }
  }
  await write(buffer + line(["FOOT", String(total), String(total), String(summaries.length), String(blocks), String(blocks)]));
  out.end();
  await once(out, "finish");
  await rename(partial, finalPath);
  if (result.lines !== usageLines) throw new Error("DSR generator: the two passes disagree");
  return result;
}

/** The ISRC and UPC of every track on a live release (status 1). */
export async function liveReportTracks(database: Db): Promise<ReportTrack[]> {
  const rows = await rawRows<{ isrc: string; upc: string | null }>(
    database,
    sql`select rs.isrc, r.upc from release_songs rs join releases r on r.id = rs.release_id where r.status = 1 and rs.isrc is not null order by rs.isrc`,
  );
  return rows.map((row) => ({ isrc: row.isrc, upc: row.upc ?? "" }));
}
