// A multipart upload sent the way a browser or an attacker streams it: a pull-based body with no
// Content-Length, produced 64 KB at a time only when the reader asks for more, so a test can see how
// far the reader has pulled (`produced`) and stop at points along the way (`at`) to look at the disk.
import { readdirSync, statSync } from "node:fs";
import { uploadFolder } from "~/server/uploads.server";

export const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

export interface StreamedUpload {
  request: Request;
  /** Bytes of the file part handed to the reader so far. */
  produced(): number;
}

export interface StreamedUploadOptions {
  url: string;
  field: string;
  filename?: string;
  contentType?: string;
  /** The file's bytes: a prefix (a WAV header), then `size` bytes in all, filled with `fill`. */
  prefix?: Uint8Array;
  size: number;
  fill?: number;
  /** Text fields sent before the file. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called (and awaited) each time another `every` bytes of the file have been produced. */
  at?: { every: number; run: (produced: number) => Promise<void> | void };
  /** The body fails after this many bytes of the file, as when the client goes away. */
  failAfter?: number;
}

export function streamedUpload(options: StreamedUploadOptions): StreamedUpload {
  const boundary = `----songloom-test-${Math.random().toString(36).slice(2)}`;
  const encoder = new TextEncoder();
  const head =
    Object.entries(options.fields ?? {})
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="${options.filename ?? "upload.bin"}"\r\n` +
    `Content-Type: ${options.contentType ?? "application/octet-stream"}\r\n\r\n`;
  const prefix = options.prefix ?? new Uint8Array();
  let produced = 0;
  let nextStop = options.at?.every ?? Infinity;
  let started = false;
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(head));
          return;
        }
        if (ended) return;
        if (options.failAfter !== undefined && produced >= options.failAfter) {
          controller.error(new Error("the client went away"));
          return;
        }
        if (produced >= options.size) {
          ended = true;
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        const length = Math.min(CHUNK, options.size - produced);
        const chunk = new Uint8Array(length).fill(options.fill ?? 0x61);
        if (produced < prefix.length) chunk.set(prefix.subarray(produced, produced + length));
        produced += length;
        controller.enqueue(chunk);
        if (produced >= nextStop) {
          nextStop += options.at!.every;
          await options.at!.run(produced);
        }
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(options.url, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, ...options.headers },
    body,
    signal: options.signal,
    duplex: "half",
  } as RequestInit);
  return { request, produced: () => produced };
}

/** The uploads waiting in the temporary folder, with their sizes. */
export function waitingUploads(): Array<{ name: string; size: number }> {
  let names: string[];
  try {
    names = readdirSync(uploadFolder());
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      return [{ name, size: statSync(`${uploadFolder()}/${name}`).size }];
    } catch {
      return [];
    }
  });
}

/** The largest waiting upload's size once it reaches `bytes`, polling briefly; the largest seen otherwise. */
export async function onDiskReaching(bytes: number): Promise<number> {
  let largest = 0;
  for (let attempt = 0; attempt < 200; attempt++) {
    largest = Math.max(0, ...waitingUploads().map((upload) => upload.size));
    if (largest >= bytes) return largest;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return largest;
}
