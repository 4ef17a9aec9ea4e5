// `npm run bench:js`: the JavaScript a visitor's browser downloads for the home page, gzipped, from the
// production build (run `npm run build` first). The budget for public pages is 60 KB gzipped (issue 4).
// Counts what Remix puts in the page: the route manifest, the client entry, and the modules (with their
// preloaded imports) of the routes that match `/`: root and routes/_index. Chunks loaded later on demand,
// such as howler on the first play, are not counted: the home page never asks for them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 60 * 1024;
const ROUTES = ["root", "routes/_index"];

interface AssetsManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as { assets: AssetsManifest };
const { assets } = build;
const urls = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
for (const id of ROUTES) {
  const route = assets.routes[id];
  if (!route) throw new Error(`No route ${id} in the build`);
  urls.add(route.module);
  for (const url of route.imports ?? []) urls.add(url);
}

const files = [...urls].map((url) => {
  const source = readFileSync(path.join("public", url));
  return { url, bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length, howler: source.includes("howler.js v2") };
});
const totalGzip = files.reduce((sum, file) => sum + file.gzipBytes, 0);
for (const file of files) console.log(`${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file.url}`);
console.log(
  JSON.stringify({
    page: "/",
    files: files.length,
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    totalGzipBytes: totalGzip,
    totalGzipKB: Number((totalGzip / 1024).toFixed(1)),
    budgetKB: BUDGET_BYTES / 1024,
    withinBudget: totalGzip <= BUDGET_BYTES,
    howlerLoaded: files.some((file) => file.howler),
  }),
);
if (totalGzip > BUDGET_BYTES) process.exitCode = 1;
