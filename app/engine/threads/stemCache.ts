// Rendered stems kept on disk between renders of the same song, so an edit renders only the parts it
// changed (docs/edit-flow.md). A stem is a pure function of its scheduled track (notes in seconds and the
// sound that plays them) and the render length, so the key is a hash of exactly those: any change to a
// part's notes or instrument gives a new key, and an unchanged part finds its stem from the last render.
//
// One file per stem: a 4-byte header length, a JSON header, then the left and right float32 samples. The
// directory is trimmed to `maxBytes`, oldest files first; losing a file only costs a render.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
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

  get(key: string): CachedStem | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file(key));
      // Marks it recently used, so trimming removes stems of songs nobody is editing first.
      const now = new Date();
      utimesSync(this.file(key), now, now);
    } catch {
      return null;
    }
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString("utf8")) as { sampleRate: number; length: number; lufs: number | null };
    const start = 4 + headerLength;
    const samples = header.length * 4;
    if (bytes.length !== start + 2 * samples) return null;
    // Copies into fresh, aligned buffers: the mixer writes into stems, and a Buffer's offset may be unaligned.
    const left = new Float32Array(header.length);
    const right = new Float32Array(header.length);
    new Uint8Array(left.buffer).set(bytes.subarray(start, start + samples));
    new Uint8Array(right.buffer).set(bytes.subarray(start + samples, start + 2 * samples));
    return { stem: { sampleRate: header.sampleRate, left, right }, ...(header.lufs !== null ? { lufs: header.lufs } : {}) };
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
