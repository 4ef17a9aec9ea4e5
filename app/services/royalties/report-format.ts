// The store usage report Songloom reads (docs/money.md "Store reports"): a DSR-style flat file as CSV,
// one line per store, territory, track (ISRC; UPC for release-level sales), usage type and day.
//
//   store,territory,isrc,upc,usage_type,count,revenue,period
//   spotify,US,QZS7J2600001,1234567890128,stream,1843,6.451000,2026-11-02
//
// `revenue` is what the store owes for the line in US dollars (up to six decimals: a stream earns a
// fraction of a cent); `period` is the day the usage happened. Parsing is exact: money never passes
// through a float.
import type { RevenueStore } from "~/services/ledger";

export const REPORT_COLUMNS = ["store", "territory", "isrc", "upc", "usage_type", "count", "revenue", "period"] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];
export type ReportRecord = Record<ReportColumn, string>;

export const USAGE_TYPES = ["stream", "download", "ugc"] as const;

/** A report line read and checked; `problem` says why a line cannot be credited as it stands. */
export type ParsedLine =
  | { ok: true; store: string; territory: string; isrc: string; upc: string; usageType: string; count: number; grossMicros: number; day: string }
  | { ok: false; problem: string };

/** Store names as stores spell them ("Apple Music", "apple-music") become one id: apple_music. */
export function normalizeStore(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** The account pages' store families (spec 2 §3): every other store counts as "other". */
export function revenueStore(store: string): RevenueStore {
  if (store === "spotify") return "spotify";
  if (store.startsWith("apple") || store === "itunes") return "apple_music";
  if (store.startsWith("amazon")) return "amazon";
  if (store.startsWith("youtube")) return "youtube_ad";
  return "other";
}

/** ISRCs are printed with or without hyphens; stored as the 12 characters. */
export function normalizeIsrc(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const UPC = /^\d{12,13}$/;
const TERRITORY = /^[A-Z]{2}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOLLARS = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** "6.4510" dollars as 6_451_000 micro-dollars, exactly; null when it is not a plain non-negative amount. */
export function dollarsToMicros(value: string): number | null {
  const match = DOLLARS.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? "").padEnd(6, "0"));
}

/** 6_451_000 micro-dollars as "6.451000". */
export function microsToDollars(micros: number): string {
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, "0")}`;
}

export function isValidDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function parseLine(record: Partial<ReportRecord>): ParsedLine {
  const store = normalizeStore(record.store ?? "");
  if (!store) return { ok: false, problem: "store is empty" };
  const territory = (record.territory ?? "").trim().toUpperCase();
  if (!TERRITORY.test(territory)) return { ok: false, problem: "territory is not a two-letter country code" };
  const isrc = normalizeIsrc(record.isrc ?? "");
  if (isrc && !ISRC.test(isrc)) return { ok: false, problem: "isrc is not a 12-character ISRC" };
  const upc = (record.upc ?? "").trim();
  if (upc && !UPC.test(upc)) return { ok: false, problem: "upc is not 12 or 13 digits" };
  const usageType = (record.usage_type ?? "").trim().toLowerCase();
  if (!usageType) return { ok: false, problem: "usage_type is empty" };
  const countText = (record.count ?? "").trim();
  if (!/^\d{1,9}$/.test(countText)) return { ok: false, problem: "count is not a whole number" };
  const grossMicros = dollarsToMicros(record.revenue ?? "");
  if (grossMicros === null) return { ok: false, problem: "revenue is not an amount in dollars with up to six decimals" };
  const day = (record.period ?? "").trim();
  if (!isValidDay(day)) return { ok: false, problem: "period is not a day (YYYY-MM-DD)" };
  return { ok: true, store, territory, isrc, upc, usageType, count: Number(countText), grossMicros, day };
}
