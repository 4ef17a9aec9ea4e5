// What goes to a store for one release: the files of the batch (each track's WAV, the full-size cover)
// with their sizes and MD5 hashes, and the message's input (ern.ts). Audio is the song's master when it
// has one in sync (issue 20), else its own mix: both are 44.1 kHz 16-bit stereo WAV from the engine.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { releases, releaseSongs, coverArt, type Release } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { findGenre } from "~/content/release-genres";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { getStorage } from "~/server/storage.server";
import { masteredFiles } from "../mastering/mastered-audio";
import type { ErnFile, ErnInput } from "./ern";
import type { BatchFile } from "./sftp-upload.server";

export class AssetUnavailableError extends Error {}

interface Hashed {
  size: number;
  md5: string;
}

// Hashes by storage key and ETag: forty stores get the same files, which are hashed once.
const hashes = new Map<string, Hashed>();

async function hashed(key: string): Promise<Hashed> {
  const storage = getStorage();
  const info = await storage.stat(key);
  if (!info) throw new AssetUnavailableError(`${key} is not in storage`);
  const cacheKey = `${key}\u0000${info.etag}`;
  const known = hashes.get(cacheKey);
  if (known) return known;
  const hash = createHash("md5");
  for await (const chunk of Readable.fromWeb(storage.createReadStream(key) as never)) hash.update(chunk as Buffer);
  const result = { size: info.size, md5: hash.digest("hex") };
  if (hashes.size > 1000) hashes.clear();
  hashes.set(cacheKey, result);
  return result;
}

function batchFile(key: string, name: string, size: number): BatchFile {
  return {
    name,
    size,
    async read() {
      const bytes = await getStorage().get(key);
      if (!bytes) throw new AssetUnavailableError(`${key} is not in storage`);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}

/** The label name a release's messages carry, from its label tier. */
export function labelName(label: string | null): string {
  return label?.startsWith("NUEMETA") ? "Nuemeta" : env.DDEX_SENDER_NAME;
}

export interface ReleasePackage {
  files: BatchFile[];
  /** ern.ts's input less what belongs to one store and one message. */
  message: Pick<ErnInput, "release" | "tracks" | "image">;
}

/** Everything of `release` a store receives. Throws AssetUnavailableError when a file is not (yet) there. */
export async function releasePackage(release: Release): Promise<ReleasePackage> {
  if (!release.upc) throw new Error(`Release ${release.id} has no UPC`);
  const upc = release.upc;
  const rows = await db
    .select({ isrc: releaseSongs.isrc, position: releaseSongs.position, song: songs })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .where(eq(releaseSongs.releaseId, release.id))
    .orderBy(asc(releaseSongs.position));
  if (rows.length === 0) throw new AssetUnavailableError("The release has no tracks");
  const files: BatchFile[] = [];
  const tracks: ErnInput["tracks"] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.isrc) throw new Error(`Track ${row.position} of release ${release.id} has no ISRC`);
    const key = (await masteredFiles(row.song))?.wav ?? row.song.media?.wav;
    if (!key) throw new AssetUnavailableError(`Song ${row.song.id} has no audio`);
    const { size, md5 } = await hashed(key);
    const name = `resources/${upc}_01_${String(index + 1).padStart(3, "0")}.wav`;
    files.push(batchFile(key, name, size));
    const title = row.song.songName === "New Song" ? `Track ${index + 1}` : row.song.songName;
    tracks.push({ isrc: row.isrc, title, durationSeconds: row.song.durationSeconds ?? 0, file: { uri: name, size, md5 } });
  }
  if (!release.coverArtId) throw new AssetUnavailableError("The release has no cover art");
  const [art] = await db.select().from(coverArt).where(eq(coverArt.id, release.coverArtId));
  if (!art) throw new AssetUnavailableError("The release's cover art is gone");
  const codec = art.format === "png" ? "PNG" : "JPEG";
  const imageName = `resources/${upc}.${codec === "PNG" ? "png" : "jpg"}`;
  const image = await hashed(art.sizes.full);
  files.push(batchFile(art.sizes.full, imageName, image.size));
  const imageFile: ErnFile = { uri: imageName, size: image.size, md5: image.md5 };
  return {
    files,
    message: {
      release: {
        upc,
        title: release.title,
        artistName: release.artistName,
        labelName: labelName(release.label),
        genre: findGenre(release.genre)?.name ?? release.genre,
        language: release.language,
        explicit: release.explicit,
        releaseDate: release.releaseDate ?? new Date().toISOString().slice(0, 10),
      },
      tracks,
      image: { ...imageFile, width: art.width, height: art.height, codec },
    },
  };
}

export async function loadRelease(releaseId: string): Promise<Release | null> {
  const [release] = await db.select().from(releases).where(eq(releases.id, releaseId));
  return release ?? null;
}
