// Onboarding choices a user makes once and the app remembers (spec 2 §7 onboarding steps): today, that
// they dismissed the editor tour. One row per user, written only when they choose something.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const userOnboarding = pgTable("user_onboarding", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Set when the user hides the editor tour; it is not offered again, on any device. */
  editorTourDismissedAt: timestamp("editor_tour_dismissed_at", { withTimezone: true, mode: "date" }),
});
