// Operations endpoints as server.mjs wires them (issue 24): request ids and the JSON request log, latency
// by Remix route id, /metrics behind METRICS_TOKEN (queue depth counted in PostgreSQL, job durations, render
// stages, RSS), and /readyz checking the database, the queues and media storage.
import { METRICS_TEST_TOKEN as TOKEN } from "../support/metrics-env";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { enqueue } from "#jobs/enqueue";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { renderPreviewOffThread } from "~/engine/threads";
import { healthChecks } from "~/server/hardening/health.server";
import * as observability from "~/server/observability";
import { S3Storage } from "~/server/s3-storage.server";
import { getStorage, useStorage } from "~/server/storage.server";
import { setupTestDatabase } from "../support/database";
import { useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");
useSongServices(database);


// The shape of a Remix build's route table, as server.mjs passes build.routes.
const routes = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/s.$songId": { id: "routes/s.$songId", parentId: "root", path: "s/:songId" },
  "routes/media.songs.$songId.$file": { id: "routes/media.songs.$songId.$file", parentId: "root", path: "media/songs/:songId/:file" },
};

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(observability.requestLog(observability.routeLabeller(routes)));
  app.use(observability.metricsEndpoint);
  app.use(healthChecks);
  app.get("/s/:songId", (req, res) => res.send(`song ${req.params.songId} request ${req.get("x-request-id")}`));
  app.get("/boom", (_req, res) => res.status(500).send("no"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
});

describe("request ids and the request log", () => {
  it("gives each request an id, keeps a sane one the client sent, and logs one JSON line with the route", async () => {
    const lines: { line: Record<string, unknown>; message: string }[] = [];
    const spy = vi.spyOn(observability.log, "info").mockImplementation(((line: Record<string, unknown>, message: string) => void lines.push({ line, message })) as never);
    try {
      const fresh = await fetch(`${base}/s/abcdefghijklmnopqrstuvwx`);
      const id = fresh.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // Remix sees the same id as a request header.
      expect(await fresh.text()).toContain(`request ${id}`);
      const kept = await fetch(`${base}/s/other`, { headers: { "X-Request-Id": "lb-7f3a.1" } });
      expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.1");
      const refused = await fetch(`${base}/s/other`, { headers: { "X-Request-Id": "bad id with spaces; and <tags>" } });
      // A fresh id instead (a random one may well contain the letters "bad": it is hex).
      expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await vi.waitFor(() => expect(lines).toHaveLength(3));
      expect(lines[0]).toMatchObject({ message: "request", line: { reqId: id, method: "GET", route: "routes/s.$songId", status: "200", path: "/s/abcdefghijklmnopqrstuvwx" } });
      expect(lines[1].line).toMatchObject({ reqId: "lb-7f3a.1" });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("/metrics", () => {
  it("refuses a scraper without the token", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer wrong-token-000000000" } })).status).toBe(401);
  });

  it("reports latency by route, queue depth, job durations, render stages and RSS", async () => {
    await fetch(`${base}/s/qwertyuiopasdfghjklzxcvb`);
    await fetch(`${base}/boom`);
    await enqueue("song.wav", { songId: "metrics-test-song" });
    observability.observeRenderStages({ compose: 120, render: 2400, total: 3000 });
    observability.jobDuration.observe({ queue: "song.render", outcome: "completed" }, 12);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="routes\/s\.\$songId",status="2xx"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status="5xx"\} 1/);
    // Song ids never become labels: the raw path is not in the output.
    expect(text).not.toContain("qwertyuiop");
    expect(text).toMatch(/songloom_queue_jobs\{queue="song\.wav",state="created"\} 1/);
    expect(text).toMatch(/songloom_job_duration_seconds_count\{queue="song\.render",outcome="completed"\} 1/);
    expect(text).toMatch(/songloom_render_stage_seconds_sum\{stage="render"\} 2\.4/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  it("reports each engine thread's heap and ArrayBuffers once this process has rendered on it", async () => {
    const scrape = async () => (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(await scrape()).not.toMatch(/songloom_engine_thread_bytes\{thread="preview"/);
    const params = defaultSongParams("wd_lofi", 5);
    const composition = compose(params);
    await renderPreviewOffThread(composition, produce(params, composition), 1);
    const text = await scrape();
    const heap = Number(/^songloom_engine_thread_bytes\{thread="preview",kind="heap"\} (\d+)$/m.exec(text)?.[1]);
    expect(heap).toBeGreaterThan(1024 * 1024);
    expect(text).toMatch(/^songloom_engine_thread_bytes\{thread="preview",kind="arrayBuffers"\} \d+$/m);
  });
});

describe("/readyz", () => {
  it("is ready when the database, the queues and storage answer, and names storage when it does not", async () => {
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: "ready" });
    const disk = getStorage();
    // A bucket on a port nothing listens on.
    useStorage(new S3Storage({ bucket: "nowhere", endpoint: "http://127.0.0.1:9", accessKeyId: "x", secretAccessKey: "y" }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const down = await fetch(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect((await down.json()).reason).toMatch(/^media storage refused the check/);
    } finally {
      errors.mockRestore();
      useStorage(disk);
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
