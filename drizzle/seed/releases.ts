// Restricted artist names (app/content/restricted-artist-names.ts): inserts the names that are missing and
// leaves existing rows alone, so names staff add survive a re-seed.
import type { Db } from "../../app/server/db.server";
import { artistNameKey, GENERIC_ARTIST_NAMES, WELL_KNOWN_ARTIST_NAMES } from "../../app/content/restricted-artist-names";
import { restrictedArtistNames } from "../schema/releases";

export async function seed(db: Db): Promise<void> {
  const rows = [
    ...GENERIC_ARTIST_NAMES.map((name) => ({ name, kind: "generic" as const })),
    ...WELL_KNOWN_ARTIST_NAMES.map((name) => ({ name, kind: "artist" as const })),
  ];
  const seen = new Set<string>();
  const values = rows
    .map((row) => ({ ...row, key: artistNameKey(row.name) }))
    .filter((row) => (seen.has(row.key) ? false : (seen.add(row.key), true)));
  await db.insert(restrictedArtistNames).values(values).onConflictDoNothing({ target: restrictedArtistNames.key });
}
