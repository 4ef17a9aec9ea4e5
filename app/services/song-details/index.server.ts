// The fields GET /api/song/{id} adds to a song's summary (spec 1 §3 "other song fields"): the owner's
// public name, the share link, the stream URL with the file it plays, the release it is tracked under,
// and how it was made.
import { and, asc, eq } from "drizzle-orm";
import { users } from "../../../drizzle/schema/auth";
import { releases, releaseSongs } from "../../../drizzle/schema/releases";
import type { Song, SongOrigin } from "../../../drizzle/schema/songs";
import { songAudioUrl } from "~/models/song.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { masteredFiles } from "~/services/mastering/index.server";
import { publicOrigin } from "~/services/share/public-song.server";

/** Spec 2 §4: 1 is Live. A song counts as released once a release holding it is live. */
const LIVE = 1;

/**
 * Which file plays (spec 1 §3: masterMp3File, else mergedMp3File, else mp3File): the master while it is
 * of the version the song plays; else the mix with its vocal; else the instrumental render.
 */
export type AudioFile = "master" | "merged" | "plain";

export interface SongDetails {
  /** The owner's public name: the display name, never the email. */
  user: string;
  /** The public share page's absolute URL. */
  smartLink: string;
  /** Absolute URL of the MP3 that plays; null until the song is complete. */
  streamUrl: string | null;
  audioFile: AudioFile | null;
  /** The live release the song is tracked under (its streams and revenue); null until released. */
  releaseTrackableId: string | null;
  /** How the song was made: create, rewrite, reproduce, render (a production-page render) or pool (Create's ready songs). */
  type: SongOrigin;
}

export async function audioFileOf(song: Pick<Song, "id" | "version" | "masteredAt" | "media" | "status">): Promise<AudioFile | null> {
  if (song.status !== "complete" || !song.media) return null;
  if (await masteredFiles(song)) return "master";
  // A vocal's mix keeps the instrumental beside it (SongMedia.instrumental): mp3 is then the merge.
  return song.media.instrumental ? "merged" : "plain";
}

export async function songDetails(song: Song): Promise<SongDetails> {
  const origin = publicOrigin(env.APP_URL);
  const [[owner], [release], audioFile] = await Promise.all([
    db.select({ displayName: users.displayName }).from(users).where(eq(users.id, song.userId ?? "")),
    db
      .select({ id: releases.id })
      .from(releaseSongs)
      .innerJoin(releases, eq(releases.id, releaseSongs.releaseId))
      .where(and(eq(releaseSongs.songId, song.id), eq(releases.status, LIVE)))
      .orderBy(asc(releases.createdAt))
      .limit(1),
    audioFileOf(song),
  ]);
  return {
    user: owner?.displayName ?? "",
    smartLink: `${origin}/s/${song.id}`,
    streamUrl: audioFile ? `${origin}${songAudioUrl(song)}` : null,
    audioFile,
    releaseTrackableId: release?.id ?? null,
    type: song.origin,
  };
}
