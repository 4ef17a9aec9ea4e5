// The payment for mastering one song, behind one small interface: startMasteringCheckout makes the pending
// purchase and answers the URL to send the user to; markMasteringPaid(reference) marks it paid once the
// payment provider confirms (the Checkout return below, and the payments layer's webhook when it lands).
//
// Today it uses the official Stripe SDK directly when STRIPE_SECRET_KEY is set (a Stripe Checkout Session
// in payment mode, the price from config). When the payments layer (the money branch's one-time checkout
// and its webhook) is merged, these two functions are where it connects: nothing else talks to the provider.
// Without a key there is no payment at all: the Checkout step says so, and a master is never started
// unpaid (startMaster checks the purchase).
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { masteringPurchases, type MasteringPurchase } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { db, type Db, type Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";
import { masteringProduct } from "./product";

export const CHECKOUT_FAILED_MESSAGE = "The payment page could not be opened. Nothing was charged: try again in a moment.";
export const PAYMENTS_UNAVAILABLE_MESSAGE = "Card payments are not set up on this server yet, so mastering cannot be bought here.";

let stripe: Stripe | null = null;
function stripeClient(): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return (stripe ??= new Stripe(env.STRIPE_SECRET_KEY));
}

/** Whether a payment can be taken at all (the Checkout step offers the button only then). */
export const paymentsAvailable = () => stripeClient() !== null;

export interface MasteringCheckout {
  song: Pick<Song, "id" | "songName">;
  user: { id: string; email: string };
  preset: string;
  /** Absolute URL of the mastering page: the provider sends the user back there. */
  returnUrl: string;
}

/** A pending purchase and the provider's payment page for it; answers the URL to redirect to. */
export async function startMasteringCheckout({ song, user, preset, returnUrl }: MasteringCheckout): Promise<string> {
  const client = stripeClient();
  if (!client) throw new ApiError(503, "payments_unavailable", PAYMENTS_UNAVAILABLE_MESSAGE);
  const product = masteringProduct();
  const [purchase] = await db
    .insert(masteringPurchases)
    .values({ songId: song.id, userId: user.id, preset, amountCents: product.amountCents, currency: product.currency })
    .returning();
  const session = await client.checkout.sessions
    .create({
      mode: "payment",
      customer_email: user.email,
      client_reference_id: purchase.id,
      metadata: { kind: "mastering", purchaseId: purchase.id, songId: song.id },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: product.currency,
            unit_amount: product.amountCents,
            product_data: { name: `${product.name}: ${song.songName}`, description: "Non-refundable." },
          },
        },
      ],
      success_url: `${returnUrl}?checkout=done&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    })
    .catch((error: unknown) => {
      // The provider is unreachable or refused: the user may try again; the pending row stays unpaid.
      console.error("Stripe checkout session for mastering failed", error);
      throw new ApiError(502, "checkout_failed", CHECKOUT_FAILED_MESSAGE);
    });
  await db.update(masteringPurchases).set({ providerReference: session.id }).where(eq(masteringPurchases.id, purchase.id));
  if (!session.url) throw new Error(`Stripe answered no URL for checkout session ${session.id}`);
  return session.url;
}

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

/**
 * The user came back from the provider's page with its reference: asks the provider whether it was paid
 * (a return URL alone proves nothing) and marks the purchase if so.
 */
export async function confirmMasteringReturn(songId: string, reference: string): Promise<boolean> {
  const client = stripeClient();
  if (!client) return false;
  const session = await client.checkout.sessions.retrieve(reference).catch(() => null);
  if (!session || session.payment_status !== "paid" || session.metadata?.songId !== songId) return false;
  return (await markMasteringPaid(session.id))?.status === "paid";
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
