// Swagger UI's script and stylesheet, served from the swagger-ui-dist package itself (no CDN), read once per
// process, for /admin/swagger and /developers (each route checks its own guard first).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const cache = new Map<string, Promise<Buffer>>();

function packageFile(file: string): Promise<Buffer> {
  let pending = cache.get(file);
  if (!pending) {
    const dir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    pending = readFile(path.join(dir, file));
    cache.set(file, pending);
  }
  return pending;
}

/** The named file, or a 404 thrown for any other name (nothing outside the two files is ever read). */
export async function swaggerAsset(file: string | undefined): Promise<Response> {
  const type = FILES[file ?? ""];
  if (!type || !file) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await packageFile(file)), { headers: { "Content-Type": type, "Cache-Control": "private, max-age=3600" } });
}
