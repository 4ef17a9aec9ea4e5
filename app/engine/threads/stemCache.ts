// Rendered stems kept on disk between renders of the same song, so an edit renders only the parts it
// changed (docs/edit-flow.md). A stem is a pure function of its scheduled track (notes in seconds and the
// sound that plays them) and the render length, so the key is a hash of exactly those: any change to a
// part's notes or instrument gives a new key, and an unchanged part finds its stem from the last render.
//
// One file per stem: a 4-byte header length, a JSON header, then the left and right float32 samples. The
// directory is trimmed to `maxBytes`, oldest files first; losing a file only costs a render.
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import path from "node:path";
import { hashId } from "../theory/hash";
import type { Seconds, StereoBuffer, Track } from "../types";

export interface CachedStem {
  stem: StereoBuffer;
  /** Integrated loudness the mixer stages the stem by, when it was measured at render time. */
  lufs?: number;
}

export interface StemCache {
  get(key: string): CachedStem | null;
  /** Whether get() would (probably) find it, without reading it: lets a render read each stem when needed. */
  has?(key: string): boolean;
  /** Must be called before the mixer processes the stem in place. */
  put(key: string, entry: CachedStem): void;
}

/** Version of the renderer's output: bump when a change to rendering makes cached stems stale. */
const RENDER_VERSION = 1;

export function stemCacheKey(track: Track, durationSeconds: Seconds): string {
  return hashId({ v: RENDER_VERSION, track, durationSeconds });
}

export class DiskStemCache implements StemCache {
  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  has(key: string): boolean {
    return existsSync(this.file(key));
  }

  get(key: string): CachedStem | null {
    // Read straight into the stem's own (aligned) buffers, which the mixer then writes into: reading the
    // whole file first would hold and copy every stem twice.
    let fd: number;
    try {
      fd = openSync(this.file(key), "r");
    } catch {
      return null;
    }
    try {
      const size = fstatSync(fd).size;
      const lengthBytes = Buffer.alloc(4);
      if (readSync(fd, lengthBytes, 0, 4, 0) !== 4) return null;
      const headerLength = lengthBytes.readUInt32LE(0);
      const headerBytes = Buffer.alloc(headerLength);
      if (readSync(fd, headerBytes, 0, headerLength, 4) !== headerLength) return null;
      const header = JSON.parse(headerBytes.toString("utf8")) as { sampleRate: number; length: number; lufs: number | null };
      const start = 4 + headerLength;
      const samples = header.length * 4;
      if (size !== start + 2 * samples) return null;
      const left = new Float32Array(header.length);
      const right = new Float32Array(header.length);
      if (readFully(fd, new Uint8Array(left.buffer), start) !== samples || readFully(fd, new Uint8Array(right.buffer), start + samples) !== samples) return null;
      // Marks it recently used, so trimming removes stems of songs nobody is editing first.
      const now = new Date();
      utimesSync(this.file(key), now, now);
      return { stem: { sampleRate: header.sampleRate, left, right }, ...(header.lufs !== null ? { lufs: header.lufs } : {}) };
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }

  put(key: string, { stem, lufs }: CachedStem): void {
    const header = Buffer.from(JSON.stringify({ sampleRate: stem.sampleRate, length: stem.left.length, lufs: lufs ?? null }), "utf8");
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length, 0);
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const target = this.file(key);
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const fd = openSync(temporary, "w");
    try {
      writeSync(fd, length);
      writeSync(fd, header);
      writeSync(fd, new Uint8Array(stem.left.buffer, stem.left.byteOffset, stem.left.byteLength));
      writeSync(fd, new Uint8Array(stem.right.buffer, stem.right.byteOffset, stem.right.byteLength));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    this.trim();
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.stem`);
  }

  private trim(): void {
    const files = readdirSync(this.dir)
      .filter((name) => name.endsWith(".stem"))
      .map((name) => {
        const file = path.join(this.dir, name);
        try {
          const stat = statSync(file);
          return { file, size: stat.size, used: stat.mtimeMs };
        } catch {
          return null;
        }
      })
      .filter((entry): entry is { file: string; size: number; used: number } => entry !== null)
      .sort((a, b) => b.used - a.used);
    let total = 0;
    for (const entry of files) {
      total += entry.size;
      if (total > this.maxBytes) {
        try {
          unlinkSync(entry.file);
        } catch {
          // Another process trimmed it first.
        }
      }
    }
  }
}

/** Reads `target.length` bytes from `position` (readSync may return fewer per call); returns how many it got. */
function readFully(fd: number, target: Uint8Array, position: number): number {
  let done = 0;
  while (done < target.length) {
    const n = readSync(fd, target, done, target.length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

const caches = new Map<string, DiskStemCache>();

/** One cache object per directory and process. */
export function diskStemCache(dir: string, maxBytes: number): DiskStemCache {
  let cache = caches.get(dir);
  if (!cache) {
    cache = new DiskStemCache(dir, maxBytes);
    caches.set(dir, cache);
  }
  return cache;
}
