// Media storage: song audio, MIDI, peaks, descriptions (and later stems and cover art), by key.
//
// Keys are slash-separated paths such as `songs/<songId>/song.mp3`. The interface is the part of an object
// store the app needs (put, stat, ranged read, delete), so an S3-compatible implementation can sit behind
// it when one is configured (S3Storage in s3-storage.server.ts, chosen by S3_BUCKET); the local-disk one
// under `${DATA_DIR}/media` is the default and what most tests use.
// Writes are atomic (temporary file, then rename): a reader never sees half a file, and a render job that
// dies mid-write leaves nothing behind under the real key.
import { createReadStream } from "node:fs";
import { access, constants, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { env } from "./env.server";
import { S3Storage } from "./s3-storage.server";

export interface StoredObject {
  size: number;
  /** Changes whenever the content changes; used as the HTTP ETag. */
  etag: string;
  modifiedAt: Date;
}

/** Inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  put(key: string, body: Uint8Array | string): Promise<void>;
  /** Stores the file at `file` (left where it is) without reading it into memory. */
  putFile(key: string, file: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** A web stream of the object (or of one range of it). The object must exist (check with stat). */
  createReadStream(key: string, range?: ByteRange): ReadableStream<Uint8Array>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `folder/` (a song's files, by retention). */
  deleteFolder(folder: string): Promise<void>;
  /** Resolves when the store can be used (readiness, `/readyz`), else rejects saying why. */
  reachable(): Promise<void>;
}

/** Keys come from our own code, but one with `..` or an absolute path would escape the media folder. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._/-]*$/.test(key) || key.split("/").some((part) => part === ".." || part === "")) {
    throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
  }
}

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.partial`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.partial`;
    try {
      // The kernel copies (or clones) the file: it never passes through this process's memory.
      await copyFile(source, temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.file(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.file(key));
      if (!info.isFile()) return null;
      return { size: info.size, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`, modifiedAt: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  createReadStream(key: string, range?: ByteRange): ReadableStream<Uint8Array> {
    const stream = createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async deleteFolder(folder: string): Promise<void> {
    await rm(this.file(folder), { recursive: true, force: true });
  }

  async reachable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

const globalStore = globalThis as typeof globalThis & { __songloomStorage?: MediaStorage };

/**
 * The process's media storage: the S3 bucket when S3_BUCKET is set (what several processes share,
 * docs/deploy.md), else the local disk under `${DATA_DIR}/media`.
 */
export function getStorage(): MediaStorage {
  globalStore.__songloomStorage ??= storageFromEnv();
  return globalStore.__songloomStorage;
}

function storageFromEnv(): MediaStorage {
  return bucketFromEnv() ?? new LocalDiskStorage(path.join(env.DATA_DIR, "media"));
}

/** The bucket the S3_* settings name, or null when S3_BUCKET is unset. */
export function bucketFromEnv(): S3Storage | null {
  if (!env.S3_BUCKET) return null;
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX,
  });
}

/** Points the process at another storage (tests). */
export function useStorage(storage: MediaStorage): void {
  globalStore.__songloomStorage = storage;
}

/**
 * Where a song's files live in storage. Version 1 (the creation render) keeps the original folder; each
 * edit's render gets its own, so the previous version stays playable for A/B listening.
 */
export const songMediaKeys = (songId: string, version = 1) => {
  const folder = version === 1 ? `songs/${songId}` : `songs/${songId}/v${version}`;
  return {
    mp3: `${folder}/song.mp3`,
    wav: `${folder}/song.wav`,
    midi: `${folder}/song.mid`,
    peaks: `${folder}/peaks.json`,
    description: `${folder}/description.json`,
  };
};

/** The preview of a song's first seconds (progressive playback; see songs.previewKey). */
export const songPreviewKey = (songId: string) => `songs/${songId}/preview.mp3`;
