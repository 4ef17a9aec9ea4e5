// A background render (a pool song) waits while a render someone waits for runs anywhere in the process
// (threads/foregroundGate.ts), before it starts and between its steps, and renders the same bytes however
// often it paused.
import { createHash } from "node:crypto";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { renderFromPartsOffThread } from "~/engine/threads";
import { asForeground, foregroundGate, whileForegroundRuns } from "~/engine/threads/foregroundGate";

const digest = (bytes: Uint8Array | null) => createHash("sha256").update(bytes ?? new Uint8Array()).digest("hex");

function song(style: string, seed: number) {
  const params = defaultSongParams(style, seed);
  const composition = compose(params);
  return { composition, production: produce(params, composition) };
}

test("whileForegroundRuns resolves once every foreground task has settled, a failed one included", async () => {
  let releaseFirst!: () => void;
  const first = asForeground(() => new Promise<void>((resolve) => (releaseFirst = resolve)));
  const second = asForeground(() => Promise.reject(new Error("render failed")));
  await expect(second).rejects.toThrow("render failed");
  let resumed = false;
  const waiting = whileForegroundRuns(foregroundGate).then(() => (resumed = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(resumed).toBe(false);
  releaseFirst();
  await first;
  await waiting;
  expect(resumed).toBe(true);
  expect(Atomics.load(foregroundGate, 0)).toBe(0);
});

test("a pool song does not start while a user's render runs, and its bytes (WAV and MP3) are those of an unpaused render", { timeout: 240_000 }, async () => {
  const pool = song("wd_edm", 51);
  const options = { excerpt: { startSeconds: 0, seconds: 40 } };
  const alone = await renderFromPartsOffThread(pool.composition, pool.production, options, { background: true });

  // Held open as a user's render would be: the pool song must not finish, however long it is given.
  let release!: () => void;
  const held = asForeground(() => new Promise<void>((resolve) => (release = resolve)));
  let finished = false;
  const paused = renderFromPartsOffThread(pool.composition, pool.production, options, { background: true }).then((rendered) => {
    finished = true;
    return rendered;
  });
  await new Promise((resolve) => setTimeout(resolve, 3 * (alone.stats.timings.total ?? 1000)));
  expect(finished).toBe(false);
  release();
  await held;

  // Now a real user's render interrupts it partway, pausing it between steps.
  const user = song("wd_lofi", 52);
  await new Promise((resolve) => setTimeout(resolve, (alone.stats.timings.total ?? 1000) / 3));
  await renderFromPartsOffThread(user.composition, user.production, { excerpt: { startSeconds: 0, seconds: 12 } });
  const rendered = await paused;
  expect(digest(rendered.wav)).toBe(digest(alone.wav));
  expect(digest(rendered.mp3)).toBe(digest(alone.mp3));
});
