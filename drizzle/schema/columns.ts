// Column helpers shared by every domain file, so ids and timestamps look the same in every table.
//
// Ids are text. Rows users create get a random 24-character id from `newId()` (lowercase letters and
// digits, ~124 bits: unguessable in URLs such as /s/<songId>, and no sequence to leak how many songs
// exist). Catalogue rows use their stable catalogue value ("rock_band", "lofi") as the id, because songs,
// URLs and the engine already name them that way. See docs/decisions/001-embedded-database.md.
import { randomBytes } from "node:crypto";
import { text, timestamp } from "drizzle-orm/pg-core";

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const ID_LENGTH = 24;

export function newId(): string {
  // 256 is a multiple of 32 but not of 36; rejecting bytes >= 252 keeps every character equally likely.
  let id = "";
  while (id.length < ID_LENGTH) {
    for (const byte of randomBytes(ID_LENGTH * 2)) {
      if (byte < 252 && id.length < ID_LENGTH) id += ID_ALPHABET[byte % 36];
    }
  }
  return id;
}

/** `id text primary key`, filled with `newId()` on insert. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());

/** `created_at` and `updated_at`, both timezone-aware; drizzle refreshes `updated_at` on every update. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
