// Parses and validates the `npm run song` arguments into SongParams. Every invalid value is reported
// with the list of valid ones, so a user can fix the command without reading code.

import { AMBIENT_EFFECTS, DRUM_KITS, ENSEMBLES, MIX_STYLES, STYLES, TEMPO_LIMITS, defaultSongParams } from "./catalogue";
import type { SongParams } from "./types";

export interface CliRequest {
  params: SongParams;
  outPath: string;
  format: "mp3" | "wav";
}

export class CliUsageError extends Error {}

export const USAGE = `Usage: npm run song -- --style <value> --filter <value> [--seed N] [--tempo BPM] [--intensity 1-10]
                      [--ensemble ID] [--kit ID] [--mix ID] [--sfx ID] --out <path.mp3|path.wav>
Writes the song to --out, its MIDI to <out without extension>.mid and its description to <...>.json,
and prints one JSON line with duration, tempo, key, loudness, true peak and per-stage timings.`;

const OPTIONS = ["style", "filter", "seed", "tempo", "intensity", "ensemble", "kit", "mix", "sfx", "out"] as const;
type Option = (typeof OPTIONS)[number];

function oneOf(name: string, value: string, valid: readonly string[]): string {
  if (!valid.includes(value)) throw new CliUsageError(`Invalid --${name} "${value}". Valid values: ${valid.join(", ")}`);
  return value;
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliUsageError(`Invalid --${name} "${value}": expected a whole number from ${min} to ${max}`);
  return n;
}

export function parseCliArguments(argv: string[]): CliRequest {
  const given: Partial<Record<Option, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const name = flag.replace(/^--/, "") as Option;
    if (!flag.startsWith("--") || !OPTIONS.includes(name)) throw new CliUsageError(`Unknown argument "${flag}". Valid options: ${OPTIONS.map((o) => `--${o}`).join(", ")}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith("--")) throw new CliUsageError(`Missing value for --${name}`);
    given[name] = value;
  }
  for (const required of ["style", "filter", "out"] as const) {
    if (!given[required]) throw new CliUsageError(`Missing --${required}`);
  }
  const style = STYLES.find((s) => s.value === oneOf("style", given.style!, STYLES.map((s) => s.value)))!;
  const filter = oneOf("filter", given.filter!, style.filters);
  const seed = given.seed === undefined ? 1 : integer("seed", given.seed, 0, 2 ** 31 - 1);
  const params: SongParams = { ...defaultSongParams(style.value, seed, filter) };
  if (given.tempo !== undefined) params.tempo = integer("tempo", given.tempo, TEMPO_LIMITS.min, TEMPO_LIMITS.max);
  if (given.intensity !== undefined) params.intensity = integer("intensity", given.intensity, 1, 10);
  if (given.ensemble !== undefined) params.ensemble = oneOf("ensemble", given.ensemble, ENSEMBLES.map((e) => e.id));
  if (given.kit !== undefined) params.drumKit = oneOf("kit", given.kit, DRUM_KITS.map((k) => k.id));
  if (given.mix !== undefined) params.mix = oneOf("mix", given.mix, MIX_STYLES.map((m) => m.id));
  if (given.sfx !== undefined) params.sfx = oneOf("sfx", given.sfx, AMBIENT_EFFECTS.map((a) => a.id));
  const outPath = given.out!;
  const extension = outPath.toLowerCase().match(/\.(mp3|wav)$/)?.[1];
  if (!extension) throw new CliUsageError(`Invalid --out "${outPath}": the file name must end in .mp3 or .wav`);
  return { params, outPath, format: extension as "mp3" | "wav" };
}

/** Side files replace the audio extension: song.mp3 -> song.mid and song.json. */
export const sidePath = (outPath: string, extension: "mid" | "json"): string => outPath.replace(/\.(mp3|wav)$/i, `.${extension}`);
