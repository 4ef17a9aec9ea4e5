// The browser recorder's WAV (app/components/vocals/wav-encode.ts) is read back by the server's decoder
// sample for sample (16-bit), and the level meter spans −60..0 dBFS.
import { encodeWavMono, meterFill, rmsLevel } from "~/components/vocals/wav-encode";
import { decodeAudio } from "~/engine/vocals/decode";

test("chunks recorded at 48 kHz decode to the same signal at 44.1 kHz length", async () => {
  const chunk = (start: number) => new Float32Array(4096).map((_, index) => 0.5 * Math.sin((2 * Math.PI * 440 * (start + index)) / 48_000));
  const chunks = [chunk(0), chunk(4096), chunk(8192)];
  const wav = encodeWavMono(chunks, 48_000);
  expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe("RIFF");
  const decoded = await decodeAudio(wav);
  expect(decoded.channels).toHaveLength(1);
  expect(Math.abs(decoded.channels[0].length - Math.round((3 * 4096 * 44_100) / 48_000))).toBeLessThanOrEqual(1);
  const raw = new DataView(wav.buffer, 44);
  expect(raw.getInt16(2 * 100, true) / 32767).toBeCloseTo(chunks[0][100], 4);
  // Clipped, not wrapped.
  const loud = new DataView(encodeWavMono([new Float32Array([2, -2])], 48_000).buffer, 44);
  expect([loud.getInt16(0, true), loud.getInt16(2, true)]).toEqual([32767, -32768]);
});

test("level: RMS of a chunk, and the meter's fill from −60 dBFS (empty) to 0 dBFS (full)", () => {
  expect(rmsLevel(new Float32Array([0.5, -0.5]))).toBeCloseTo(0.5);
  expect(meterFill(0)).toBe(0);
  expect(meterFill(0.001)).toBeCloseTo(0);
  expect(meterFill(1)).toBe(1);
  expect(meterFill(Math.pow(10, -30 / 20))).toBeCloseTo(0.5);
});
