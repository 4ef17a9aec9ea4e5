// The browser's HTTP client rules (spec 3 §8 "HTTP client behaviour"), in one place for every call a page
// makes from the browser: the explicit fetch() calls, the player's API calls and Remix's own data requests
// (loaders, actions, fetchers), because entry.client.tsx installs it as window.fetch for same-origin URLs.
//
// - 401 from /api: the session is checked again (GET /api/user, our "refresh": the session and device
//   cookies replace the spec's token and fingerprint, ADR 005) and the call retried, at most twice; when
//   the session is gone the user is signed out (sent to sign-in, back here afterwards).
// - 408, 502, 503 and 504: retried twice with back-off. A GET or HEAD always; any other method only on 408
//   and 503, the answers that say the request was not carried out (a 502/504 POST may have been, and
//   sending it again could, say, create songs twice).
// - 409 from /api: the page's view is stale: it reloads, unless the caller shows the conflict itself
//   (`conflict: "return"`). A page's own action that answers 409 shows its message instead.
// - Every request times out after 300 s (spec 3 §9).

/** Spec 3 §8/§9: retries 2, request time-out 300000 ms. */
export const RETRIES = 2;
export const REQUEST_TIMEOUT_MS = 300_000;
export const RETRIED_STATUSES = [408, 502, 503, 504] as const;
/** Waits before the first and the second retry; a Retry-After header (seconds) up to 10 s wins. */
export const BACKOFF_MS = [500, 1_500] as const;

export interface ClientOptions {
  /** "reload" (default): a 409 reloads the page. "return": the caller reads the 409 and explains it. */
  conflict?: "reload" | "return";
}

export interface ClientEnvironment {
  /** The real fetch. */
  fetch: typeof fetch;
  /** The page's origin, to tell own requests from others. */
  origin: string;
  sleep(ms: number): Promise<void>;
  reload(): void;
  /** The session is gone: leave for sign-in. */
  signOut(): void;
  /** Whether the page was shown to a signed-in user (a visitor's 401 is only an answer, not a lost session). */
  signedIn(): boolean;
  timeoutMs?: number;
}

export class RequestTimeoutError extends Error {
  constructor(url: string) {
    super(`The request to ${url} took longer than ${REQUEST_TIMEOUT_MS / 1000} s.`);
    this.name = "TimeoutError";
  }
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit, options?: ClientOptions) => Promise<Response>;

/** A fetch with the rules above, over the given environment (a fake one in tests). */
export function createClient(env: ClientEnvironment): Fetch {
  return async function clientFetch(input, init, options = {}) {
    const url = new URL(input instanceof Request ? input.url : String(input), env.origin);
    // Other sites' URLs (none today) are not ours to retry or to sign anyone out for.
    if (url.origin !== env.origin) return env.fetch(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const idempotent = method === "GET" || method === "HEAD";
    // A Request's body can be read once: keep a pristine copy to send again.
    const original = input instanceof Request ? input.clone() : input;
    let statusRetries = 0;
    let sessionRetries = 0;
    for (;;) {
      const attempt = original instanceof Request ? original.clone() : original;
      const response = await withTimeout(env, attempt, init, url.pathname);
      const status = response.status;
      if ((RETRIED_STATUSES as readonly number[]).includes(status) && statusRetries < RETRIES && (idempotent || status === 408 || status === 503)) {
        await env.sleep(backoff(response, statusRetries));
        statusRetries += 1;
        continue;
      }
      if (status === 401 && url.pathname.startsWith("/api/") && url.pathname !== "/api/user" && env.signedIn()) {
        if (sessionRetries < RETRIES && (await sessionAlive(env))) {
          sessionRetries += 1;
          continue;
        }
        env.signOut();
        return response;
      }
      // A page's own action answering 409 (Remix data requests) renders its message: only API calls reload.
      if (status === 409 && url.pathname.startsWith("/api/") && (options.conflict ?? "reload") === "reload") env.reload();
      return response;
    }
  };
}

function backoff(response: Response, retry: number): number {
  const after = Number(response.headers.get("Retry-After"));
  if (Number.isFinite(after) && after > 0) return Math.min(after * 1000, 10_000);
  return BACKOFF_MS[Math.min(retry, BACKOFF_MS.length - 1)];
}

/** The "refresh": is the session still good? */
async function sessionAlive(env: ClientEnvironment): Promise<boolean> {
  try {
    const response = await withTimeout(env, "/api/user", { headers: { Accept: "application/json" } }, "/api/user");
    return response.ok;
  } catch {
    return false;
  }
}

async function withTimeout(env: ClientEnvironment, input: RequestInfo | URL, init: RequestInit | undefined, what: string): Promise<Response> {
  const controller = new AbortController();
  const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  // The caller's own abort (a search box's newer query) still aborts, with the caller's reason.
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  callerSignal?.addEventListener("abort", onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new RequestTimeoutError(what));
  }, env.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    return await env.fetch(input, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(what);
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onAbort);
  }
}

let installed: Fetch | null = null;

/** The browser's client over the real window (entry.client.tsx installs it first thing). */
export function installClient(win: Window & typeof globalThis): Fetch {
  if (installed) return installed;
  const raw = win.fetch.bind(win);
  const client = createClient({
    fetch: raw,
    origin: win.location.origin,
    sleep: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
    reload: () => win.location.reload(),
    signOut: () => {
      const here = `${win.location.pathname}${win.location.search}`;
      win.location.assign(`/sign-in?redirectFrom=${encodeURIComponent(here)}`);
    },
    signedIn: () => win.document.documentElement.dataset.signedIn === "true",
  });
  installed = client;
  // Remix's loaders, actions and fetchers call the global fetch: they get the same rules.
  win.fetch = ((input: RequestInfo | URL, init?: RequestInit) => client(input, init)) as typeof fetch;
  return client;
}

/**
 * A page's explicit call with the client's rules; `conflict: "return"` for calls whose 409 the page explains.
 * Before installation (server rendering never calls it) it falls back to the plain fetch.
 */
export function apiFetch(input: RequestInfo | URL, init?: RequestInit, options?: ClientOptions): Promise<Response> {
  return installed ? installed(input, init, options) : fetch(input, init);
}
