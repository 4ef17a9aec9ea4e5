// The production server as `npm start` runs it: built, on embedded PGlite in a fresh data directory.
// It must boot (migrate, seed, start jobs), serve pages, and exit cleanly on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { waitFor } from "../support/wait";
import { freePort } from "../support/ports";

const root = path.resolve(__dirname, "../..");


function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

describe("the built server on embedded PGlite", () => {
  let server: ChildProcess;
  let dataDir: string;
  let port: number;
  let output = "";

  beforeAll(async () => {
    // Build what is in the tree now, so the test never runs a stale bundle. Vitest sets NODE_ENV=test, which
    // would give a development bundle; the server runs as in the Docker image, in production.
    const build = spawnSync("npx", ["remix", "build"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    expect(build.status, build.stderr).toBe(0);

    dataDir = mkdtempSync(path.join(tmpdir(), "songloom-server-"));
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production" };
    delete env.DATABASE_URL;
    env.SESSION_SECRET = "server-test-secret";
    env.APP_URL = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout?.on("data", (chunk) => (output += chunk));
    server.stderr?.on("data", (chunk) => (output += chunk));
  });

  afterAll(() => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("serves the home page with the Client-Build header, then exits with code 0 on SIGTERM", async () => {
    const response = await waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      },
      { timeoutMs: 90_000, intervalMs: 250, what: "the server to answer" },
    );
    expect(response.status, output).toBe(200);
    expect(response.headers.get("client-build")).toBe("2.67.2");
    expect(await response.text()).toContain("<html");

    // A method an api URL does not take is a 405 in the API's error shape (app/server/api-methods.server.ts).
    const wrongMethod = await fetch(`http://127.0.0.1:${port}/api/song/nosuchsong/copy`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect(await wrongMethod.json()).toEqual({ error: { status: 405, code: "method_not_allowed", message: "GET is not allowed here; use POST." } });
    // Requests Remix answers itself with a 4xx leave the log to real faults (app/server/error-log.server.ts).
    expect((await fetch(`http://127.0.0.1:${port}/api/no/such/route`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/no/such/page`, { method: "POST" })).status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${port}/no/such/page`)).status).toBe(404);
    // The request log names every path (one JSON line per request, msg "request"); nothing else may.
    const besidesRequestLog = output.split("\n").filter((line) => !line.includes('"msg":"request"')).join("\n");
    expect(besidesRequestLog).not.toMatch(/did not provide|does not match|nosuchsong|no\/such/);

    const exited = exitOf(server);
    server.kill("SIGTERM");
    // The bound only catches a hang; a healthy shutdown takes a fraction of it.
    const result = await Promise.race([
      exited,
      new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 30_000)),
    ]);
    expect(result, output).toEqual({ code: 0, signal: null });
  });
});
