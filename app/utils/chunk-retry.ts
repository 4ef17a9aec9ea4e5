// A script chunk that fails to load (a deploy replaced it, the network dropped) would leave a page that
// looks alive but does nothing, or a blank screen after a navigation: show a retry page instead (spec 3 §8).
// Root's <head> inlines watchChunkLoads before any module script, so it also sees the entry chunk fail.
// It must stay self-contained (it is sent as its own source text): no imports, no outer names.

export const RETRY_PAGE_ID = "chunk-retry";

export function watchChunkLoads(win: Window & typeof globalThis): void {
  const FLAG = "songloom:chunk-failed";
  const isOurChunk = (url: string | null | undefined) => !!url && new URL(url, win.location.href).pathname.startsWith("/build/");
  let lastLink: string | null = null;
  const show = (retryHref: string | null) => {
    const doc = win.document;
    if (doc.getElementById("chunk-retry")) return;
    const page = doc.createElement("div");
    page.id = "chunk-retry";
    page.setAttribute("role", "alertdialog");
    page.setAttribute("aria-labelledby", "chunk-retry-title");
    page.style.cssText = "position:fixed;inset:0;z-index:100;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;background:#0d0a17;color:#f1f5f9;font:16px system-ui,sans-serif;text-align:center";
    const title = doc.createElement("h1");
    title.id = "chunk-retry-title";
    title.textContent = "This page didn't finish loading";
    title.style.cssText = "font-size:24px;font-weight:600;margin:0";
    const text = doc.createElement("p");
    text.textContent = "Part of Songloom could not be downloaded. Check your connection and try again.";
    text.style.margin = "0";
    const button = doc.createElement("button");
    button.type = "button";
    button.textContent = "Try again";
    button.style.cssText = "border-radius:9999px;padding:10px 20px;font-weight:600;background:#a78bfa;color:#0d0a17;border:0;cursor:pointer";
    button.addEventListener("click", () => (retryHref ? win.location.assign(retryHref) : win.location.reload()));
    page.append(title, text, button);
    const attach = () => (doc.body ?? doc.documentElement).append(page);
    if (doc.body) attach();
    else doc.addEventListener("DOMContentLoaded", attach);
  };
  // Remix answers a route chunk that fails to import by reloading the page it is on, which would silently
  // undo the click: remember the failure (and where the user was going) for the reloaded page to show.
  const remember = () => {
    try {
      win.sessionStorage.setItem(FLAG, JSON.stringify({ at: Date.now(), href: lastLink }));
    } catch {
      // Storage refused (private mode): the page below is shown at once instead.
    }
    show(lastLink);
  };
  try {
    const raw = win.sessionStorage.getItem(FLAG);
    win.sessionStorage.removeItem(FLAG);
    const failed = raw ? (JSON.parse(raw) as { at: number; href: string | null }) : null;
    if (failed && Date.now() - failed.at < 30_000) show(failed.href);
  } catch {
    // No storage: nothing remembered.
  }
  win.document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (link && link.origin === win.location.origin) lastLink = link.href;
    },
    true,
  );
  // A <script> or modulepreload <link> of ours that fails fires an error event that does not bubble: capture it.
  win.addEventListener(
    "error",
    (event) => {
      const target = event.target as (HTMLScriptElement & HTMLLinkElement) | null;
      if (target && target !== (win as unknown) && isOurChunk(target.src || target.href)) remember();
    },
    true,
  );
  // A dynamic import() that fails outside Remix rejects with a TypeError naming the module; Remix's own
  // failed import is reported through console.error just before it reloads.
  win.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? "");
    if (/dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message)) remember();
  });
  const consoleError = win.console.error.bind(win.console);
  win.console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("Error loading route module")) remember();
    consoleError(...args);
  };
}

/** The inline script's text. */
export function chunkRetryScript(): string {
  return `(${watchChunkLoads.toString()})(window);`;
}
