// An edit's first seconds are playable before the song is mastered and encoded (RenderOptions.earlyMp3,
// master/masterChain.ts FirstSeconds): an MP3 of whole frames covering at least the asked seconds, handed
// over before the render returns, from the master's first settings: when the master lands on them, the
// same PCM as the finished WAV's first seconds (so the same MP3 as LAME makes of them); on the song thread too
// (renderFromPartsOffThread).
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { readMp3Frames } from "~/engine/encode/mp3Frames";
import { encodePcmNative, nativeLamePath } from "~/engine/encode/nativeMp3";
import { STANDARD_MASTER } from "~/engine/master";
import { renderFromParts } from "~/engine/pipeline";
import { renderFromPartsOffThread } from "~/engine/threads";

const FRAME_SECONDS = 1152 / 44_100;
const WAV_HEADER = 44;

function song(seed: number) {
  const params = defaultSongParams("wd_lofi", seed);
  const composition = compose(params);
  return { composition, production: produce(params, composition) };
}

function expectPlayable(early: Uint8Array | null, seconds: number) {
  expect(early).not.toBeNull();
  const frames = readMp3Frames(early!);
  expect(frames.length * FRAME_SECONDS).toBeGreaterThanOrEqual(seconds);
  // Whole frames, nothing after the last.
  expect(frames.at(-1)!.offset + frames.at(-1)!.length).toBe(early!.length);
}

/** LAME's MP3 of the finished WAV's first `seconds`: the early MP3 when the master landed on its first settings. */
function mp3OfWavStart(wav: Uint8Array, seconds: number) {
  return encodePcmNative(wav.subarray(WAV_HEADER, WAV_HEADER + Math.round(seconds * 44_100) * 4), 44_100, nativeLamePath()!);
}

describe.skipIf(!nativeLamePath())("the early MP3 of a render", () => {
  test("a song encoded in two halves (40 s): the first 5 s arrive before the render returns; the finished song's first 5 s when the master landed on its first settings", async () => {
    const { composition, production } = song(51);
    let early: Uint8Array | null = null;
    let returned = false;
    const rendered = await renderFromParts(composition, production, {
      excerpt: { startSeconds: 0, seconds: 40 },
      master: { ...STANDARD_MASTER, id: "quieter", targetLufs: -22 },
      earlyMp3: {
        seconds: 5,
        ready: (mp3) => {
          expect(returned).toBe(false);
          early = mp3;
        },
      },
    });
    returned = true;
    expectPlayable(early, 5);
    expect(rendered.stats.timings.earlyMp3).toBeLessThan(rendered.stats.timings.total);
    // A quieter target than the standard one: this song's master lands on its first settings.
    expect(rendered.stats.limiterPasses).toBe(1);
    expect(Buffer.from(early!).equals(Buffer.from(await mp3OfWavStart(rendered.wav, 5)))).toBe(true);
  });

  test("a short song encoded in one piece (12 s), rendered on the song thread", async () => {
    const { composition, production } = song(52);
    let early: Uint8Array | null = null;
    const rendered = await renderFromPartsOffThread(composition, production, { excerpt: { startSeconds: 0, seconds: 12 }, earlyMp3: { seconds: 3, ready: (mp3) => (early = mp3) } });
    expectPlayable(early, 3);
  });

  test("a song shorter than the asked seconds sends nothing early", async () => {
    const { composition, production } = song(53);
    let calls = 0;
    const rendered = await renderFromParts(composition, production, { excerpt: { startSeconds: 0, seconds: 4 }, earlyMp3: { seconds: 20, ready: () => calls++ } });
    expect(rendered.mp3).not.toBeNull();
    expect(calls).toBe(0);
  });
});
