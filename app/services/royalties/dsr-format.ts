// DDEX DSR flat files, Basic Audio Profile (docs/money.md "DSR flat files"; ADR 033): what Songloom reads
// from a store's sales/usage report and how the generator writes one.
//
// A DSR file is tab-separated records, one per line, each starting with its record type (versioned, as
// "SU02.03"): one HEAD, the summary records (SYxx: the sales context — distribution channel, commercial
// model, use type, territory, and the summary's usages and money), then blocks of detail records (RE01
// releases, AS01/AS02 resources, MW01 works, SU01/SU02 sales/usage lines that point at a summary and at a
// release or resource of their block), and one FOOT. Cells are plain text (no quoting); a cell with several
// values separates them with "|".
//
// The cells Songloom reads, by 1-based position (DSR Part 8), are in DSR_CELLS below; a store whose
// report differs is one table to adjust. Money: a streaming sales/usage line carries usages, not money; the
// summary carries the money owed for all its usages (NetRevenue, in its Currency). Each line gets its share
// of the summary's money in proportion to its usages, allocated cumulatively (the running total's share,
// rounded down, less what was already given) so the lines of a summary add up to its amount exactly and
// the same line always gets the same share, including when an import resumes.
import { dollarsToMicros, isValidDay, normalizeStore } from "./report-format";

export const DSR_PROFILE = "BasicAudioProfile";
/** Written in HEAD: architecture 1.1.2, allowed-value sets 6, record type definitions 1.0. */
export const DSR_MESSAGE_VERSION = "dsrf/1.1.2/6/1.0";
export const DSR_PROFILE_VERSION = "1.2";

/** Record types by their family (the part before the version dot). */
export type DsrFamily = "HEAD" | "SY" | "RE" | "AS" | "MW" | "SU" | "FOOT";

/** The cells Songloom reads (1-based, as DSR Part 8 numbers them) and the fewest cells each record must have. */
export const DSR_CELLS = {
  HEAD: { messageVersion: 2, profile: 3, profileVersion: 4, messageId: 5, created: 6, fileNumber: 7, numberOfFiles: 8, periodStart: 9, periodEnd: 10, senderPartyId: 11, senderName: 12, minCells: 12 },
  SY: { summaryRecordId: 2, distributionChannel: 3, commercialModel: 5, useType: 6, territory: 7, serviceDescription: 8, usages: 9, currency: 11, netRevenue: 12, minCells: 12 },
  RE: { blockId: 2, releaseReference: 3, icpn: 7, minCells: 7 },
  AS: { blockId: 2, resourceReference: 3, dspResourceId: 4, isrc: 5, minCells: 5 },
  SU: { blockId: 2, summaryRecordId: 3, salesTransactionId: 4, releaseReference: 5, resourceReference: 6, isRoyaltyBearing: 7, usages: 8, minCells: 8 },
  FOOT: { numberOfLinesInFile: 2, minCells: 2 },
} as const;

/** Record types that may appear and carry nothing Songloom credits (works, sub-releases). */
const CONTEXT_ONLY = new Set(["MW01", "RE02"]);

export function recordFamily(type: string): DsrFamily | null {
  const base = type.split(".")[0];
  if (base === "HEAD" || base === "FOOT") return base;
  if (/^SY0[1-5]$/.test(base)) return "SY";
  if (base === "RE01") return "RE";
  if (base === "AS01" || base === "AS02") return "AS";
  if (CONTEXT_ONLY.has(base)) return "MW";
  if (base === "SU01" || base === "SU02") return "SU";
  return null;
}

const cell = (cells: string[], position: number) => (cells[position - 1] ?? "").trim();

export interface DsrHead {
  messageId: string;
  /** The first day of the reporting period: the day the report's usage is dated on. */
  periodStart: string;
  periodEnd: string;
  senderName: string;
}

/** The HEAD record, or why the file is not a Basic Audio Profile DSR Songloom can read. */
export function parseHead(cells: string[]): DsrHead | { problem: string } {
  const c = DSR_CELLS.HEAD;
  if (cells[0] !== "HEAD") return { problem: "The file does not start with a HEAD record: it is not a DSR flat file." };
  if (cells.length < c.minCells) return { problem: `The HEAD record has ${cells.length} cells; at least ${c.minCells} are needed.` };
  if (!cell(cells, c.messageVersion).startsWith("dsrf/")) return { problem: `The HEAD record's MessageVersion "${cell(cells, c.messageVersion)}" is not a DSR flat-file version (dsrf/…).` };
  if (cell(cells, c.profile) !== DSR_PROFILE) return { problem: `The DSR profile is "${cell(cells, c.profile)}"; only the ${DSR_PROFILE} is read.` };
  const periodStart = cell(cells, c.periodStart);
  const periodEnd = cell(cells, c.periodEnd);
  if (!isValidDay(periodStart) || !isValidDay(periodEnd) || periodEnd < periodStart) return { problem: `The HEAD record's reporting period "${periodStart}"–"${periodEnd}" is not two days (YYYY-MM-DD) in order.` };
  return { messageId: cell(cells, c.messageId), periodStart, periodEnd, senderName: cell(cells, c.senderName) };
}

export interface DsrSummary {
  store: string;
  territory: string;
  usageType: string;
  currency: string;
  /** The summary's money in micro-units of its currency, or null when the cell is not an amount. */
  netMicros: number | null;
  usages: number | null;
  /** Usages and money already given to its lines (cumulative allocation). */
  seenUsages: number;
  allocatedMicros: number;
}

/** DSR UseType values (allowed-value sets) as Songloom's usage types. */
export function usageTypeFor(useType: string): string {
  const value = useType.trim();
  if (/download/i.test(value)) return "download";
  if (/stream|webcast/i.test(value)) return "stream";
  if (/usermade|ugc/i.test(value)) return "ugc";
  return value.toLowerCase();
}

export function parseSummary(cells: string[], senderName: string): { id: string; summary: DsrSummary } | { problem: string } {
  const c = DSR_CELLS.SY;
  if (cells.length < c.minCells) return { problem: `${cells[0]} has ${cells.length} cells; at least ${c.minCells} are needed` };
  const id = cell(cells, c.summaryRecordId);
  if (!id) return { problem: `${cells[0]} has no SummaryRecordId` };
  const usagesText = cell(cells, c.usages);
  return {
    id,
    summary: {
      store: normalizeStore(cell(cells, c.distributionChannel) || senderName),
      territory: cell(cells, c.territory).toUpperCase(),
      usageType: usageTypeFor(cell(cells, c.useType)),
      currency: cell(cells, c.currency).toUpperCase(),
      netMicros: dollarsToMicros(cell(cells, c.netRevenue)),
      usages: /^\d{1,12}$/.test(usagesText) ? Number(usagesText) : null,
      seenUsages: 0,
      allocatedMicros: 0,
    },
  };
}

/**
 * The share of `summary`'s money for a line of `usages`, cumulatively: the running total's share rounded
 * down, less what earlier lines got, never past the summary's amount. Advances the summary. BigInt: the
 * product of an amount in micros and a count of usages passes 2^53.
 */
export function allocate(summary: DsrSummary, usages: number): number {
  if (summary.netMicros === null || !summary.usages) return 0;
  summary.seenUsages = Math.min(summary.usages, summary.seenUsages + usages);
  const due = Number((BigInt(summary.netMicros) * BigInt(summary.seenUsages)) / BigInt(summary.usages));
  const share = Math.max(0, due - summary.allocatedMicros);
  summary.allocatedMicros += share;
  return share;
}

/** The first of a cell's "|"-separated values. */
export const firstValue = (value: string) => value.split("|")[0].trim();

