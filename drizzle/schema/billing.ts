// Memberships (spec 2 §6) on Stripe. Every row here follows Stripe: the webhook route
// (app/routes/api.webhooks.stripe.ts) writes them from the objects Stripe holds, never the other way
// round. A user without an active, unexpired subscription is on the free plan (product 7).
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const subscriptionStatus = pgEnum("subscription_status", ["active", "past_due", "canceled"]);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Product id of spec 2 §6: 1 / 9 Creator (monthly / annual), 2 / 10 Pro. */
    productId: integer("product_id").notNull(),
    status: subscriptionStatus("status").notNull().default("active"),
    currentPeriodEnd: at("current_period_end").notNull(),
    /** Stripe's subscription id once billing runs through Stripe. */
    externalId: text("external_id"),
    currentPeriodStart: at("current_period_start"),
    /** Downgrade to free: Stripe cancels the subscription at currentPeriodEnd. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade to a cheaper paid plan waiting in a Stripe subscription schedule. */
    pendingProductId: integer("pending_product_id"),
    /** When the pending downgrade (or cancellation) takes effect: spec 2 §3 downgradeEffectiveTimestamp. */
    downgradeEffectiveAt: at("downgrade_effective_at"),
    /** Stripe's subscription schedule id while a downgrade is pending. */
    scheduleId: text("schedule_id"),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_user").on(table.userId, table.currentPeriodEnd),
    uniqueIndex("subscriptions_external_id").on(table.externalId).where(sql`${table.externalId} is not null`),
  ],
);
export type Subscription = typeof subscriptions.$inferSelect;

/** The user's Stripe customer and their default card as Stripe reports it (no card numbers, ever). */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  defaultPaymentMethodId: text("default_payment_method_id"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  cardExpMonth: integer("card_exp_month"),
  cardExpYear: integer("card_exp_year"),
  ...timestamps,
});
export type BillingCustomer = typeof billingCustomers.$inferSelect;

/**
 * Every Stripe webhook event received, by Stripe's event id: a replay finds its row and changes nothing.
 * `appliedAt` is set in the same transaction as the event's effect.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** Stripe's `created` (seconds), kept for the record; ordering comes from re-reading Stripe. */
  stripeCreatedAt: at("stripe_created_at").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: at("received_at").notNull().defaultNow(),
  appliedAt: at("applied_at"),
});

/** Subscription changes a user asked for, counted for the spec 2 §8 429 ("maximum number of subscription updates"). */
export const subscriptionUpdateAttempts = pgTable(
  "subscription_update_attempts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("subscription_update_attempts_user").on(table.userId, table.createdAt)],
);

/**
 * Local Stripe stand-in only (app/services/billing/standin): the objects the stand-in pretends Stripe
 * holds, so its customers and subscriptions survive a restart like real ones. Never used with real keys.
 */
export const stripeStandinObjects = pgTable(
  "stripe_standin_objects",
  {
    id: text("id").primaryKey(),
    object: text("object").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("stripe_standin_objects_kind").on(table.object)],
);
