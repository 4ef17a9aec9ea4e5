// The first seconds of an edit are encoded by the first half's LAME alone (encode/parallelMp3.ts): the second
// half's LAME is sent no PCM until the early MP3 is out, and the finished MP3 is the same as without early
// seconds. The process host is wrapped to see what each LAME process is sent, and when.
import { vi } from "vitest";
import { encodeMp3Parallel } from "~/engine/encode/parallelMp3";
import { nativeLamePath } from "~/engine/encode/nativeMp3";
import { WavWriter } from "~/engine/encode/wav";

const events: string[] = [];

vi.mock("~/engine/threads/processHost", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/engine/threads/processHost")>();
  let runs = 0;
  return {
    ...original,
    runHosted: (command: string, args: string[], onStdout?: (chunk: Uint8Array) => void) => {
      const name = `run ${runs++}`;
      const run = original.runHosted(command, args, onStdout);
      return { ...run, write: (bytes: Uint8Array) => (events.push(`${name} write`), run.write(bytes)) };
    },
  };
});

/** 40 s of a chord with a little noise: long enough to be encoded in two halves. */
function music(seconds: number) {
  const sampleRate = 44_100;
  const left = new Float32Array(seconds * sampleRate);
  const right = new Float32Array(seconds * sampleRate);
  let noise = 1;
  for (let i = 0; i < left.length; i++) {
    noise = (noise * 16807) % 2147483647;
    const t = i / sampleRate;
    const tone = 0.2 * Math.sin(2 * Math.PI * 220 * t) + 0.1 * Math.sin(2 * Math.PI * 277 * t) + 0.1 * Math.sin(2 * Math.PI * 330 * t);
    left[i] = tone + 0.02 * (noise / 2147483647 - 0.5);
    right[i] = tone * 0.9;
  }
  return { sampleRate, left, right };
}

describe.skipIf(!nativeLamePath())("the first seconds encoded alone", () => {
  test("the second half's LAME gets no PCM before the early MP3 is out, and the MP3 is the one encoded without early seconds", async () => {
    const audio = music(40);
    events.length = 0;
    let early: Uint8Array | null = null;
    const mp3 = await encodeMp3Parallel(audio, new WavWriter(audio, 7), {
      seconds: 5,
      ready: (bytes) => {
        events.push("early");
        early = bytes;
      },
    });
    const firstSecondHalfWrite = events.indexOf("run 1 write");
    expect(events.indexOf("early")).toBeGreaterThan(-1);
    expect(firstSecondHalfWrite).toBeGreaterThan(events.indexOf("early"));
    expect(events.indexOf("run 0 write")).toBeLessThan(events.indexOf("early"));
    expect(Buffer.from(mp3.subarray(0, early!.length)).equals(Buffer.from(early!))).toBe(true);

    const plain = await encodeMp3Parallel(audio, new WavWriter(audio, 7));
    expect(Buffer.from(mp3).equals(Buffer.from(plain))).toBe(true);
  });
});
