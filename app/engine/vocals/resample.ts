// Band-limited resampling with a Kaiser-windowed sinc kernel read from a table (linear interpolation between
// table phases), so converting a 3-minute 48 kHz take to 44.1 kHz takes a fraction of a second.
import { SAMPLE_RATE } from "../types";

/** Kernel half-width in input samples at unity ratio; wider means a sharper anti-alias filter. */
const HALF_TAPS = 16;
const TABLE_PHASES = 512;
const KAISER_BETA = 8;

let kernelTable: Float64Array | null = null;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** sinc(x) * kaiser(x / HALF_TAPS) for x in [0, HALF_TAPS], TABLE_PHASES entries per unit. */
function kernel(): Float64Array {
  if (kernelTable) return kernelTable;
  const size = HALF_TAPS * TABLE_PHASES + 2;
  const table = new Float64Array(size);
  const norm = besselI0(KAISER_BETA);
  for (let index = 0; index < size; index++) {
    const x = index / TABLE_PHASES;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const ratio = Math.min(1, x / HALF_TAPS);
    table[index] = (sinc * besselI0(KAISER_BETA * Math.sqrt(1 - ratio * ratio))) / norm;
  }
  kernelTable = table;
  return table;
}

/** `input` at `fromRate` as samples at `toRate` (default 44.1 kHz). Same-rate input is copied. */
export function resample(input: Float32Array, fromRate: number, toRate: number = SAMPLE_RATE): Float32Array {
  if (fromRate === toRate) return input.slice();
  const table = kernel();
  const ratio = toRate / fromRate;
  // Downsampling lowers the cutoff to the new Nyquist frequency and widens the kernel to match.
  const cutoff = Math.min(1, ratio);
  const reach = HALF_TAPS / cutoff;
  const outputLength = Math.round(input.length * ratio);
  const output = new Float32Array(outputLength);
  const last = input.length - 1;
  for (let index = 0; index < outputLength; index++) {
    const position = index / ratio;
    const first = Math.max(0, Math.ceil(position - reach));
    const end = Math.min(last, Math.floor(position + reach));
    let sum = 0;
    for (let at = first; at <= end; at++) {
      const scaled = Math.abs(position - at) * cutoff * TABLE_PHASES;
      const cell = Math.floor(scaled);
      if (cell >= table.length - 1) continue;
      const fraction = scaled - cell;
      sum += input[at] * (table[cell] + (table[cell + 1] - table[cell]) * fraction);
    }
    output[index] = sum * cutoff;
  }
  return output;
}

const HALF_BAND_REACH = 23;
let halfBandTaps: Float64Array | null = null;

/** Odd taps of a Kaiser-windowed half-band low-pass (the even ones are zero except the centre, 0.5). */
function halfBand(): Float64Array {
  if (halfBandTaps) return halfBandTaps;
  const taps = new Float64Array(HALF_BAND_REACH + 1);
  const norm = besselI0(KAISER_BETA);
  for (let offset = 1; offset <= HALF_BAND_REACH; offset += 2) {
    const ratio = offset / (HALF_BAND_REACH + 1);
    taps[offset] = ((0.5 * Math.sin((Math.PI * offset) / 2)) / ((Math.PI * offset) / 2)) * (besselI0(KAISER_BETA * Math.sqrt(1 - ratio * ratio)) / norm);
  }
  halfBandTaps = taps;
  return taps;
}

/** Half the sample rate: a half-band low-pass then every second sample. For analysis, where speed matters. */
export function decimateByTwo(input: Float32Array): Float32Array {
  const taps = halfBand();
  const output = new Float32Array(Math.ceil(input.length / 2));
  const last = input.length - 1;
  for (let index = 0; index < output.length; index++) {
    const centre = index * 2;
    let sum = 0.5 * input[centre];
    for (let offset = 1; offset <= HALF_BAND_REACH; offset += 2) {
      const before = centre - offset, after = centre + offset;
      sum += taps[offset] * ((before >= 0 ? input[before] : 0) + (after <= last ? input[after] : 0));
    }
    output[index] = sum;
  }
  return output;
}
