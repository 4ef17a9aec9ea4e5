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
import type { Gain, Seconds, StereoBuffer, Track } from "../types";
import type { PartMix } from "../mix/partDefaults";
import { takeStem } from "../render/stemPool";

export interface CachedStem {
  stem: StereoBuffer;
  /** Integrated loudness the mixer stages the stem by, when it was measured at render time. */
  lufs?: number;
  /**
   * Set on a strip front (stripFrontCacheKey): `stem` is the dry stem after its channel strip's front,
   * these are the blocks the front skipped as silent.
   */
  skipped?: Uint8Array;
}

export interface StemCache {
  get(key: string): CachedStem | null;
  /** Whether get() would (probably) find it, without reading it: lets a render read each stem when needed. */
  has(key: string): boolean;
  /** The stored loudness of a cached stem, read without its samples; undefined when unknown. */
  lufs(key: string): number | undefined;
  /** Must be called before the mixer processes the stem in place. */
  put(key: string, entry: CachedStem): void;
}

/** Stems a thread may hold for writing later (putLater): beyond this many, the oldest is written at once. */
const MAX_WRITES_BEHIND = 3;

/** Version of the renderer's output: bump when a change to rendering makes cached stems stale. */
const RENDER_VERSION = 1;

export function stemCacheKey(track: Track, durationSeconds: Seconds): string {
  return hashId({ v: RENDER_VERSION, track, durationSeconds });
}

/** Version of the channel strip's front (mix/channelStrip.ts stripFront): bump when its output changes. */
const STRIP_FRONT_VERSION = 1;

/**
 * A stem after the front of its channel strip (gain, high-pass and EQ, compressor): a pure function of the
 * dry stem, the part's strip settings, the staging gain and the length, so the key is a hash of those.
 * The front is most of a strip's cost and no mix style changes it, so an edit that keeps a part's sound
 * and level (a mix style, an ambient effect, another part's instrument or notes) reads it back instead
 * of running it again.
 */
export function stripFrontCacheKey(stemKey: string, part: PartMix, gain: Gain, length: number): string {
  return `${STRIP_FRONT_PREFIX}${hashId({ v: STRIP_FRONT_VERSION, stemKey, part, gain, length })}`;
}

/** Strip fronts' file names start with this; dry stems' are bare hashes. */
export const STRIP_FRONT_PREFIX = "front-";

export class DiskStemCache implements StemCache {
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /**
   * Stems to write later (putLater), oldest first: an edit's new stem and strip front are written once the
   * render no longer waits for this thread (flushWrites), not while the mix is being made.
   */
  private readonly behind = new Map<string, CachedStem>();

  has(key: string): boolean {
    return this.behind.has(key) || existsSync(this.file(key));
  }

  lufs(key: string): number | undefined {
    const waiting = this.behind.get(key);
    if (waiting) return waiting.lufs;
    let fd: number;
    try {
      fd = openSync(this.file(key), "r");
    } catch {
      return undefined;
    }
    try {
      const lufs = readHeader(fd)?.header.lufs ?? undefined;
      // The stem's front may be read instead of the stem, but the front's key needs this loudness: the
      // stem counts as used, so trimming does not drop it while its front stays.
      const now = new Date();
      utimesSync(this.file(key), now, now);
      return lufs;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  get(key: string): CachedStem | null {
    // Read straight into the stem's own (aligned) buffers, which the mixer then writes into: reading the
    // whole file first would hold and copy every stem twice.
    const reader = this.openReader(key);
    if (!reader) return null;
    try {
      // A pooled stem when there is one that long: renderMix hands each back once mixed.
      const { left, right } = takeStem(reader.length, reader.sampleRate, { zeroed: false });
      if (!reader.readRange(0, reader.length, left, right)) return null;
      return {
        stem: { sampleRate: reader.sampleRate, left, right },
        ...(reader.lufs !== undefined ? { lufs: reader.lufs } : {}),
        ...(reader.skipped ? { skipped: reader.skipped } : {}),
      };
    } finally {
      reader.close();
    }
  }

  /**
   * Opens a cached stem to read in pieces (readRange), e.g. a strip front streamed into a mix a chunk at a
   * time instead of read whole into a 62 MB buffer; null if it is not there (or not yet written). The
   * caller closes it.
   */
  openReader(key: string): StemReader | null {
    // A stem still waiting to be written is read back from its file like any other: a reader of get()'s
    // result may process it in place.
    if (this.behind.has(key)) this.flushWrites();
    let fd: number;
    try {
      fd = openSync(this.file(key), "r");
    } catch {
      return null;
    }
    try {
      const size = fstatSync(fd).size;
      const read = readHeader(fd);
      if (!read || size !== read.start + 2 * read.header.length * 4) {
        closeSync(fd);
        return null;
      }
      // Marks it recently used, so trimming removes stems of songs nobody is editing first.
      const now = new Date();
      utimesSync(this.file(key), now, now);
      return StemReader.fromHeader(fd, read.header, read.start);
    } catch {
      closeSync(fd);
      return null;
    }
  }

  /**
   * Keeps the entry to be written by flushWrites(). The caller must leave its buffers unchanged from
   * now on: they are the cache's until written.
   */
  putLater(key: string, entry: CachedStem): void {
    this.behind.set(key, entry);
    if (this.behind.size > MAX_WRITES_BEHIND) {
      const [oldest, waiting] = this.behind.entries().next().value!;
      this.behind.delete(oldest);
      this.put(oldest, waiting);
    }
  }

  /** Writes every entry kept by putLater. */
  flushWrites(): void {
    for (const [key, entry] of this.behind) {
      this.behind.delete(key);
      this.put(key, entry);
    }
  }

  put(key: string, { stem, lufs, skipped }: CachedStem): void {
    const fields: StemHeader = { sampleRate: stem.sampleRate, length: stem.left.length, lufs: lufs ?? null };
    if (skipped) fields.skipped = Buffer.from(skipped.buffer, skipped.byteOffset, skipped.byteLength).toString("base64");
    const header = Buffer.from(JSON.stringify(fields), "utf8");
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

/** What another thread of this process needs to read an open stem: file descriptors are the process's. */
export interface OpenStem {
  fd: number;
  start: number;
  sampleRate: number;
  length: number;
  lufs: number | undefined;
  skipped: Uint8Array | undefined;
}

/**
 * A cached stem open for reading in pieces (DiskStemCache.openReader). Being open, it stays readable if
 * another process trims it meanwhile. Another thread may read it through `open` (StemReader.of).
 */
export class StemReader {
  readonly sampleRate: number;
  readonly length: number;
  readonly lufs: number | undefined;
  readonly skipped: Uint8Array | undefined;
  private readonly start: number;
  private fd: number;

  constructor(readonly open: OpenStem) {
    this.fd = open.fd;
    this.start = open.start;
    this.sampleRate = open.sampleRate;
    this.length = open.length;
    this.lufs = open.lufs;
    this.skipped = open.skipped;
  }

  static fromHeader(fd: number, header: StemHeader, start: number): StemReader {
    const skipped = header.skipped ? new Uint8Array(Buffer.from(header.skipped, "base64")) : undefined;
    return new StemReader({ fd, start, sampleRate: header.sampleRate, length: header.length, lufs: header.lufs ?? undefined, skipped });
  }

  /** Reads samples [from, from + count) of both channels into left/right[0, count); false if the file fell short. */
  readRange(from: number, count: number, left: Float32Array, right: Float32Array): boolean {
    const bytes = count * 4;
    return (
      readFully(this.fd, new Uint8Array(left.buffer, left.byteOffset, bytes), this.start + from * 4) === bytes &&
      readFully(this.fd, new Uint8Array(right.buffer, right.byteOffset, bytes), this.start + (this.length + from) * 4) === bytes
    );
  }

  /** Closes the file: only the thread that opened it, once no other thread reads it. */
  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
  }
}

interface StemHeader {
  sampleRate: number;
  length: number;
  lufs: number | null;
  /** A strip front's skipped blocks, base64. */
  skipped?: string;
}

/** The JSON header after the 4-byte length, and where the samples start; null for a short file. */
function readHeader(fd: number): { header: StemHeader; start: number } | null {
  const lengthBytes = Buffer.alloc(4);
  if (readSync(fd, lengthBytes, 0, 4, 0) !== 4) return null;
  const headerLength = lengthBytes.readUInt32LE(0);
  const headerBytes = Buffer.alloc(headerLength);
  if (readSync(fd, headerBytes, 0, headerLength, 4) !== headerLength) return null;
  return { header: JSON.parse(headerBytes.toString("utf8")) as StemHeader, start: 4 + headerLength };
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

/** Writes what every cache of this thread kept for later (DiskStemCache.putLater). */
export function flushStemWrites(): void {
  for (const cache of caches.values()) cache.flushWrites();
}

/** One cache object per directory and thread. */
export function diskStemCache(dir: string, maxBytes: number): DiskStemCache {
  let cache = caches.get(dir);
  if (!cache) {
    cache = new DiskStemCache(dir, maxBytes);
    caches.set(dir, cache);
  }
  return cache;
}
