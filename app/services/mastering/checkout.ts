// The payment for mastering one song: startMasteringCheckout makes the pending purchase and answers the URL
// of the payments layer's hosted checkout (a one-time Stripe Checkout in payment mode: Stripe itself, or the
// labelled local stand-in when no keys are set; app/services/billing). The payments layer's signed webhook
// runs the handler registered below, which marks the purchase paid inside its transaction; a master is never
// started unpaid (startMaster checks the purchase). The purchase is non-refundable, and the page says so.
import { and, desc, eq } from "drizzle-orm";
import { masteringPurchases, type MasteringPurchase } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { createOneTimeCheckout, paymentsAvailable, registerOneTimePaymentHandler, type BillingUser } from "~/services/billing";
import { masteringProduct } from "./product";

export { paymentsAvailable };

export const CHECKOUT_FAILED_MESSAGE = "The payment page could not be opened. Nothing was charged: try again in a moment.";
export const PAYMENTS_UNAVAILABLE_MESSAGE = "Card payments are not set up on this server yet, so mastering cannot be bought here.";
/** The product name the payments layer routes this payment's webhook by. */
export const MASTERING_PAYMENT_PRODUCT = "mastering";

export interface MasteringCheckout {
  song: Pick<Song, "id" | "songName">;
  user: BillingUser;
  preset: string;
  /** Absolute URL of the mastering page: the checkout sends the user back there. */
  returnUrl: string;
}

/** A pending purchase and the hosted payment page for it; answers the URL to redirect to. */
export async function startMasteringCheckout({ song, user, preset, returnUrl }: MasteringCheckout): Promise<string> {
  if (!paymentsAvailable()) throw new ApiError(503, "payments_unavailable", PAYMENTS_UNAVAILABLE_MESSAGE);
  const product = masteringProduct();
  const [purchase] = await db
    .insert(masteringPurchases)
    .values({ songId: song.id, userId: user.id, preset, amountCents: product.amountCents, currency: product.currency })
    .returning();
  return createOneTimeCheckout({
    user,
    product: MASTERING_PAYMENT_PRODUCT,
    description: `${product.name}: ${song.songName} (non-refundable)`,
    amountCents: product.amountCents,
    metadata: { purchaseId: purchase.id, songId: song.id },
    successUrl: `${returnUrl}?checkout=done&purchase=${purchase.id}`,
    cancelUrl: `${returnUrl}?checkout=cancelled`,
  }).catch((error: unknown) => {
    // The provider is unreachable or refused: the user may try again; the pending row stays unpaid.
    console.error("checkout for mastering failed", error);
    throw new ApiError(502, "checkout_failed", CHECKOUT_FAILED_MESSAGE);
  });
}

// The payment webhook (applied once per checkout session): the purchase it names becomes paid, provided it
// is this user's purchase of this song.
registerOneTimePaymentHandler(MASTERING_PAYMENT_PRODUCT, async (tx, payment) => {
  const { purchaseId, songId } = payment.metadata;
  if (!purchaseId || !songId) return;
  await tx
    .update(masteringPurchases)
    .set({ providerReference: payment.checkoutSessionId })
    .where(and(eq(masteringPurchases.id, purchaseId), eq(masteringPurchases.songId, songId), eq(masteringPurchases.userId, payment.userId)));
  await markMasteringPaid(payment.checkoutSessionId, tx);
});

/** Marks the purchase with this provider reference paid (idempotent); answers it, or null if unknown. */
export async function markMasteringPaid(reference: string, conn: Db | Tx = db): Promise<MasteringPurchase | null> {
  const [row] = await conn
    .update(masteringPurchases)
    .set({ status: "paid", paidAt: new Date() })
    .where(and(eq(masteringPurchases.providerReference, reference), eq(masteringPurchases.status, "pending")))
    .returning();
  if (row) return row;
  const [existing] = await conn.select().from(masteringPurchases).where(eq(masteringPurchases.providerReference, reference));
  return existing ?? null;
}

/** The song's paid purchase, if any: the Master Song step requires one. */
export async function paidPurchase(songId: string, userId: string, conn: Db | Tx = db): Promise<MasteringPurchase | null> {
  const [row] = await conn
    .select()
    .from(masteringPurchases)
    .where(and(eq(masteringPurchases.songId, songId), eq(masteringPurchases.userId, userId), eq(masteringPurchases.status, "paid")))
    .orderBy(desc(masteringPurchases.paidAt))
    .limit(1);
  return row ?? null;
}
