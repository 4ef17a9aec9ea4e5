// Deleting an account (DELETE /api/user/account; spec 2 §2 User Info). What the law and the books need
// stays: the user row (anonymised) that the ledger, withdrawals, payout account, subscriptions and
// billing customer refer to, and songs someone else owns. Everything else goes: sign-in identities,
// sessions everywhere, the name and email, saved cards' details, the user's other songs. A paid
// membership is cancelled at Stripe at once (no refund: the period simply ends).
import { and, eq, notExists, sql } from "drizzle-orm";
import { emailVerificationTokens, identities, passwordResetTokens, sessions, userDevices, users } from "../../../drizzle/schema/auth";
import { emailChanges } from "../../../drizzle/schema/email-changes";
import { billingCustomers } from "../../../drizzle/schema/billing";
import { labsAccess, labsGenerations } from "../../../drizzle/schema/labs";
import { songOwnerships } from "../../../drizzle/schema/money";
import { songs } from "../../../drizzle/schema/songs";
import { recordUserEvent } from "~/models/user.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStripe, paymentsAvailable } from "~/services/billing/stripe.server";
import { currentSubscriptionRow } from "~/services/billing/membership.server";
import { syncSubscription } from "~/services/billing/sync.server";

export const DELETE_CONFIRMATION = "DELETE";

export async function deleteAccount(userId: string, confirmation: string): Promise<void> {
  if (confirmation.trim() !== DELETE_CONFIRMATION) {
    throw new ApiError(400, "invalid_input", "Some fields are invalid.", { confirmation: [`Type ${DELETE_CONFIRMATION} to confirm.`] });
  }
  const subscription = await currentSubscriptionRow(userId);
  if (subscription?.externalId && paymentsAvailable()) {
    await getStripe().subscriptions.cancel(subscription.externalId);
    await syncSubscription(subscription.externalId);
  }
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(userDevices).where(eq(userDevices.userId, userId));
    await tx.delete(identities).where(eq(identities.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    // A pending email change holds the address it was going to.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.update(billingCustomers).set({ cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null }).where(eq(billingCustomers.userId, userId));
    // Songs another user owns (bought or claimed) stay; the rest of the user's songs go.
    await tx
      .delete(songs)
      .where(and(eq(songs.userId, userId), notExists(tx.select({ one: sql`1` }).from(songOwnerships).where(and(eq(songOwnerships.songId, songs.id), sql`${songOwnerships.userId} <> ${userId}`)))));
    // Labs generations are the user's own experiments, like their songs.
    await tx.delete(labsGenerations).where(eq(labsGenerations.userId, userId));
    await tx.delete(labsAccess).where(eq(labsAccess.userId, userId));
    await tx
      .update(users)
      .set({ email: `deleted-${userId}@deleted.songloom.invalid`, displayName: "Deleted user", emailVerifiedAt: null, accountStatus: "INACTIVE" })
      .where(eq(users.id, userId));
    await recordUserEvent(tx, userId, "account_deleted");
  });
}
