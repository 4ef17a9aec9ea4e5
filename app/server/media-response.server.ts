// One stored media file as an HTTP answer: ETag/304, a single byte range (seeking in <audio>) and the given
// Cache-Control. Every media route answers through it (songs' files, voice previews, vocal review files).
import { getStorage, type ByteRange } from "./storage.server";

export async function storedMediaResponse(request: Request, key: string, type: string, cacheControl: string): Promise<Response> {
  const storage = getStorage();
  const stored = await storage.stat(key);
  if (!stored) return mediaNotFound();
  const headers = new Headers({ "Content-Type": type, "Accept-Ranges": "bytes", ETag: stored.etag, "Last-Modified": stored.modifiedAt.toUTCString(), "Cache-Control": cacheControl });
  if (request.headers.get("If-None-Match") === stored.etag) return new Response(null, { status: 304, headers });
  const header = request.headers.get("Range");
  // If-Range: a range of a file that has changed since would splice two versions; send it whole instead.
  const ifRange = request.headers.get("If-Range");
  const range = header && (!ifRange || ifRange === stored.etag) ? parseRange(header, stored.size) : undefined;
  if (range === null) {
    headers.set("Content-Range", `bytes */${stored.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = request.method === "HEAD" ? null : storage.createReadStream(key, range);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stored.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(stored.size));
  return new Response(body, { status: 200, headers });
}

/**
 * One `bytes=` range (browsers ask for one), clamped to the file. Undefined when the header is not one
 * we serve partially (several ranges, other units): then the whole file is sent, which HTTP allows.
 * Null when the range cannot be satisfied (416).
 */
export function parseRange(header: string, size: number): ByteRange | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

export function mediaNotFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
