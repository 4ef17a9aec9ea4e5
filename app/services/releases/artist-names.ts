// Artist names on releases (spec 2 §5, §7 GET /artists): whether a name is already an artist on Songloom,
// and whether it is one stores refuse (a well-known artist, or a generic word like "Meditation").
import { and, eq, sql } from "drizzle-orm";
import { releases, restrictedArtistNames, restrictedArtistNameSettings } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { artistNameKey } from "~/content/restricted-artist-names";
import { db, rawRows, type Db, type Tx } from "~/server/db.server";

export const GENERIC_NAME_MESSAGE = "Streaming services do not accept a generic word as an artist name. Use the name you release music under.";
export const WELL_KNOWN_NAME_MESSAGE = "This name belongs to a well-known artist. Use your own artist name.";

/** How many edits apart a name may be from a restricted one and still count as it (staff set it; 0 = same name). */
export async function restrictedNameMaxDistance(database: Db | Tx = db): Promise<number> {
  const [row] = await database.select({ maxDistance: restrictedArtistNameSettings.maxDistance }).from(restrictedArtistNameSettings).limit(1);
  return row?.maxDistance ?? 0;
}

/** Levenshtein distance, stopping early once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The message refusing `name` as a release's artist, or null when it may be used: the same name as a
 * restricted one, or within the staff's maximum edit distance of one (so "Drakee" is refused too).
 */
export async function artistNameRefusal(name: string, database: Db | Tx = db): Promise<string | null> {
  const key = artistNameKey(name);
  if (key === "") return null;
  const maxDistance = await restrictedNameMaxDistance(database);
  // Only names whose length could be within the distance are read; the exact key is among them.
  const candidates = await database
    .select({ key: restrictedArtistNames.key, kind: restrictedArtistNames.kind })
    .from(restrictedArtistNames)
    .where(
      maxDistance === 0
        ? eq(restrictedArtistNames.key, key)
        : and(sql`length(${restrictedArtistNames.key}) >= ${key.length - maxDistance}`, sql`length(${restrictedArtistNames.key}) <= ${key.length + maxDistance}`),
    );
  const match = candidates.find((candidate) => editDistance(candidate.key, key, maxDistance) <= maxDistance);
  if (!match) return null;
  return match.kind === "generic" ? GENERIC_NAME_MESSAGE : WELL_KNOWN_NAME_MESSAGE;
}

/**
 * GET /api/artists: `exists` when some release or saved song already uses the name (ignoring case and
 * spacing), `exact_match` when one uses exactly this spelling.
 */
export async function findArtist(name: string): Promise<{ exists: boolean; exact_match: boolean }> {
  const key = artistNameKey(name);
  const trimmed = name.replace(/\s+/g, " ").trim();
  if (key === "") return { exists: false, exact_match: false };
  const [row] = await rawRows<{ exists: boolean; exact: boolean }>(
    db,
    sql`
    select coalesce(bool_or(true), false) as exists, coalesce(bool_or(artist = ${trimmed}), false) as exact from (
      select ${releases.artistName} as artist from ${releases} where lower(${releases.artistName}) = ${key}
      union all
      select ${songs.artistName} from ${songs} where ${songs.saved} and lower(${songs.artistName}) = ${key}
    ) as named
  `,
  );
  return { exists: Boolean(row?.exists), exact_match: Boolean(row?.exact) };
}
