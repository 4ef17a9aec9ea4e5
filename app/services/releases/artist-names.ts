// Artist names on releases (spec 2 §5, §7 GET /artists): whether a name is already an artist on Songloom,
// and whether it is one stores refuse (a well-known artist, or a generic word like "Meditation").
import { eq, sql } from "drizzle-orm";
import { releases, restrictedArtistNames } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { artistNameKey } from "~/content/restricted-artist-names";
import { db, rawRows, type Db, type Tx } from "~/server/db.server";

export const GENERIC_NAME_MESSAGE = "Streaming services do not accept a generic word as an artist name. Use the name you release music under.";
export const WELL_KNOWN_NAME_MESSAGE = "This name belongs to a well-known artist. Use your own artist name.";

/** The message refusing `name` as a release's artist, or null when it may be used. */
export async function artistNameRefusal(name: string, database: Db | Tx = db): Promise<string | null> {
  const [row] = await database
    .select({ kind: restrictedArtistNames.kind })
    .from(restrictedArtistNames)
    .where(eq(restrictedArtistNames.key, artistNameKey(name)))
    .limit(1);
  if (!row) return null;
  return row.kind === "generic" ? GENERIC_NAME_MESSAGE : WELL_KNOWN_NAME_MESSAGE;
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
