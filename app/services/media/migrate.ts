// `npm run media:migrate`: copies a local media store (DATA_DIR/media) into the configured bucket, so an
// installation can move to several processes sharing S3 (docs/deploy.md). Resumable: an object already in
// the bucket with the same size (and, for a single-part upload, the same MD5) is skipped, so a run that was
// stopped half-way picks up where it left off, and a second run copies nothing.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "~/server/storage.server";

export interface MigrationReport {
  copied: number;
  skipped: number;
  bytesCopied: number;
}

export interface MigrationOptions {
  /** Stop after copying this many files (a stand-in for an interrupted run, in tests). */
  limit?: number;
  onFile?: (key: string, action: "copied" | "skipped") => void;
}

/** Every file under `root` as a storage key, skipping the `.partial` files of writes that never finished. */
async function* localKeys(root: string, folder = ""): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* localKeys(root, key);
    else if (entry.isFile() && !entry.name.endsWith(".partial")) yield key;
  }
}

export async function migrateMedia(root: string, target: MediaStorage, options: MigrationOptions = {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, bytesCopied: 0 };
  for await (const key of localKeys(root)) {
    if (options.limit !== undefined && report.copied >= options.limit) break;
    const file = path.join(root, key);
    const [local, there] = await Promise.all([stat(file), target.stat(key)]);
    if (there && there.size === local.size && (await sameContent(file, there.etag))) {
      report.skipped++;
      options.onFile?.(key, "skipped");
      continue;
    }
    // One file in memory at a time: media files are tens of MB at most (a long WAV).
    const body = await readFile(file);
    await target.put(key, body);
    report.copied++;
    report.bytesCopied += body.byteLength;
    options.onFile?.(key, "copied");
  }
  return report;
}

/**
 * A single-part S3 ETag is the MD5 of the content: compare it. A multipart one ("md5-N") or a local
 * store's size-and-time tag says nothing about the bytes; the equal size is taken as enough there.
 */
async function sameContent(file: string, etag: string): Promise<boolean> {
  const md5 = /^"([0-9a-f]{32})"$/.exec(etag)?.[1];
  if (!md5) return true;
  return createHash("md5").update(await readFile(file)).digest("hex") === md5;
}
