// Public song lists: a tag's songs (/tag/{id}, GET /api/search/songs/by_tag, 20 a page) and the Home page's
// tracks (GET /api/homepage_tracks: the songs staff feature, else the newest public ones). Only saved,
// complete, public songs appear.
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { tags, type Tag } from "../../../drizzle/schema/releases";
import { songs, type Song } from "../../../drizzle/schema/songs";
import { songAudioUrl, UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";
import { isPossibleId } from "~/utils/input-schemas";

export const TAG_PAGE_SIZE = 20;
export const HOMEPAGE_TRACKS = 12;

export interface PublicSong {
  id: string;
  songName: string;
  artistName: string | null;
  durationSeconds: number | null;
  audioUrl: string;
  peaks: number[] | null;
  tags: string[];
  shareUrl: string;
}

const publicSong = and(eq(songs.saved, true), eq(songs.private, false), eq(songs.status, "complete"), sql`${songs.media} is not null`);

function toPublic(song: Song): PublicSong {
  return {
    id: song.id,
    songName: song.songName === UNNAMED_SONG ? "Untitled" : song.songName,
    artistName: song.artistName,
    durationSeconds: song.durationSeconds,
    audioUrl: songAudioUrl(song),
    peaks: song.wavePreview,
    tags: song.tags,
    shareUrl: `/s/${song.id}`,
  };
}

export async function findTag(id: string): Promise<Tag | null> {
  if (!isPossibleId(id)) return null;
  const [tag] = await db.select().from(tags).where(eq(tags.id, id));
  return tag ?? null;
}

export async function findTagByName(name: string): Promise<Tag | null> {
  const [tag] = await db.select().from(tags).where(eq(tags.key, name.replace(/\s+/g, " ").trim().toLowerCase()));
  return tag ?? null;
}

export async function tagSongs(tag: Tag, page = 1, perPage = TAG_PAGE_SIZE): Promise<{ songs: PublicSong[]; total: number }> {
  const hasTag = sql`exists (select 1 from unnest(${songs.tags}) as t where lower(regexp_replace(btrim(t), '\\s+', ' ', 'g')) = ${tag.key})`;
  const where = and(publicSong, hasTag);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(songs).where(where);
  const rows = await db.select().from(songs).where(where).orderBy(desc(songs.savedAt), desc(songs.id)).limit(perPage).offset((page - 1) * perPage);
  return { songs: rows.map(toPublic), total: counted?.total ?? 0 };
}

export async function homepageTracks(): Promise<PublicSong[]> {
  // Staff feature a song from /admin/songs (songs.featured_at; making it private clears it), newest first.
  const featured = await db.select().from(songs).where(and(publicSong, isNotNull(songs.featuredAt))).orderBy(desc(songs.featuredAt)).limit(HOMEPAGE_TRACKS);
  if (featured.length > 0) return featured.map(toPublic);
  const newest = await db.select().from(songs).where(publicSong).orderBy(desc(songs.savedAt), desc(songs.id)).limit(HOMEPAGE_TRACKS);
  return newest.map(toPublic);
}
