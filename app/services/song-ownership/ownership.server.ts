// Owning a song (spec 2 §7 POST /buy_song and /claim_song): buy it through Stripe Checkout (payment mode),
// or claim it with a one-time ownership code or one ownership credit (numOwnershipCredits). Ownership
// records the legal name and email the owner gave. The purchase is recorded by the payment webhook, once.
import { and, eq, isNull, sql } from "drizzle-orm";
import { ownershipCodes, ownershipCredits, songOwnerships } from "../../../drizzle/schema/money";
import { findVisibleSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { createOneTimeCheckout, registerOneTimePaymentHandler, type BillingUser } from "~/services/billing";

/** What owning one song costs (ours: the spec does not price it). */
export const SONG_OWNERSHIP_PRICE_CENTS = 499;
export const SONG_OWNERSHIP_PRODUCT = "song_ownership";

export interface OwnerDetails {
  songId: string;
  email: string;
  legalName: string;
}

async function songToOwn(userId: string, songId: string) {
  const song = await findVisibleSong(userId, songId);
  if (!song || song.status !== "complete") throw new ApiError(404, "not_found", "That song could not be found.");
  const [owned] = await db.select({ songId: songOwnerships.songId }).from(songOwnerships).where(and(eq(songOwnerships.songId, songId), eq(songOwnerships.userId, userId)));
  if (owned) throw new ApiError(409, "already_owned", "You already own this song.");
  return song;
}

export async function numOwnershipCredits(userId: string): Promise<number> {
  const [row] = await db.select({ credits: ownershipCredits.credits }).from(ownershipCredits).where(eq(ownershipCredits.userId, userId));
  return row?.credits ?? 0;
}

/** Starts the purchase; the hosted checkout's URL. */
export async function buySong(user: BillingUser, details: OwnerDetails): Promise<string> {
  const song = await songToOwn(user.id, details.songId);
  return createOneTimeCheckout({
    user,
    product: SONG_OWNERSHIP_PRODUCT,
    description: `Ownership of "${song.songName}"`,
    amountCents: SONG_OWNERSHIP_PRICE_CENTS,
    metadata: { songId: song.id, legalName: details.legalName, email: details.email },
    successUrl: `/s/${song.id}?purchase=success`,
    cancelUrl: `/s/${song.id}`,
  });
}

registerOneTimePaymentHandler(SONG_OWNERSHIP_PRODUCT, async (tx, payment) => {
  await tx
    .insert(songOwnerships)
    .values({ songId: payment.metadata.songId, userId: payment.userId, legalName: payment.metadata.legalName, email: payment.metadata.email, method: "purchase", reference: payment.checkoutSessionId })
    .onConflictDoNothing();
});

/** Claims with a code or a credit, all or nothing: the code or credit is spent only if the claim is recorded. */
export async function claimSong(userId: string, details: OwnerDetails & ({ ownershipCode: string } | { useCredits: true })): Promise<{ method: "code" | "credits"; numOwnershipCredits: number }> {
  await songToOwn(userId, details.songId);
  const method = "ownershipCode" in details ? "code" : "credits";
  await db.transaction(async (tx) => {
    let reference: string | null = null;
    if ("ownershipCode" in details) {
      const [code] = await tx
        .update(ownershipCodes)
        .set({ redeemedBy: userId, redeemedAt: sql`now()` })
        .where(and(eq(ownershipCodes.code, details.ownershipCode.trim().toUpperCase()), isNull(ownershipCodes.redeemedAt)))
        .returning({ code: ownershipCodes.code });
      if (!code) throw new ApiError(400, "invalid_input", "Some fields are invalid.", { ownershipCode: ["This code is not valid or has been used."] });
      reference = code.code;
    } else {
      const [spent] = await tx
        .update(ownershipCredits)
        .set({ credits: sql`${ownershipCredits.credits} - 1` })
        .where(and(eq(ownershipCredits.userId, userId), sql`${ownershipCredits.credits} >= 1`))
        .returning({ credits: ownershipCredits.credits });
      if (!spent) throw new ApiError(409, "no_credits", "You have no ownership credits left.");
    }
    const [inserted] = await tx
      .insert(songOwnerships)
      .values({ songId: details.songId, userId, legalName: details.legalName, email: details.email, method, reference })
      .onConflictDoNothing()
      .returning({ songId: songOwnerships.songId });
    if (!inserted) throw new ApiError(409, "already_owned", "You already own this song.");
  });
  return { method, numOwnershipCredits: await numOwnershipCredits(userId) };
}
