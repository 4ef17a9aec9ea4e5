// The song threads (threads/songWorker.ts): a render a user waits for runs at once, ahead of a background
// render (a pool song) sent before it, which runs on its own low-priority threads and still renders the
// same bytes.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { renderFromPartsOffThread } from "~/engine/threads";
import { LOWEST_PRIORITY } from "~/engine/threads/workerThread";

const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function song(style: string, seed: number) {
  const params = defaultSongParams(style, seed);
  const composition = compose(params);
  return { composition, production: produce(params, composition) };
}

test("a user's render sent after a pool song's finishes first, and the pool song's bytes do not change", async () => {
  const pool = song("wd_edm", 41);
  const user = song("wd_lofi", 42);
  const poolOptions = { excerpt: { startSeconds: 0, seconds: 60 }, mp3: false };
  // Warm the thread up so neither render pays for starting it.
  await renderFromPartsOffThread(user.composition, user.production, { excerpt: { startSeconds: 0, seconds: 2 }, mp3: false });

  const finished: string[] = [];
  const poolRender = renderFromPartsOffThread(pool.composition, pool.production, poolOptions, { background: true }).then((rendered) => {
    finished.push("pool");
    return rendered;
  });
  const userRender = renderFromPartsOffThread(user.composition, user.production, { excerpt: { startSeconds: 0, seconds: 8 }, mp3: false }).then((rendered) => {
    finished.push("user");
    return rendered;
  });
  const [paused] = await Promise.all([poolRender, userRender]);
  expect(finished).toEqual(["user", "pool"]);

  const alone = await renderFromPartsOffThread(pool.composition, pool.production, poolOptions);
  expect(digest(paused.wav)).toBe(digest(alone.wav));
});

/** The nice value of each thread of this process (Linux: /proc/self/task/{tid}/stat, field 19). */
function threadNiceValues(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // The command name may hold spaces: the fields after it start past the last ")".
    nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return nice;
}

test.skipIf(!existsSync("/proc/thread-self"))("a background render runs on threads at the lowest CPU priority, and the caller's thread keeps its own", async () => {
  const own = threadNiceValues().get(process.pid);
  expect(own).not.toBe(LOWEST_PRIORITY);
  const pool = song("wd_lofi", 43);
  await renderFromPartsOffThread(pool.composition, pool.production, { excerpt: { startSeconds: 0, seconds: 2 }, mp3: false }, { background: true });
  const after = threadNiceValues();
  // The background song thread and the stem worker it started.
  expect([...after.values()].filter((nice) => nice === LOWEST_PRIORITY).length).toBeGreaterThanOrEqual(2);
  expect(after.get(process.pid)).toBe(own);
});
