// Response shapes of the membership and money calls (spec 2 §3, §7), shared by the api routes.
import { z } from "zod";

export const ProductIdField = z.coerce.number().int().refine((id) => [1, 2, 7, 9, 10].includes(id), { message: "Choose one of the membership plans (1, 2, 7, 9 or 10)." });

export const MembershipSchema = z
  .object({
    productId: z.number().int().describe("Subscription product id: 7 free, 1/9 Creator, 2/10 Pro (monthly/annual)"),
    active: z.boolean(),
    planKey: z.enum(["free", "creator", "pro"]),
    interval: z.enum(["monthly", "annual"]).nullable(),
    status: z.enum(["active", "past_due", "canceled"]).nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    pendingProductId: z.number().int().nullable(),
    downgradeEffectiveTimestamp: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number(), expired: z.boolean() }).nullable(),
    cardExpiresBeforeRenewal: z.boolean(),
  })
  .meta({ id: "CurrentSubscription" });

export const UpdatesSchema = z
  .object({
    upgrades: z.array(z.number().int()),
    downgrades: z.array(z.number().int()),
    downgradeEffectiveTimestamp: z.string().nullable(),
    pendingProductId: z.number().int().nullable(),
    intervalChange: z.number().int().nullable(),
  })
  .meta({ id: "SubscriptionUpdates" });

export const CheckoutSchema = z.object({ url: z.string().describe("Stripe Checkout's hosted page: send the browser there") }).meta({ id: "CheckoutRedirect" });

export const ChangeResultSchema = z.object({ change: z.enum(["upgrade", "downgrade", "interval", "cancel", "renew", "payment_method"]), subscription: MembershipSchema });

export const PaymentSourceSchema = z
  .object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number(), expired: z.boolean(), isDefault: z.boolean() })
  .meta({ id: "PaymentSource" });

export const ExternalAccountSchema = z
  .object({ id: z.string(), bankName: z.string(), last4: z.string(), routingNumber: z.string().nullable(), accountHolderName: z.string().nullable(), isDefault: z.boolean() })
  .meta({ id: "ExternalAccount" });

export const WithdrawalSchema = z
  .object({ id: z.string(), amountCents: z.number().int(), state: z.enum(["requested", "held", "paid", "failed"]), createdAt: z.string(), failureReason: z.string().nullable() })
  .meta({ id: "Withdrawal" });

/** Dollars as typed ("12", "12.5", "12.50") to whole cents. */
export const DollarsField = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: "Enter an amount in dollars, like 25 or 25.50." })
  .transform((value) => Math.round(Number(value) * 100));

/** A US bank account to add (POST /api/user/external_accounts and the withdraw page). */
export const BankAccountBody = z.object({
  accountHolderName: z.string().trim().min(1, { message: "Enter the name on the account." }).max(100),
  routingNumber: z.string().trim().regex(/^\d{9}$/, { message: "A routing number has 9 digits." }),
  accountNumber: z.string().trim().regex(/^\d{4,17}$/, { message: "An account number has 4 to 17 digits." }),
});
