// LOCAL STORES' USAGE REPORTS, for development and tests (issue 19 §4; docs/money.md "Where reports come
// from"). Real stores send usage reports for what they sell; the local stores stand in for them, so they
// send made-up ones: one report per live release per day of use, written with the royalties generator
// into ROYALTY_REPORTS_DIR/local-stores/ and registered, so it shows as pending on /admin/royalties for
// staff to approve and import. Never with real stores: nothing here runs unless the local stores do.
import { createHash } from "node:crypto";
import { access } from "node:fs/promises";
import path from "node:path";
import { db, type Db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { generateDsrReport, generateRoyaltyReport, liveReportTracks, registerReport, royaltyReportsDir, type ReportTrack } from "~/services/royalties";
import { usingLocalStores } from "./config.server";

/** The report account (registerReport takes it from the file name's first part) and the folder. */
export const LOCAL_REPORTS_ACCOUNT = "local-stores";

/** csv: our own format; dsr: a DDEX DSR flat file, as real stores send (LOCAL_STORES_REPORT_FORMAT). */
export type LocalReportFormat = "csv" | "dsr";

export function localReportFile(day: string, upc: string, dir = royaltyReportsDir(), format: LocalReportFormat = env.LOCAL_STORES_REPORT_FORMAT): string {
  // A DSR is named as DSR Part 1 names them (DSR_<sender>_<recipient>_…), so its account is the sender.
  const name = format === "dsr" ? `DSR_${LOCAL_REPORTS_ACCOUNT}_Songloom_${day}_${upc}.tsv` : `${LOCAL_REPORTS_ACCOUNT}_${day}_${upc}.csv`;
  return path.join(dir, LOCAL_REPORTS_ACCOUNT, name);
}

/** A seed from the release and day: the same day's report of a release is the same bytes whenever written. */
function seedFor(upc: string, day: string): number {
  return createHash("sha256").update(`${upc}:${day}`).digest().readUInt32BE(0);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export interface LocalReportsResult {
  /** Reports written by this call (a release whose report for the day exists is skipped). */
  written: string[];
  skipped: number;
}

/**
 * Writes `day`'s usage report for every live release that has none for that day yet, and registers it
 * (pending). A report exists once its final file does (the generator renames a finished file into place),
 * so running this again for the same day writes nothing. Does nothing unless the local stores are in use.
 */
export async function writeLocalStoreReports(day: string, options: { database?: Db; dir?: string; format?: LocalReportFormat } = {}): Promise<LocalReportsResult> {
  const format = options.format ?? env.LOCAL_STORES_REPORT_FORMAT;
  const result: LocalReportsResult = { written: [], skipped: 0 };
  if (!usingLocalStores()) return result;
  const database = options.database ?? db;
  const byRelease = new Map<string, ReportTrack[]>();
  for (const track of await liveReportTracks(database)) {
    if (!track.upc) continue;
    byRelease.set(track.upc, [...(byRelease.get(track.upc) ?? []), track]);
  }
  for (const [upc, tracks] of byRelease) {
    const file = localReportFile(day, upc, options.dir, format);
    if (await exists(file)) {
      result.skipped += 1;
      continue;
    }
    if (format === "dsr") await generateDsrReport({ outDir: path.dirname(file), fileName: path.basename(file), tracks, day, seed: seedFor(upc, day), sender: "Songloom local stores" });
    else await generateRoyaltyReport({ outDir: path.dirname(file), fileName: path.basename(file), tracks, from: day, to: day, seed: seedFor(upc, day) });
    await registerReport(database, file);
    result.written.push(file);
  }
  return result;
}
