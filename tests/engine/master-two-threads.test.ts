// The master split over two threads (masterOnTwoThreads: the right channel's share runs as channelShare
// ops elsewhere) must give master()'s bytes and readings exactly, on every path of its search: one pass,
// several passes, a landing pass that skipped true peak and measures it alone, no landing. Run in-process
// (the ops' arithmetic) and on the real stem worker (buffers transferred there and back).
import { expect, test } from "vitest";
import { Compressor, compressorTargets, EnvelopeTrace, TargetFollower } from "~/engine/dsp/compressor";
import { limiterPlanFromPeaks, limiterWindow, WindowPeaks } from "~/engine/master/limiter";
import { master, masterOnTwoThreads, runChannelOp, STANDARD_MASTER, type ChannelOp, type MasterPreset, type MasterResult } from "~/engine/master";
import { masterMix } from "~/engine/threads/masterOnWorker";
import type { StereoBuffer } from "~/engine/types";
import { copyStereo, mixture, MIXTURE_SECONDS } from "./masterMixture";

const SECONDS = MIXTURE_SECONDS;

const channelBytes = (x: Float32Array) => Buffer.from(x.buffer as ArrayBuffer, x.byteOffset, x.byteLength);
const bytes = (buffer: StereoBuffer) => Buffer.concat([channelBytes(buffer.left), channelBytes(buffer.right)]);

function expectSame(a: MasterResult, b: MasterResult): void {
  expect(bytes(b.audio).equals(bytes(a.audio))).toBe(true);
  expect(b.lufs).toBe(a.lufs);
  expect(b.truePeakDb).toBe(a.truePeakDb);
}

/** The right channel's share run here, after a tick, recording which ops ran. */
function inProcess(kinds: string[]) {
  return {
    run: async (op: ChannelOp) => {
      kinds.push(op.kind);
      await new Promise((resolve) => setImmediate(resolve));
      return runChannelOp(op);
    },
  };
}

const LOUD: MasterPreset = { ...STANDARD_MASTER, id: "loud", targetLufs: -8, ceilingDbtp: -1 };
const QUIET_PEAKS: MasterPreset = { ...STANDARD_MASTER, id: "quiet", targetLufs: -20, ceilingDbtp: -1 };
const LOUDER: MasterPreset = { ...STANDARD_MASTER, id: "louder", targetLufs: -12, ceilingDbtp: -1 };
/** [name, preset, input level]: on this material these take one pass, several, a landing pass without true
 * peak (so it is measured alone), and a search that never lands (the fallback pass, then a trim). */
const CASES: [string, MasterPreset, number][] = [
  ["standard, quiet input", STANDARD_MASTER, 0.05],
  ["standard, hot input", STANDARD_MASTER, 0.9],
  ["louder target, true peak measured alone", LOUDER, 0.5],
  ["loud target, never lands", LOUD, 0.3],
  ["quiet target", QUIET_PEAKS, 0.6],
];

test.each(CASES)("two threads give master()'s bytes: %s", async (_name, preset, level) => {
  const input = mixture(3, level);
  const single = master(copyStereo(input), preset);
  const kinds: string[] = [];
  expectSame(single, await masterOnTwoThreads(copyStereo(input), preset, inProcess(kinds)));
  expect(kinds.slice(0, 2)).toEqual(["prepare", "compress"]);
  expect(kinds).toContain("limit");
  expect(single.truePeakDb).toBeLessThanOrEqual(preset.ceilingDbtp);
  expectSame(single, await masterMix(copyStereo(input), preset, true));
});

test("the cases cover the search's paths: several passes, true peak measured alone, no landing", async () => {
  const seen = new Set<string>();
  let mostPasses = 0;
  for (const [, preset, level] of CASES) {
    const kinds: string[] = [];
    await masterOnTwoThreads(mixture(3, level), preset, inProcess(kinds));
    kinds.forEach((kind) => seen.add(kind));
    mostPasses = Math.max(mostPasses, kinds.filter((kind) => kind === "limit").length);
  }
  // Five measuring passes and the fallback pass.
  expect(mostPasses).toBe(6);
  expect(seen.has("truePeak")).toBe(true);
});

test("channels that are views into one buffer (they cannot travel) are mastered on this thread, alike", async () => {
  const input = mixture(5, 0.4);
  const n = input.left.length;
  const joined = new Float32Array(2 * n);
  joined.set(input.left);
  joined.set(input.right, n);
  const views: StereoBuffer = { sampleRate: 44100, left: joined.subarray(0, n), right: joined.subarray(n) };
  expectSame(master(copyStereo(input), STANDARD_MASTER), await masterMix(views, STANDARD_MASTER, true));
});

test("on the worker, the right channel comes back: the result owns both channels", async () => {
  const result = await masterMix(mixture(7, 0.5), STANDARD_MASTER, true);
  expect(result.audio.right.length).toBe(SECONDS * 44100);
  expect(result.audio.right.byteLength).toBe(result.audio.right.buffer.byteLength);
  expect(Math.max(...result.audio.right.subarray(0, 44100).map(Math.abs))).toBeGreaterThan(0.01);
});


test("the compressor split by channel (trace, targets, follower) gives Compressor's bytes when both channels are alike", () => {
  const input = mixture(9, 0.6);
  input.right.set(input.left);
  const settings = { thresholdDb: -20, ratio: 2, attackSeconds: 0.03, releaseSeconds: 0.25, kneeDb: 6 };
  const whole = copyStereo(input);
  new Compressor(settings).process(whole.left, whole.right);
  const split = copyStereo(input);
  const traces = [split.left, split.right].map((channel) => {
    const trace = new EnvelopeTrace(settings, channel.length);
    // In uneven pieces, as an op feeds blocks.
    for (let start = 0; start < channel.length; start += 4093) trace.add(channel, start, Math.min(4093, channel.length - start));
    return trace.envelopes;
  });
  const targets = compressorTargets(settings, traces[0]!, traces[1]!);
  for (const channel of [split.left, split.right]) {
    const follower = new TargetFollower(targets);
    for (let start = 0; start < channel.length; start += 5000) follower.process(channel, start, Math.min(5000, channel.length - start));
  }
  expect(bytes(split).equals(bytes(whole))).toBe(true);
});

test("the limiter's plan from both channels' window peaks (fed in blocks) needs, per window, the ceiling over its loudest sample", () => {
  const input = mixture(11, 0.8);
  const settings = { ceilingDb: -2, lookAheadSeconds: 0.005, releaseSeconds: 0.08 };
  const window = limiterWindow(settings, 44100);
  const [left, right] = [input.left, input.right].map((channel) => {
    const peaks = new WindowPeaks(channel.length, window);
    for (let start = 0; start < channel.length; start += 4096) peaks.add(channel, start, Math.min(4096, channel.length - start));
    return peaks.peaks;
  });
  const gain = 1.7;
  const plan = limiterPlanFromPeaks(left!, right!, 44100, gain, settings);
  const ceiling = Math.pow(10, -2 / 20);
  const n = input.left.length;
  expect(plan.window).toBe(window);
  expect(plan.blockNeed.length).toBe(Math.ceil(n / window) + 1);
  for (let b = 0; b * window < n; b++) {
    let loudest = 0;
    for (let i = b * window; i < Math.min(n, (b + 1) * window); i++) loudest = Math.max(loudest, Math.abs(input.left[i]!), Math.abs(input.right[i]!));
    expect(plan.blockNeed[b]).toBe(Math.fround(loudest * gain > ceiling ? ceiling / (loudest * gain) : 1));
  }
  expect(plan.blockNeed.some((need) => need < 1)).toBe(true);
});
