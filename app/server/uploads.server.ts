// Reading a file upload without holding it in memory (issue 16, finding 2). busboy parses the multipart
// body as it streams in; the one file part a route expects is written to a temporary file as it arrives
// (with back-pressure: a slow disk slows the sender down instead of filling memory), counted, and cut off
// the moment it passes the route's limit. The other fields are small text, kept as form values. Every
// temporary file is removed when the read fails (too large, malformed, the sender went away or the
// request's deadline passed), and by `cleanup()` once the route is done with it.
//
// The express-level body limit (hardening/body-limits.server.ts) still bounds the whole request; this
// reader gives the route its own limit on the file with the route's own message.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

export interface UploadedFile {
  /** The temporary file holding the upload. */
  path: string;
  /** The name the browser sent (base name only), "" when none. */
  filename: string;
  contentType: string;
  size: number;
}

export interface MultipartUpload {
  /** The text fields (a file part under another name is read past and dropped). */
  fields: FormData;
  /** The expected field's file, or null when none was chosen (a form sends an empty nameless part then). */
  file: UploadedFile | null;
  /** Removes the temporary file; safe to call more than once, and after the file was moved or deleted. */
  cleanup(): Promise<void>;
}

/** The file passed the route's limit; nothing of it is kept. */
export class UploadTooLargeError extends Error {
  constructor(
    readonly field: string,
    readonly limit: number,
  ) {
    super(`${field} is over ${limit} bytes`);
    this.name = "UploadTooLargeError";
  }
}

/** Not multipart/form-data, malformed, or cut short (the sender went away). */
export class UploadUnreadableError extends Error {
  constructor(cause?: unknown) {
    super("The upload could not be read.", { cause });
    this.name = "UploadUnreadableError";
  }
}

/** Where uploads wait while a route checks them; read at each call so tests can point TMPDIR elsewhere. */
export function uploadFolder(): string {
  return path.join(os.tmpdir(), "songloom-uploads");
}

/**
 * An upload still being written has a fresh modification time (every chunk touches it), so a file this
 * much older than now belongs to a read that ended without its cleanup: a process that crashed or was
 * killed mid-upload. Far longer than any upload's request deadline.
 */
export const STALE_UPLOAD_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the temporary upload files that a crashed process left behind (run at start-up). Only files of
 * ours (`*.upload`) untouched for `maxAgeMs`: another process on the same machine may be streaming an
 * upload into this folder right now, and its files are recent. A file that vanishes meanwhile (that
 * process cleaned it up) is not an error. Returns how many were removed.
 */
export async function removeStaleUploads(options: { maxAgeMs?: number; now?: number } = {}): Promise<number> {
  const folder = uploadFolder();
  const cutoff = (options.now ?? Date.now()) - (options.maxAgeMs ?? STALE_UPLOAD_AGE_MS);
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".upload")) continue;
    const file = path.join(folder, entry.name);
    try {
      if ((await stat(file)).mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

/** Text fields are short on every upload form; far more than enough, and bounded. */
const FIELD_LIMITS = { fields: 50, fieldSize: 64 * 1024, parts: 60, headerPairs: 20 } as const;

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads `request` as multipart/form-data, streaming the file in `field` (at most `maxBytes`) to a
 * temporary file. Throws UploadTooLargeError or UploadUnreadableError, having removed what it wrote.
 */
export async function readMultipartUpload(request: Request, options: { field: string; maxBytes: number }): Promise<MultipartUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!isMultipart(request) || !request.body) throw new UploadUnreadableError();
  let parser: busboy.Busboy;
  try {
    // One more byte than allowed, so a file of exactly maxBytes is not reported as cut off.
    parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { ...FIELD_LIMITS, fileSize: options.maxBytes + 1 } });
  } catch (error) {
    throw new UploadUnreadableError(error);
  }
  const folder = uploadFolder();
  await mkdir(folder, { recursive: true });

  const fields = new FormData();
  const temporary: string[] = [];
  const writes: Promise<void>[] = [];
  let file: UploadedFile | null = null;
  let tooLarge = false;
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const stop = (error: Error) => source.destroy(error);

  parser.on("field", (name, value) => fields.append(name, value));
  parser.on("file", (name, stream, info) => {
    // Only the first file of the expected field is kept; anything else is read past.
    if (name !== options.field || file) return void stream.resume();
    const target = path.join(folder, `${randomBytes(12).toString("hex")}.upload`);
    temporary.push(target);
    file = { path: target, filename: info.filename ?? "", contentType: info.mimeType, size: 0 };
    stream.once("limit", () => {
      tooLarge = true;
      stop(new UploadTooLargeError(options.field, options.maxBytes));
    });
    const write = pipeline(stream, createWriteStream(target));
    // A failed write (disk full) ends the whole read; its rejection is awaited below.
    write.catch((error: Error) => stop(error));
    writes.push(write);
  });
  // The request's deadline (or the client hanging up) ends a body that stopped arriving.
  const onAbort = () => stop(new UploadUnreadableError(request.signal.reason));
  request.signal.addEventListener("abort", onAbort, { once: true });

  const cleanup = async () => {
    await Promise.all(temporary.map((each) => rm(each, { force: true })));
  };
  try {
    if (request.signal.aborted) throw new UploadUnreadableError(request.signal.reason);
    await pipeline(source, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await cleanup();
    if (tooLarge) throw new UploadTooLargeError(options.field, options.maxBytes);
    throw error instanceof UploadUnreadableError ? error : new UploadUnreadableError(error);
  } finally {
    request.signal.removeEventListener("abort", onAbort);
  }

  const received = file as UploadedFile | null;
  if (received) {
    received.size = (await stat(received.path)).size;
    // An empty file input: the browser sends a part with no name and no bytes.
    if (received.size === 0 && received.filename === "") {
      await cleanup();
      return { fields, file: null, cleanup };
    }
  }
  return { fields, file: received, cleanup };
}
