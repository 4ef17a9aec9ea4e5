// The public face of a song: what the share page, the embed player, oEmbed, the cards and the sitemap show
// of it. One query reads the song with its owner's display name (the artist when the song names none).
import { eq } from "drizzle-orm";
import { users } from "../../../drizzle/schema/auth";
import { songs, type Song } from "../../../drizzle/schema/songs";
import { getFilter, getStyle } from "~/engine/catalogue";
import { songAudioUrl, UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";
import { isPossibleId } from "~/utils/input-schemas";

export interface ShareSong {
  id: string;
  ownerId: string;
  private: boolean;
  title: string;
  /** The song's artist name, else its owner's display name. */
  artist: string;
  style: string;
  filter: string;
  tempo: number | null;
  key: string | null;
  durationSeconds: number;
  peaks: number[];
  /** The render version the song plays (part of the audio URL and the card's version). */
  version: number;
  /** Path of the MP3 the song plays now. */
  audioPath: string;
  /** First completed: the schema.org datePublished. */
  publishedAt: Date;
  updatedAt: Date;
}

/**
 * The song as `viewerId` may see it on a public page: a complete song that is public, or the viewer's own.
 * Null for anything else (unknown, malformed, pooled, unfinished, someone else's private song), so a
 * caller's 404 says nothing about whether a private song exists.
 */
export async function findShareSong(songId: string, viewerId: string | null = null): Promise<ShareSong | null> {
  if (!isPossibleId(songId)) return null;
  const [row] = await db
    .select({ song: songs, ownerName: users.displayName })
    .from(songs)
    .innerJoin(users, eq(users.id, songs.userId))
    .where(eq(songs.id, songId));
  if (!row || row.song.status !== "complete" || !row.song.media) return null;
  if (row.song.private && row.song.userId !== viewerId) return null;
  return toShareSong(row.song, row.ownerName);
}

export function toShareSong(song: Song, ownerName: string): ShareSong {
  const style = catalogueName(() => getStyle(song.style).name, song.style);
  const filter = catalogueName(() => getFilter(song.filter).name, song.filter);
  return {
    id: song.id,
    ownerId: song.userId ?? "",
    private: song.private,
    title: song.songName === UNNAMED_SONG ? `${filter} song` : song.songName,
    artist: song.artistName?.trim() || ownerName,
    style,
    filter,
    tempo: song.tempo,
    key: song.key,
    durationSeconds: song.durationSeconds ?? 0,
    peaks: song.wavePreview ?? [],
    version: song.version,
    audioPath: songAudioUrl(song),
    publishedAt: song.completedAt ?? song.createdAt,
    updatedAt: song.updatedAt,
  };
}

function catalogueName(lookup: () => string, fallback: string): string {
  try {
    return lookup();
  } catch {
    return fallback;
  }
}

/** The configured public origin (APP_URL) without a trailing slash: every absolute URL a page prints. */
export function publicOrigin(appUrl: string): string {
  return appUrl.replace(/\/+$/, "");
}
