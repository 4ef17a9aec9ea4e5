// A song's mastering files (drizzle/schema/mastering.ts) and how the pages and APIs see them.
import { and, eq } from "drizzle-orm";
import {
  masteringFiles,
  type MasterMetadata,
  type MasteringFile,
  type MasteringFileStatus,
  type MasteringFileType,
  type PreviewsMetadata,
} from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { db, type Db, type Tx } from "~/server/db.server";

/** Spec 2 §4: one 30-second preview sample per song. */
export const SAMPLE_SECONDS = 30;
export const DEFAULT_INTENSITY = 70;
export { POLL_MS } from "~/utils/mastering";

export async function findMasteringFile(songId: string, type: MasteringFileType, conn: Db | Tx = db): Promise<MasteringFile | null> {
  const [row] = await conn.select().from(masteringFiles).where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, type)));
  return row ?? null;
}

export async function findMasteringFiles(songId: string): Promise<MasteringFile[]> {
  return db.select().from(masteringFiles).where(eq(masteringFiles.songId, songId)).orderBy(masteringFiles.type);
}

export const previewsMetadata = (file: MasteringFile) => file.metadata as PreviewsMetadata;
export const masterMetadata = (file: MasteringFile) => file.metadata as MasterMetadata;

/** Storage keys of a song's mastering files (beside its media, so deleting the song's folder takes them). */
export const masteringKeys = {
  preview: (songId: string, letter: string) => `songs/${songId}/mastering/preview-${letter}.mp3`,
  original: (songId: string) => `songs/${songId}/mastering/original.mp3`,
  master: (songId: string, version: number, extension: "mp3" | "wav") => `songs/${songId}/mastering/master-v${version}.${extension}`,
};

/** The media URL of a preview file: `original` (the unmastered sample) or a preset's letter. */
export const previewUrl = (songId: string, name: string, updatedAt: Date) =>
  `/media/songs/${songId}/mastering/${name === "original" ? "original" : `preview-${name}`}.mp3?t=${updatedAt.getTime()}`;

/** Whether the pages keep polling: while any file is neither ready nor waiting, and none has failed. */
export function shouldPoll(statuses: MasteringFileStatus[]): boolean {
  if (statuses.includes("failed")) return false;
  return statuses.some((status) => status !== "ready" && status !== "waiting");
}

/** The master plays and downloads in place of the song's own files while it is the current version's. */
export function isMasterInSync(song: Pick<Song, "version">, master: MasteringFile | null): boolean {
  return master !== null && master.status === "ready" && master.songVersion === song.version;
}
