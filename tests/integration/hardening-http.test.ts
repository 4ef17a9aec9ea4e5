// Request hardening over real HTTP against the built server on Postgres (issue 16, ADR 017): security
// headers and the CSP nonce (also on pages served from the HTML cache), cross-site refusals, body limits
// (declared and chunked, and no body read before the caller is known), the request time limit, and the
// health endpoints.
import "../support/http-env";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const root = path.resolve(__dirname, "../..");
const BUILD_DIR = ".cache/builds/hardening-http";
const database = setupTestDatabase("postgres");
const REQUEST_TIMEOUT_MS = 1500;
const MB = 1024 * 1024;

let server: ChildProcess;
let base: string;
let port: number;
let output = "";

beforeAll(async () => {
  const build = spawnSync("npx", ["remix", "build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", SONGLOOM_BUILD_DIR: BUILD_DIR },
  });
  expect(build.status, build.stderr).toBe(0);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      DATABASE_URL: database().url,
      APP_URL: base,
      WORKER_IN_PROCESS: "false",
      SONGLOOM_BUILD_DIR: BUILD_DIR,
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      // Clients reach this server directly: no peer is a proxy whose X-Forwarded-* may be believed.
      TRUST_PROXY: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok, { what: "the server", timeoutMs: 60_000 });
}, 240_000);

afterAll(() => {
  server?.kill("SIGKILL");
});

async function signedIn(): Promise<string> {
  const user = await createUser(database().db, { termsAccepted: true });
  return (await createSession(database().db, user.id)).cookie;
}

function nonceOf(csp: string | null): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

/** Every <script> in the page carries the nonce the policy names (else the browser would block it). */
async function expectScriptsAllowed(response: Response) {
  const csp = response.headers.get("content-security-policy");
  const nonce = nonceOf(csp);
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
  for (const attributes of scripts) {
    if (/\bsrc=|type="application\/ld\+json"/.test(attributes)) continue;
    expect(attributes).toContain(`nonce="${nonce}"`);
  }
  return { nonce, scripts: scripts.length };
}

describe("security headers", () => {
  test("a page has a nonce policy its inline scripts carry, and the other headers", async () => {
    const cookie = await signedIn();
    // /account: rendered on every request (/style, /library and /release/{id} come from the per-user cache).
    const response = await fetch(`${base}/account`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/media-src 'self' data: blob:/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("microphone=(self)");
    // Plain HTTP, and X-Forwarded-Proto is not believed from a peer that is not a trusted proxy: no HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const { scripts } = await expectScriptsAllowed(response);
    expect(scripts).toBeGreaterThan(0);
    const two = await fetch(`${base}/account`, { headers: { Cookie: cookie, "X-Forwarded-Proto": "https" } });
    expect(nonceOf(two.headers.get("content-security-policy"))).not.toBe(nonceOf(csp));
    expect(two.headers.get("strict-transport-security")).toBeNull();
  });

  test.each(["/style", "/library"])("%s from the per-user HTML cache is sent with the policy naming the nonce inside it", async (page) => {
    const cookie = await signedIn();
    const first = await fetch(`${base}${page}`, { headers: { Cookie: cookie } });
    const second = await fetch(`${base}${page}`, { headers: { Cookie: cookie } });
    const a = await expectScriptsAllowed(first);
    const b = await expectScriptsAllowed(second);
    expect(b.nonce).toBe(a.nonce);
    // Another user's copy is rendered for them, with a nonce of its own.
    const other = await expectScriptsAllowed(await fetch(`${base}${page}`, { headers: { Cookie: await signedIn() } }));
    expect(other.nonce).not.toBe(a.nonce);
  });

  test("what the policy blocks is reported to /csp-report and logged, path only", async () => {
    const csp = (await fetch(`${base}/sign-in`)).headers.get("content-security-policy");
    expect(csp).toContain("report-uri /csp-report");
    const report = { "csp-report": { "document-uri": `${base}/reset-password?token=secret`, "effective-directive": "script-src-elem", "blocked-uri": "inline" } };
    const response = await fetch(`${base}/csp-report`, { method: "POST", body: JSON.stringify(report), headers: { "Content-Type": "application/csp-report" } });
    expect(response.status).toBe(204);
    await waitFor(async () => output.includes("CSP violation: script-src-elem blocked inline on /reset-password"), { what: "the report in the log" });
    expect(output).not.toContain("token=secret");
  });

  test("JSON and static files get the headers too", async () => {
    for (const url of ["/api/build", "/favicon.svg", "/healthz"]) {
      const response = await fetch(`${base}${url}`);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), url).toContain("frame-ancestors 'none'");
    }
  });
});

describe("cross-site requests", () => {
  test("a sign-out posted from another origin is 403 and the session survives; from our origin it signs out", async () => {
    const cookie = await signedIn();
    const refused = await fetch(`${base}/sign-out`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(await refused.text()).toContain("came from another website");
    expect((await fetch(`${base}/library`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);

    const ours = await fetch(`${base}/sign-out`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: base } });
    expect(ours.status).toBe(302);
    expect((await fetch(`${base}/library`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(302);
  });

  test("Origin null, a cross-site Sec-Fetch-Site and a foreign Referer are refused; /api answers in its error shape", async () => {
    const cookie = await signedIn();
    const json = { "Content-Type": "application/json", Cookie: cookie };
    const cases: Record<string, string>[] = [{ Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { Referer: "https://evil.example/page" }];
    for (const headers of cases) {
      const response = await fetch(`${base}/api/song/abc`, { method: "PUT", body: JSON.stringify({ name: "Pwned" }), headers: { ...json, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await response.json()).error).toMatchObject({ status: 403, code: "cross_site_request" });
    }
    // Same-origin fetches (and API clients that send none of these headers) reach the route.
    const sameOrigin: Record<string, string>[] = [{ Origin: base }, { "Sec-Fetch-Site": "same-origin" }, { Referer: `${base}/library` }, {}];
    for (const headers of sameOrigin) {
      const response = await fetch(`${base}/api/song/abc`, { method: "PUT", body: JSON.stringify({ name: "Mine" }), headers: { ...json, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(404);
    }
  });
});

/**
 * Declares a `length`-byte body and sends only the headers: the answer must come before any body byte (a
 * client sending the body as well may find the connection closed under it, which says nothing of the server).
 */
function declaredOnly(method: string, url: string, length: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { ...headers, "Content-Length": String(length) } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body });
        request.destroy();
      });
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

/** Streams `total` bytes without a Content-Length (chunked); resolves with the status and how much was sent. */
function chunkedUpload(url: string, total: number, headers: Record<string, string>): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(url, { method: "POST", headers: { ...headers, "Transfer-Encoding": "chunked" } }, (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 97);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("body limits", () => {
  test("a declared length over the limit is 413 before the body is read", async () => {
    const form = await declaredOnly("POST", `${base}/sign-in`, 2 * MB, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(413);
    expect(form.body).toContain("1 MB at most");
    const cookie = await signedIn();
    const api = await declaredOnly("PUT", `${base}/api/song/abc`, 2 * MB, { "Content-Type": "application/json", Cookie: cookie });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body).error).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  test("a chunked body is cut at the limit with 413: forms at 1 MB, a signed-in user's audio upload at 50 MB", async () => {
    const form = await chunkedUpload(`${base}/sign-in`, 8 * MB, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(413);
    expect(form.sent).toBeLessThan(8 * MB);

    const cookie = await signedIn();
    const upload = await chunkedUpload(`${base}/api/vocal_files`, 120 * MB, { "Content-Type": "multipart/form-data; boundary=x", Cookie: cookie });
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body).error.message).toContain("50 MB at most");
    expect(upload.sent).toBeLessThan(120 * MB);
  });

  test("an anonymous upload to the API is refused (401) before its body is read", async () => {
    const upload = await chunkedUpload(`${base}/api/vocal_files`, 120 * MB, { "Content-Type": "multipart/form-data; boundary=x" });
    expect(upload.status).toBe(401);
    expect(upload.sent).toBeLessThan(120 * MB);
  });
});

describe("the request time limit and health checks", () => {
  test("a request with no answer in time gets 503 with a message, and is logged", async () => {
    // A form whose body never finishes: the action waits for it past REQUEST_TIMEOUT_MS.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/sign-in`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "1000" } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write("email=slow");
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toContain("took too long");
    await waitFor(async () => output.includes("503: POST /sign-in had no answer after 1500 ms"), { what: "the log line" });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  test("/healthz and /readyz answer while the database does", async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});
