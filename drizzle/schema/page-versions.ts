// What the per-user page cache checks (app/server/user-page-version.server.ts): a counter per user that
// database triggers raise, at commit, whenever a row that user's own pages (/library, /release/{id}) show
// is written — by any code path, staff and jobs included. The row "*" is everyone's: the featured releases
// the library's releases tab shows. The triggers are in migration 0017 (hand-written SQL after the table).
import { bigint, pgTable, text } from "drizzle-orm/pg-core";

export const userPageVersions = pgTable("user_page_versions", {
  /** A user's id, or "*" for what every user's pages show. No foreign key: "*" is not a user. */
  userId: text("user_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
