// `npm run bench:create`: time from Create to the first song playable (its preview or its whole MP3
// served, docs/create-flow.md "Progressive playback"), with the batch of 3 generating, in one process
// working the queues as the web process does by default.
//   cold  an advanced create the pool cannot serve: compose + preview (then the whole) of the first song
//   warm  a plain create served from the filter's pre-generated pool (what most Create clicks are)
// Uses the Postgres in DATABASE_URL (default: the local server), in a fresh database it drops afterwards.
// Prints one JSON line per scenario: runs, median and each run in milliseconds.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { users } from "../drizzle/schema/index";
import { migrate } from "../drizzle/migrate";
import { seed } from "../drizzle/seed";
import { startBoss, stopBoss } from "../jobs/boss";
import { registerWorkers } from "../jobs/worker";
import { connect, closeDb, useConnection } from "../app/server/db.server";
import { LocalDiskStorage, useStorage } from "../app/server/storage.server";
import { createSongs, trackSongs } from "../app/services/songs/create.server";
import { POOL_SIZE_PER_FILTER, refillPool } from "../app/services/songs/generate.server";
import { countPooledSongs } from "../app/models/song.server";

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = { warm: Number(process.env.BENCH_WARM_RUNS ?? 3), cold: Number(process.env.BENCH_COLD_RUNS ?? 5) };
const STYLE = "wd_lofi";
const FILTER = "morning_sun";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await sleep(50);
}

async function main(): Promise<void> {
  const name = `songloom_bench_${process.pid}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const connection = connect({ url: url.toString() });
  useConnection(connection);
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-bench-"))));
  try {
    await migrate(connection);
    await seed(connection.db);
    const boss = await startBoss(connection);
    await registerWorkers(boss, undefined, { pollingIntervalSeconds: 0.5 });
    const [user] = await connection.db.insert(users).values({ email: "bench@songloom.test", displayName: "Bench", emailVerifiedAt: new Date() }).returning();

    // First playable: the first song's preview (progressive playback) or a whole song, whichever is
    // first; the whole first song is timed too. The player's 2.5 s tracking poll adds up to 2.5 s on top.
    const timeCreate = async (input: Record<string, unknown>) => {
      const started = performance.now();
      const { songs } = await createSongs(user, input);
      const ids = songs.map((song) => song.id);
      let firstMs = 0;
      let wholeMs = 0;
      await until(async () => {
        const tracked = await trackSongs(user, ids);
        const now = performance.now() - started;
        if (!firstMs && tracked.some((song) => song.status === "complete" || song.previewUrl)) firstMs = now;
        if (!wholeMs && tracked.some((song) => song.status === "complete")) wholeMs = now;
        return tracked.every((song) => song.status === "complete");
      });
      return { firstMs, wholeMs };
    };
    const poolReady = async () => (await countPooledSongs(FILTER)).ready >= POOL_SIZE_PER_FILTER;

    const cold: { firstMs: number; wholeMs: number }[] = [];
    for (let run = 0; run < RUNS.cold; run += 1) {
      cold.push(await timeCreate({ style: STYLE, filter: FILTER, advanced: 1, tempo: 84 + run }));
    }
    const warm: { firstMs: number; wholeMs: number }[] = [];
    for (let run = 0; run < RUNS.warm; run += 1) {
      await refillPool(FILTER);
      await until(poolReady);
      warm.push(await timeCreate({ style: STYLE, filter: FILTER }));
    }
    for (const [scenario, runs] of Object.entries({ warm, cold })) {
      if (runs.length === 0) continue;
      const first = runs.map((run) => run.firstMs);
      const whole = runs.map((run) => run.wholeMs);
      console.log(JSON.stringify({ bench: `create.firstPlayable.${scenario}`, target: "≤ 5000 ms", runs: runs.length, medianMs: Math.round(median(first)), runsMs: first.map(Math.round) }));
      console.log(JSON.stringify({ bench: `create.firstWholeSong.${scenario}`, runs: runs.length, medianMs: Math.round(median(whole)), runsMs: whole.map(Math.round) }));
    }
  } finally {
    await stopBoss();
    await closeDb();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
