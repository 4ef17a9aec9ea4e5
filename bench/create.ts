// `npm run bench:create`: time from Create to the first song playable (its MP3 served), with the batch of
// 3 generating, in one process working the queues as the web process does by default.
//   warm  a plain create served from the filter's pre-generated pool (what most Create clicks are)
//   cold  an advanced create the pool cannot serve: compose + render of the batch's first song
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
import { createSongs, trackSongs } from "../app/services/song-create.server";
import { POOL_SIZE_PER_FILTER, refillPool } from "../app/services/song-generate.server";
import { countPooledSongs } from "../app/models/song.server";

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = { warm: Number(process.env.BENCH_WARM_RUNS ?? 3), cold: Number(process.env.BENCH_COLD_RUNS ?? 2) };
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

    const timeCreate = async (input: Record<string, unknown>) => {
      const started = performance.now();
      const { songs } = await createSongs(user, input);
      const ids = songs.map((song) => song.id);
      let firstMs = 0;
      await until(async () => {
        const tracked = await trackSongs(user, ids);
        if (!firstMs && tracked.some((song) => song.status === "complete")) firstMs = performance.now() - started;
        return tracked.every((song) => song.status === "complete");
      });
      return firstMs;
    };
    const poolReady = async () => (await countPooledSongs(FILTER)).ready >= POOL_SIZE_PER_FILTER;

    const cold: number[] = [];
    for (let run = 0; run < RUNS.cold; run += 1) {
      cold.push(await timeCreate({ style: STYLE, filter: FILTER, advanced: 1, tempo: 84 }));
    }
    const warm: number[] = [];
    for (let run = 0; run < RUNS.warm; run += 1) {
      await refillPool(FILTER);
      await until(poolReady);
      warm.push(await timeCreate({ style: STYLE, filter: FILTER }));
    }
    for (const [scenario, runs] of Object.entries({ warm, cold })) {
      if (runs.length === 0) continue;
      console.log(JSON.stringify({ bench: `create.firstPlayable.${scenario}`, runs: runs.length, medianMs: Math.round(median(runs)), runsMs: runs.map(Math.round) }));
    }
  } finally {
    await stopBoss();
    await closeDb();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
