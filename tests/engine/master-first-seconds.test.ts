// The master's first seconds (FirstSeconds: what an edit plays while the rest is mastered and encoded) are
// handed over once the compressor has run, with the limiter's first settings: exactly the master's own
// first samples when its search lands on those settings, within one to two dB of level when it has to
// correct them, never over the master's true-peak aim; and asking for them changes nothing in the master.
import { expect, test } from "vitest";
import { master, masterOnTwoThreads, runChannelOp, STANDARD_MASTER, truePeakDb, type ChannelOp, type MasterPreset } from "~/engine/master";
import type { StereoBuffer } from "~/engine/types";
import { copyStereo, mixture, MIXTURE_SECONDS } from "./masterMixture";

const SECONDS = MIXTURE_SECONDS;
const FIRST = 3 * 44100;

const bytes = (buffer: StereoBuffer) => Buffer.concat([buffer.left, buffer.right].map((x) => Buffer.from(x.buffer as ArrayBuffer, x.byteOffset, x.byteLength)));
const prefix = (buffer: StereoBuffer, n: number): StereoBuffer => ({ sampleRate: buffer.sampleRate, left: buffer.left.subarray(0, n), right: buffer.right.subarray(0, n) });
const rmsDb = (buffer: StereoBuffer) => {
  let sum = 0;
  for (const channel of [buffer.left, buffer.right]) for (const v of channel) sum += v * v;
  return 10 * Math.log10(sum / (2 * buffer.left.length));
};

const QUIETER: MasterPreset = { ...STANDARD_MASTER, id: "quieter", targetLufs: -18 };
const LOUDER: MasterPreset = { ...STANDARD_MASTER, id: "louder", targetLufs: -12 };
/** [name, preset, input level]: on this material the quieter target lands on the limiter's first settings, the others correct them. */
const CASES: [string, MasterPreset, number][] = [
  ["standard", STANDARD_MASTER, 0.5],
  ["quieter target", QUIETER, 0.05],
  ["louder target", LOUDER, 0.9],
];

test.each(CASES)("%s: the first seconds come before the master returns, it is unchanged, and they are its first samples or close to them", async (_name, preset, level) => {
  const input = mixture(3, level);
  const plain = master(copyStereo(input), preset);
  let first: StereoBuffer | null = null;
  let returned = false;
  const result = master(copyStereo(input), preset, {
    samples: FIRST,
    ready: (audio) => {
      expect(returned).toBe(false);
      expect(first).toBeNull();
      first = audio;
    },
  });
  returned = true;
  expect(bytes(result.audio).equals(bytes(plain.audio))).toBe(true);
  expect(first!.left.length).toBe(FIRST);
  const aim = preset.ceilingDbtp - preset.codecHeadroomDb - 0.1;
  expect(truePeakDb(first!)).toBeLessThanOrEqual(aim + 1e-6);
  if (result.limiterPasses === 1) expect(bytes(first!).equals(bytes(prefix(result.audio, FIRST)))).toBe(true);
  else expect(Math.abs(rmsDb(first!) - rmsDb(prefix(result.audio, FIRST))), `${result.limiterPasses} passes`).toBeLessThan(2.5);

  // Two threads hand over the same samples.
  let far: StereoBuffer | null = null;
  const other = { run: async (op: ChannelOp) => (await new Promise((resolve) => setImmediate(resolve)), runChannelOp(op)) };
  await masterOnTwoThreads(copyStereo(input), preset, other, { samples: FIRST, ready: (audio) => void (far = audio) });
  expect(bytes(far!).equals(bytes(first!))).toBe(true);
});

test("the cases cover both: a master that lands on its first settings and one that corrects them", () => {
  const passes = CASES.map(([, preset, level]) => master(mixture(3, level), preset).limiterPasses);
  expect(passes[1]).toBe(1);
  expect(Math.max(...passes)).toBeGreaterThan(1);
});

test("a song shorter than the first seconds hands none over", () => {
  let calls = 0;
  master(mixture(3, 0.5), STANDARD_MASTER, { samples: (SECONDS + 1) * 44100, ready: () => void calls++ });
  expect(calls).toBe(0);
});
