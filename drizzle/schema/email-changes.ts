// Account email changes (spec 2 §2 user info): the new address only replaces the old one once the link
// sent to it is opened, so nobody can move an account to an address they do not read.
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A pending change; only the SHA-256 of the emailed token is stored. */
export const emailChanges = pgTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("email_changes_user").on(table.userId)],
);
