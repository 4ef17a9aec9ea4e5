// /admin/swagger/assets/{file} (openapi viewer): Swagger UI's script and stylesheet, served from the
// swagger-ui-dist package itself (no CDN), read once per process.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/server/guards.server";

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "openapi:viewer");
  const file = params.file ?? "";
  const type = FILES[file];
  if (!type) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await packageFile(file)), { headers: { "Content-Type": type, "Cache-Control": "private, max-age=3600" } });
}
