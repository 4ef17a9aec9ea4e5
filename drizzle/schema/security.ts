// Abuse controls that must hold across web processes, so they live in the database: throttle counters
// (app/server/rate-limit.server.ts, docs/decisions/018-throttles-owner-lock-and-shutdown.md).
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One fixed-window counter per limit and subject ("sign-in:account" + an email). The subject is stored
 * as an HMAC, so the table holds no email addresses or IP addresses. Rows whose window has ended are
 * reset by the next hit and swept by the hourly housekeeping job.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** `<limit name>:<HMAC of the subject>`. */
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("rate_limit_counters_window_ends_at").on(table.windowEndsAt)],
);
