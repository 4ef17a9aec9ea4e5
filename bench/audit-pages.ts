// `npm run audit:pages` (issue 26): Lighthouse (mobile settings, its defaults) on the public pages of the
// built server, with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium): prints each page's four
// category scores (performance, accessibility, best practices, SEO; goal ≥ 95 each) as one JSON line.
// The server runs on a fresh Postgres database with one public song (bench/support/bench-server.ts).
// Slow (tens of seconds a page) and sensitive to the machine's load, so it is not part of CI; the figures
// are recorded in docs/share.md.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer } from "./support/bench-server";

const PORT = Number(process.env.BENCH_PORT ?? 3193);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const server = await startBenchServer(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const pages = ["/", "/pricing", "/faqs", "/sign-in", "/sign-up", `/s/${server.songId}`, `/embed/${server.songId}`];
  // AUDIT_PAGES=/,/faqs audits those only ({id} stands for the song).
  for (const path of process.env.AUDIT_PAGES?.split(",").map((page) => page.replace("{id}", server.songId)) ?? pages) {
    // A first request warms the route modules, so the audit measures the page rather than the server's start.
    await (await fetch(`${server.base}${path}`)).arrayBuffer();
    const result = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result || result.lhr.runtimeError) {
      console.log(JSON.stringify({ page: path.replace(server.songId, "{id}"), error: result?.lhr.runtimeError ?? "no result" }));
      continue;
    }
    const categories = result.lhr.categories;
    const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]));
    // The audits that cost points, so a score below the goal says what to fix.
    const failing = Object.values(result.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable" && audit.scoreDisplayMode !== "manual")
      .map((audit) => audit.id);
    const bytes = (result.lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024;
    console.log(JSON.stringify({ page: path.replace(server.songId, "{id}"), ...scores, transferKb: Math.round(bytes), failing }));
  }
} finally {
  await chrome.kill();
  await server.stop();
}
