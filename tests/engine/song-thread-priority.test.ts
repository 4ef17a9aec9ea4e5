// The song thread (threads/songWorker.ts): a render a user waits for runs at once, ahead of a background
// render (a pool song) sent before it, which pauses between its steps and still renders the same bytes.
import { createHash } from "node:crypto";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { renderFromPartsOffThread } from "~/engine/threads";

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
