// The fused biquad loops (Biquad.processChain for one channel, processStereoChain for two) exist only for
// speed: they must give exactly what running each filter's process() in turn gives, to the bit, including
// across a signal that decays into silence (where the tiny-value flush matters) and in several calls.
import { expect, test } from "vitest";
import { Biquad, type BiquadSettings } from "~/engine/dsp/biquad";
import { Random } from "~/engine/dsp/random";

const SETTINGS: BiquadSettings[] = [
  { shape: "lowshelf", frequencyHz: 100, q: 0.7, gainDb: 3 },
  { shape: "highshelf", frequencyHz: 8000, q: 0.7, gainDb: -2 },
  { shape: "lowpass", frequencyHz: 18000, q: 0.54 },
  { shape: "highpass", frequencyHz: 40, q: 0.707 },
  { shape: "peak", frequencyHz: 1200, q: 1.2, gainDb: 4 },
];

/** Noise, then a fade into true silence: the filters' states decay through the flush threshold. */
function signal(seed: number, length = 60_000): Float32Array {
  const random = new Random(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length / 2; i++) out[i] = 0.5 * random.bipolar() * Math.exp(-i / 3000);
  return out;
}

const bits = (x: Float32Array) => Buffer.from(x.buffer, x.byteOffset, x.byteLength);

test.each([1, 2, 3, 4, 5])("processChain and processStereoChain equal process() filter by filter (%i filters)", (stages) => {
  const chain = () => SETTINGS.slice(0, stages).map((settings) => new Biquad(settings));
  const reference = [signal(1), signal(2)];
  reference.forEach((channel) => chain().forEach((filter) => filter.process(channel)));

  const mono = [signal(1), signal(2)];
  for (const channel of mono) {
    const filters = chain();
    // In two calls: the state carries over exactly.
    Biquad.processChain(filters, channel, 0, 25_000);
    Biquad.processChain(filters, channel, 25_000);
  }
  const [left, right] = [signal(1), signal(2)];
  Biquad.processStereoChain(chain(), chain(), left, right);

  expect(bits(mono[0]).equals(bits(reference[0]))).toBe(true);
  expect(bits(mono[1]).equals(bits(reference[1]))).toBe(true);
  expect(bits(left).equals(bits(reference[0]))).toBe(true);
  expect(bits(right).equals(bits(reference[1]))).toBe(true);
  // The filters did something.
  expect(bits(reference[0]).equals(bits(signal(1)))).toBe(false);
});
