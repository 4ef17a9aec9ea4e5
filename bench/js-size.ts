// `npm run bench:js`: the JavaScript a browser downloads for each public page, gzipped, against the 60 KB
// budget (issue 4). Runs the built server (`npm run build` first; bench/support/bench-server.ts) and reads
// each page as the browser would: the served HTML's <script src>, <link rel="modulepreload"> and the
// imports of inline module scripts, then every static import of those modules, each fetched from the server
// with `Accept-Encoding: gzip` and counted as the bytes on the wire. Inline scripts count too (gzipped on
// their own). Chunks loaded later on demand (dynamic import(), such as howler on the first play) are not
// counted. Public pages are read as a visitor; one signed-in page is printed for comparison, unbudgeted.
import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { startBenchServer } from "./support/bench-server";

const BUDGET_BYTES = 60 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 3193);

interface Download {
  status: number;
  body: Buffer;
  wireBytes: number;
}

/** GET with gzip accepted; `wireBytes` is the body as sent (compressed when the server compressed it). */
function download(url: string, cookie?: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Accept-Encoding": "gzip" };
    if (cookie) headers.Cookie = cookie;
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzipped = response.headers["content-encoding"] === "gzip";
          resolve({ status: response.statusCode ?? 0, body: gzipped ? gunzipSync(raw) : raw, wireBytes: raw.length });
        });
      })
      .on("error", reject);
  });
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Script URLs and inline scripts of a page's HTML. */
function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const [, tag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    const type = attr(tag, "type");
    if (type && type !== "module" && type !== "text/javascript") continue; // JSON-LD and other data
    const src = attr(tag, "src");
    if (src) urls.push(src);
    else if (body.trim()) {
      inline.push(body);
      if (type === "module") urls.push(...importsOf(body));
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (attr(tag, "rel") === "modulepreload") urls.push(attr(tag, "href")!);
  }
  return { urls, inline };
}

/** Static imports of a module (not dynamic import(): those load later, on demand). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']/g)) {
    found.push(specifier);
  }
  return found;
}

async function measurePage(base: string, path: string, cookie?: string) {
  const page = await download(`${base}${path}`, cookie);
  const html = page.body.toString("utf8");
  const { urls, inline } = scriptsOf(html);
  const seen = new Map<string, number>();
  const queue = urls.map((url) => new URL(url, `${base}${path}`).href);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const file = await download(url);
    if (file.status !== 200) throw new Error(`${url} answered ${file.status}`);
    seen.set(url, file.wireBytes);
    for (const specifier of importsOf(file.body.toString("utf8"))) queue.push(new URL(specifier, url).href);
  }
  const inlineGzip = inline.reduce((sum, script) => sum + gzipSync(script).length, 0);
  const filesGzip = [...seen.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { status: page.status, files: seen.size, inlineScripts: inline.length, inlineGzipBytes: inlineGzip, totalGzipBytes: filesGzip + inlineGzip };
}

const server = await startBenchServer(PORT);
let overBudget = false;
try {
  const { base, cookie, songId } = server;
  const publicPages = [
    "/",
    "/pricing",
    "/about",
    "/terms",
    "/eula",
    "/privacy",
    "/faqs",
    `/s/${songId}`,
    `/song/${songId}`,
    `/share/${songId}`,
    "/sign-in",
    "/sign-up",
    "/forgot-password",
    "/reset-password",
    "/no-such-page",
  ];
  for (const path of publicPages) {
    const result = await measurePage(base, path);
    const withinBudget = result.totalGzipBytes <= BUDGET_BYTES;
    overBudget ||= !withinBudget;
    const label = path.replace(songId, "{id}");
    console.log(JSON.stringify({ bench: `js.${label}`, visitor: true, ...result, totalGzipKB: kb(result.totalGzipBytes), budgetKB: BUDGET_BYTES / 1024, withinBudget }));
  }
  const signedIn = await measurePage(base, "/style", cookie);
  console.log(JSON.stringify({ bench: "js./style", visitor: false, note: "signed in: the full app, not budgeted", ...signedIn, totalGzipKB: kb(signedIn.totalGzipBytes) }));
} finally {
  await server.stop();
}
if (overBudget) process.exitCode = 1;

function kb(bytes: number): number {
  return Number((bytes / 1024).toFixed(1));
}
