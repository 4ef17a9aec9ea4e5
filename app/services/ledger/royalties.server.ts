// Where a single royalty enters the books (the store-report import, app/services/royalties, posts the
// same shape per chunk and user): the store owes Songloom the gross
// (store_receivables), the creator's share becomes their balance and the rest Songloom's revenue.
// Micro-dollars throughout: a stream earns a fraction of a cent, and rounding happens only at withdrawal.
import type { Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
import { PLATFORM_REVENUE, storeReceivables, userBalanceAccount } from "./accounts.server";
import { postEntry } from "./post.server";
import { addStreamRollups } from "./rollups.server";

/** The creator's share of royalties, in basis points (ROYALTY_CREATOR_SHARE_PERCENT, 80 % unless set); the rest is Songloom's. */
export const CREATOR_SHARE_BASIS_POINTS = Math.round(env.ROYALTY_CREATOR_SHARE_PERCENT * 100);

export const REVENUE_STORES = ["amazon", "youtube_ad", "spotify", "apple_music", "other"] as const;
export type RevenueStore = (typeof REVENUE_STORES)[number];

export interface RoyaltyCredit {
  /** Unique per report line, e.g. "royalty:<reportId>:<line>": importing the same line again does nothing. */
  reference: string;
  userId: string;
  songId: string;
  store: RevenueStore;
  /** The day the streams happened, YYYY-MM-DD. */
  day: string;
  streams: number;
  /** What the store pays for these streams, micro-dollars. */
  grossMicros: number;
  creatorShareBasisPoints?: number;
}

/** Credits one royalty; false when its reference was already posted (then the rollup is untouched too). */
export async function postRoyaltyCredit(tx: Tx, credit: RoyaltyCredit): Promise<boolean> {
  if (!Number.isSafeInteger(credit.grossMicros) || credit.grossMicros < 0) throw new Error(`royalty ${credit.reference}: gross must be whole micro-dollars >= 0`);
  const share = credit.creatorShareBasisPoints ?? CREATOR_SHARE_BASIS_POINTS;
  // The creator's share rounds down to the micro-dollar; Songloom keeps the sub-micro remainder.
  const creatorMicros = Math.floor((credit.grossMicros * share) / 10_000);
  const platformMicros = credit.grossMicros - creatorMicros;
  let posted = true;
  if (credit.grossMicros > 0) {
    const result = await postEntry(tx, {
      reference: credit.reference,
      description: `Royalties: ${credit.streams} streams on ${credit.store}, ${credit.day}`,
      category: "royalty",
      userId: credit.userId,
      lines: [
        { account: storeReceivables(credit.store), amountMicros: credit.grossMicros },
        { account: userBalanceAccount(credit.userId), amountMicros: -creatorMicros },
        { account: PLATFORM_REVENUE, amountMicros: -platformMicros },
      ],
    });
    posted = result.posted;
  }
  if (!posted) return false;
  await addStreamRollups(tx, [{ userId: credit.userId, songId: credit.songId, store: credit.store, day: credit.day, streams: credit.streams, revenueMicros: creatorMicros }]);
  return true;
}
