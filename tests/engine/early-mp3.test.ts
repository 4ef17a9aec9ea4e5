// An edit's first seconds are playable before its MP3 is finished (RenderOptions.earlyMp3, encode/parallelMp3.ts):
// the early MP3 is whole frames covering at least the asked seconds, exactly the first bytes of the finished
// MP3, and it arrives before the render returns; on the song thread too (renderFromPartsOffThread).
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { readMp3Frames } from "~/engine/encode/mp3Frames";
import { nativeLamePath } from "~/engine/encode/nativeMp3";
import { renderFromParts } from "~/engine/pipeline";
import { renderFromPartsOffThread } from "~/engine/threads";

const FRAME_SECONDS = 1152 / 44_100;

function song(seed: number) {
  const params = defaultSongParams("wd_lofi", seed);
  const composition = compose(params);
  return { composition, production: produce(params, composition) };
}

function expectEarlyPrefix(early: Uint8Array | null, mp3: Uint8Array | null, seconds: number) {
  expect(early).not.toBeNull();
  expect(mp3).not.toBeNull();
  const frames = readMp3Frames(early!);
  expect(frames.length * FRAME_SECONDS).toBeGreaterThanOrEqual(seconds);
  // Whole frames, nothing after the last.
  expect(frames.at(-1)!.offset + frames.at(-1)!.length).toBe(early!.length);
  expect(early!.length).toBeLessThan(mp3!.length);
  expect(Buffer.from(mp3!.subarray(0, early!.length)).equals(Buffer.from(early!))).toBe(true);
}

describe.skipIf(!nativeLamePath())("the early MP3 of a render", () => {
  test("a song encoded in two halves (40 s): the first 5 s arrive before the render returns, as the finished MP3's first bytes", async () => {
    const { composition, production } = song(51);
    let early: Uint8Array | null = null;
    let returned = false;
    const rendered = await renderFromParts(composition, production, {
      excerpt: { startSeconds: 0, seconds: 40 },
      earlyMp3: {
        seconds: 5,
        ready: (mp3) => {
          expect(returned).toBe(false);
          early = mp3;
        },
      },
    });
    returned = true;
    expectEarlyPrefix(early, rendered.mp3, 5);
    expect(rendered.stats.timings.earlyMp3).toBeLessThan(rendered.stats.timings.total);
  });

  test("a short song encoded in one piece (12 s), rendered on the song thread", async () => {
    const { composition, production } = song(52);
    let early: Uint8Array | null = null;
    const rendered = await renderFromPartsOffThread(composition, production, { excerpt: { startSeconds: 0, seconds: 12 }, earlyMp3: { seconds: 3, ready: (mp3) => (early = mp3) } });
    expectEarlyPrefix(early, rendered.mp3, 3);
  });

  test("a song shorter than the asked seconds sends nothing early", async () => {
    const { composition, production } = song(53);
    let calls = 0;
    const rendered = await renderFromParts(composition, production, { excerpt: { startSeconds: 0, seconds: 4 }, earlyMp3: { seconds: 20, ready: () => calls++ } });
    expect(rendered.mp3).not.toBeNull();
    expect(calls).toBe(0);
  });
});
