// The mix bus adds parts in fixed point (mix/fixedPoint.ts) so that a re-render may mix its parts in any
// order and on two threads (threads/editMix.ts) and still sound exactly like a render that mixed them one
// by one in track order. With a float bus these would differ in the last bits.
import { Mixer, type MixOptions } from "~/engine/mix/mixer";
import { duckCurve } from "~/engine/mix/kickPump";
import type { PartName, StereoBuffer, Track } from "~/engine/types";

const LENGTH = 5 * 44100;
const OPTIONS: MixOptions = { mix: "dm_house", filter: "house", tempoBpm: 124, intensity: 6, levels: { pad: 0.7 }, seed: 11 };
const PARTS: PartName[] = ["drums", "bass", "chords", "lead", "pad"];

/** Kicks on every beat, so the pumping parts duck. */
const TRACKS: Track[] = [{ part: "drums", source: null, notes: Array.from({ length: 10 }, (_, beat) => ({ time: (beat * 60) / 124, duration: 0.1, pitch: 36, velocity: 100 })) }];

function stem(seed: number): StereoBuffer {
  const left = new Float32Array(LENGTH), right = new Float32Array(LENGTH);
  let x = seed;
  for (let i = 0; i < LENGTH; i++) {
    x = (x * 48271) % 2147483647;
    const noise = x / 2147483647 - 0.5;
    left[i] = 0.3 * Math.sin(i * 0.001 * seed) + 0.2 * noise;
    right[i] = 0.3 * Math.sin(i * 0.0013 * seed) - 0.2 * noise;
  }
  return { sampleRate: 44100, left, right };
}

const stems = () => new Map(PARTS.map((part, k) => [part, stem(k + 2)]));
const bytes = (mix: StereoBuffer) => Buffer.concat([Buffer.from(mix.left.buffer, mix.left.byteOffset, mix.left.byteLength), Buffer.from(mix.right.buffer, mix.right.byteOffset, mix.right.byteLength)]);

function mixInOrder(order: PartName[]): Buffer {
  const mixer = new Mixer(LENGTH, TRACKS, OPTIONS);
  const all = stems();
  for (const part of order) mixer.addStem(part, all.get(part)!);
  return bytes(mixer.finish());
}

test("parts mixed in any order give the same bytes", () => {
  const inTrackOrder = mixInOrder(PARTS);
  expect(mixInOrder([...PARTS].reverse()).equals(inTrackOrder)).toBe(true);
  expect(mixInOrder(["lead", "drums", "pad", "bass", "chords"]).equals(inTrackOrder)).toBe(true);
});

test("parts mixed into two mixers whose partials are added give the same bytes as one mixer", () => {
  const inTrackOrder = mixInOrder(PARTS);
  const all = stems();
  const main = new Mixer(LENGTH, TRACKS, OPTIONS);
  const other = new Mixer(LENGTH, TRACKS, OPTIONS, { duck: main.duckCurve()! });
  for (const part of ["bass", "pad"] as PartName[]) other.addStem(part, all.get(part)!);
  for (const part of ["drums", "chords", "lead"] as PartName[]) main.addStem(part, all.get(part)!);
  main.addPartial(other.partial());
  expect(bytes(main.finish()).equals(inTrackOrder)).toBe(true);
});

test("a finished mixer takes no more stems", () => {
  const mixer = new Mixer(LENGTH, TRACKS, OPTIONS);
  mixer.finish();
  expect(() => mixer.addStem("lead", stem(3))).toThrow(/after the mix was finished/);
});

test("a song's duck curve is made once and kept; it ducks after each kick and recovers", () => {
  const kicks = [0, 22050, 44100];
  const curve = duckCurve(kicks, 120, 60000);
  expect(duckCurve([...kicks], 120, 60000)).toBe(curve);
  expect(duckCurve(kicks, 121, 60000)).not.toBe(curve);
  expect(Math.max(...curve)).toBeLessThanOrEqual(1);
  expect(Math.min(...curve)).toBeGreaterThanOrEqual(0);
  // Fully ducked at a kick, recovered by the next beat's attack.
  expect(curve[22050]).toBeCloseTo(1, 2);
  expect(curve[22050 + 20000]).toBeLessThan(0.05);
});
