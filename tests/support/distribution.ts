// Fixtures for distribution tests and the delivery bench: approved releases whose songs have real WAV
// files (short, made by the engine's WAV encoder) and a real 3000×3000 cover in media storage.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { users } from "#drizzle/schema/auth";
import { coverArt, releases, releaseSongs } from "#drizzle/schema/releases";
import { songs } from "#drizzle/schema/songs";
import { encodeWav } from "~/engine/encode/wav";
import { SAMPLE_RATE } from "~/engine/types";
import type { Db } from "~/server/db.server";
import { getStorage } from "~/server/storage.server";
import type { ReleaseLabel } from "~/services/admin/confirmed-actions";
import { createUser } from "./auth";
import { insertSavedSong } from "./releases";

/** A stereo tone of `seconds` as a 44.1 kHz 16-bit WAV. */
export function toneWav(seconds: number, frequency = 440): Uint8Array {
  const frames = Math.round(seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let index = 0; index < frames; index += 1) left[index] = right[index] = 0.3 * Math.sin((2 * Math.PI * frequency * index) / SAMPLE_RATE);
  return encodeWav({ sampleRate: SAMPLE_RATE, left, right });
}

let cover: Buffer | null = null;

export interface ApprovedReleaseOptions {
  tracks?: number;
  seconds?: number;
  label?: ReleaseLabel;
  explicit?: number | null;
  language?: string | null;
  coverPixels?: number;
}

/**
 * An Approved release (status set directly: approving is staff review's, not distribution's) whose
 * tracks have WAVs and whose cover is a real JPEG in storage. Returns the release and owner ids.
 */
export async function insertApprovedRelease(db: Db, options: ApprovedReleaseOptions = {}): Promise<{ releaseId: string; userId: string }> {
  const { tracks = 1, seconds = 1, label = "SONGLOOM", explicit = 0, language = "en", coverPixels = 3000 } = options;
  const user = await createUser(db);
  await db.update(users).set({ releaseLabel: label }).where(eq(users.id, user.id));
  const storage = getStorage();
  const coverBytes =
    coverPixels === 3000
      ? (cover ??= await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg({ quality: 60 }).toBuffer())
      : await sharp({ create: { width: coverPixels, height: coverPixels, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
  const [art] = await db
    .insert(coverArt)
    .values({ userId: user.id, source: "upload", sizes: { thumbnail: "unused/t.jpg", page: "unused/p.jpg", full: `covers/${user.id}/full.jpg` }, width: coverPixels, height: coverPixels, format: "jpeg", bytes: coverBytes.length })
    .returning();
  await storage.put(art.sizes.full, coverBytes);
  const [release] = await db
    .insert(releases)
    .values({ userId: user.id, title: "Night & Day <Deluxe>", artistName: "The Loom", genre: "alt", language, explicit, coverArtId: art.id, status: 4, releaseDate: "2026-12-01", submittedAt: new Date() })
    .returning();
  for (let position = 1; position <= tracks; position += 1) {
    const songId = await insertSavedSong(db, user.id, { name: `Track ${position}` });
    const wav = `songs/${songId}/song.wav`;
    await storage.put(wav, toneWav(seconds, 220 * position));
    await db.update(songs).set({ durationSeconds: seconds, media: { mp3: `songs/${songId}/song.mp3`, wav, midi: "", peaks: "", description: "" } }).where(eq(songs.id, songId));
    await db.insert(releaseSongs).values({ releaseId: release.id, songId, position });
  }
  return { releaseId: release.id, userId: user.id };
}
