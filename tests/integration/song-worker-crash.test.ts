// A worker process killed in the middle of a render: pg-boss notices the missing heartbeat, retries the
// job on another worker, and the song completes; its status never went backwards on the way. This is a
// full-length render in real `npm run worker` processes, so it takes a minute or two.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSongs } from "~/services/songs/create.server";
import { findSong } from "~/models/song.server";
import { setupTestDatabase } from "../support/database";
import { createUser } from "../support/auth";
import { waitFor } from "../support/wait";
import { startBoss, stopBoss } from "#jobs/boss";

const root = path.resolve(__dirname, "../..");
const database = setupTestDatabase("postgres");

function startWorker(url: string, dataDir: string): ChildProcess {
  // tsx as a loader in this very process, not tsx's CLI: the CLI runs the worker in a child of its own,
  // so SIGKILL reached only the CLI, the real worker rendered on (and outlived the suite).
  const child = spawn(process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

const workers: ChildProcess[] = [];
afterAll(async () => {
  for (const worker of workers) {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    await exited(worker);
  }
  await stopBoss();
});

test("a song whose worker is killed while recording is retried by another worker and completes", { timeout: 300_000 }, async () => {
  const { url } = database();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "songloom-crash-"));
  // pg-boss in this process only to enqueue (createSongs); it works no queues.
  await startBoss(database().connection);
  const user = await createUser(database().db);
  const { songs: [song] } = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });

  const first = startWorker(url!, dataDir);
  workers.push(first);
  const seen = new Set<string>();
  await waitFor(
    async () => {
      const status = (await findSong(song.id))?.status;
      if (status) seen.add(status);
      return status === "recording_instrumental";
    },
    { what: "the render to start", timeoutMs: 120_000, intervalMs: 100 },
  );
  first.kill("SIGKILL");
  await exited(first);
  expect((await findSong(song.id))?.status).toBe("recording_instrumental");

  const second = startWorker(url!, dataDir);
  workers.push(second);
  const ranks = ["queue", "composing_instrumental", "recording_instrumental", "complete"];
  let last = ranks.indexOf("recording_instrumental");
  await waitFor(
    async () => {
      const status = (await findSong(song.id))!.status;
      // Never backwards while the retry runs.
      expect(ranks.indexOf(status)).toBeGreaterThanOrEqual(last);
      last = ranks.indexOf(status);
      return status === "complete";
    },
    { what: "the retried render to complete", timeoutMs: 240_000, intervalMs: 250 },
  );
  const done = (await findSong(song.id))!;
  expect(done.media?.mp3).toBeTruthy();
  expect(done.durationSeconds).toBeGreaterThan(60);
  second.kill("SIGTERM");
  await exited(second);
});
