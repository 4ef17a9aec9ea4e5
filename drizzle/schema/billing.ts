// Memberships (spec 2 §6). Billing (Stripe checkout and webhooks) arrives with the membership issue and
// writes these rows; until then staff and tests set them directly. A user without an active, unexpired
// subscription is on the free plan (product 7).
import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

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
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true, mode: "date" }).notNull(),
    /** Stripe's subscription id once billing runs through Stripe. */
    externalId: text("external_id"),
    ...timestamps,
  },
  (table) => [index("subscriptions_user").on(table.userId, table.currentPeriodEnd)],
);
export type Subscription = typeof subscriptions.$inferSelect;
