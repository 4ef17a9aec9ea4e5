// Where withdrawals go: bank accounts on the user's Stripe Connect account. The account and routing
// numbers pass through to Stripe and are never stored; we keep only the Connect account id and show
// what Stripe returns (bank name, last four digits).
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { payoutAccounts } from "../../../drizzle/schema/money";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStripe } from "~/services/billing/stripe.server";

export interface ExternalAccount {
  id: string;
  bankName: string;
  last4: string;
  routingNumber: string | null;
  accountHolderName: string | null;
  isDefault: boolean;
}

export async function connectAccountId(userId: string): Promise<string | null> {
  const [row] = await db.select({ id: payoutAccounts.stripeAccountId }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row?.id ?? null;
}

async function ensureConnectAccount(user: { id: string; email: string }): Promise<string> {
  const existing = await connectAccountId(user.id);
  if (existing) return existing;
  const account = await getStripe().accounts.create(
    { type: "custom", country: "US", email: user.email, business_type: "individual", capabilities: { transfers: { requested: true } }, metadata: { user_id: user.id } },
    { idempotencyKey: `songloom-connect-${user.id}` },
  );
  await db.insert(payoutAccounts).values({ userId: user.id, stripeAccountId: account.id }).onConflictDoNothing();
  return (await connectAccountId(user.id))!;
}

export async function listExternalAccounts(userId: string): Promise<ExternalAccount[]> {
  const account = await connectAccountId(userId);
  if (!account) return [];
  const list = await getStripe().accounts.listExternalAccounts(account, { object: "bank_account", limit: 10 });
  return list.data
    .filter((item): item is Stripe.BankAccount => item.object === "bank_account")
    .map((bank) => ({ id: bank.id, bankName: bank.bank_name ?? "Bank account", last4: bank.last4, routingNumber: bank.routing_number ?? null, accountHolderName: bank.account_holder_name ?? null, isDefault: bank.default_for_currency ?? false }));
}

export interface NewBankAccount {
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
}

export async function addExternalAccount(user: { id: string; email: string }, bank: NewBankAccount): Promise<ExternalAccount> {
  const account = await ensureConnectAccount(user);
  try {
    const created = await getStripe().accounts.createExternalAccount(account, {
      external_account: { object: "bank_account", country: "US", currency: "usd", account_holder_name: bank.accountHolderName, account_holder_type: "individual", routing_number: bank.routingNumber, account_number: bank.accountNumber },
    } as Stripe.AccountCreateExternalAccountParams);
    const saved = created as Stripe.BankAccount;
    return { id: saved.id, bankName: saved.bank_name ?? "Bank account", last4: saved.last4, routingNumber: saved.routing_number ?? null, accountHolderName: saved.account_holder_name ?? null, isDefault: saved.default_for_currency ?? false };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      const field = error.param?.includes("routing") ? "routingNumber" : error.param?.includes("account_number") ? "accountNumber" : null;
      throw new ApiError(400, "invalid_bank_account", error.message, field ? { [field]: [error.message] } : undefined);
    }
    throw error;
  }
}
