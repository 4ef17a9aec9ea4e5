// Release and track identifiers (issue 18 §2): a UPC (GS1 EAN-13) per release and an ISRC per track.
// Both come from counters in PostgreSQL (distribution_counters): the upsert that takes the next number
// locks the counter's row until the transaction ends, so two approvals at once get different numbers, and
// a number is never handed out twice. A release that already has its identifiers keeps them (a
// resubmission, a redelivery, a takedown).
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { distributionCounters } from "../../../drizzle/schema/distribution";
import { releases, releaseSongs } from "../../../drizzle/schema/releases";
import type { Db, Tx } from "~/server/db.server";

/**
 * The GS1 check digit of the first 12 digits of an EAN-13: weights 1 and 3 alternate from the left
 * (3 on the even positions), and the check digit brings the sum to a multiple of 10.
 */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d{12}$/.test(digits)) throw new Error("A GS1 check digit is computed over 12 digits");
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a 13-digit EAN-13 whose last digit is its GS1 check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && gs1CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The EAN-13 of item reference `item` under GS1 company prefix `prefix` (6–11 digits). */
export function makeUpc(prefix: string, item: number): string {
  if (!/^\d{6,11}$/.test(prefix)) throw new Error("A GS1 company prefix has 6 to 11 digits");
  const width = 12 - prefix.length;
  if (!Number.isInteger(item) || item < 0 || item >= 10 ** width) {
    throw new Error(`The GS1 company prefix ${prefix} has room for ${10 ** width} item references; number ${item} does not fit`);
  }
  const body = prefix + String(item).padStart(width, "0");
  return body + String(gs1CheckDigit(body));
}

/** The 12-character ISRC (as DDEX and stores write it): country, registrant, two-digit year, designation. */
export function makeIsrc(registrant: string, year: number, designation: number): string {
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(registrant)) throw new Error("An ISRC registrant is a country code and three letters or digits");
  if (!Number.isInteger(designation) || designation < 1 || designation > 99_999) {
    throw new Error(`An ISRC year has 99999 designation codes; number ${designation} does not fit`);
  }
  return `${registrant}${String(year % 100).padStart(2, "0")}${String(designation).padStart(5, "0")}`;
}

export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

/** An ISRC as people read it: CC-XXX-YY-NNNNN. */
export function formatIsrc(isrc: string): string {
  if (!ISRC_PATTERN.test(isrc)) throw new Error(`Not an ISRC: ${isrc}`);
  return `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
}

/** The next number of `series` (1, 2, 3…), taken inside the caller's transaction. */
export async function nextInSeries(database: Db | Tx, series: string): Promise<number> {
  const [row] = await database
    .insert(distributionCounters)
    .values({ series, value: 1 })
    .onConflictDoUpdate({ target: distributionCounters.series, set: { value: sql`${distributionCounters.value} + 1` } })
    .returning({ value: distributionCounters.value });
  return Number(row.value);
}

export interface IdentifierSettings {
  upcPrefix: string;
  isrcRegistrant: string;
  /** When the ISRCs are assigned: their year. */
  now?: Date;
}

/**
 * Gives the release a UPC and each of its tracks an ISRC, where they have none yet. Returns the release's
 * UPC. Only rows still without one are written, so a concurrent call cannot overwrite an identifier.
 */
export async function assignIdentifiers(tx: Db | Tx, releaseId: string, settings: IdentifierSettings): Promise<string> {
  // The row lock keeps two deliveries of the same release from both numbering it.
  const [release] = await tx.select({ upc: releases.upc }).from(releases).where(eq(releases.id, releaseId)).for("update");
  if (!release) throw new Error(`Release ${releaseId} not found`);
  let upc = release.upc;
  if (!upc) {
    upc = makeUpc(settings.upcPrefix, await nextInSeries(tx, "upc"));
    await tx.update(releases).set({ upc }).where(and(eq(releases.id, releaseId), isNull(releases.upc)));
  }
  const tracks = await tx
    .select({ songId: releaseSongs.songId, isrc: releaseSongs.isrc })
    .from(releaseSongs)
    .where(eq(releaseSongs.releaseId, releaseId))
    .orderBy(asc(releaseSongs.position));
  const year = (settings.now ?? new Date()).getUTCFullYear() % 100;
  for (const track of tracks) {
    if (track.isrc) continue;
    const isrc = makeIsrc(settings.isrcRegistrant, year, await nextInSeries(tx, `isrc:${String(year).padStart(2, "0")}`));
    await tx
      .update(releaseSongs)
      .set({ isrc })
      .where(and(eq(releaseSongs.releaseId, releaseId), eq(releaseSongs.songId, track.songId), isNull(releaseSongs.isrc)));
  }
  return upc;
}
