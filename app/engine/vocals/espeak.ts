// espeak-ng as a separate program (ADR 011: its WASM builds are GPL-3, so we never link it). Each voice
// gets a private variant file that copies the timbre of its espeak variant but holds the pitch flat, so a
// syllable comes out as one steady tone that sing.ts re-pitches exactly. Many syllables are spoken in one
// call, separated by full stops, and cut apart at the pauses: one process per syllable would cost more
// in process start-up than the synthesis itself.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hertz } from "../types";

export const ESPEAK_SAMPLE_RATE = 22_050;
const PROGRAM = "espeak-ng";
/** Slower than speech (175 wpm): sung syllables are long, so less has to be stretched. */
const SPEED_WPM = 120;
/** Silence between two syllables of one call is a sentence pause (~300 ms); consonant closures are < 100 ms. */
const MIN_PAUSE_SECONDS = 0.16;
const SILENT_SAMPLE = 3 / 32768;

export class EspeakMissingError extends Error {
  constructor(detail: string) {
    super(`espeak-ng is not available (${detail}); the singing voice needs it: apt-get install espeak-ng`);
    this.name = "EspeakMissingError";
  }
}

/** A syllable to speak: espeak phoneme mnemonics, or plain letters for words outside the dictionary. */
export interface SpeechUnit {
  phonemes: string;
  text: string;
}

let dataRoot: string | null = null;

/** The system's espeak-ng-data directory, as the program reports it. */
function systemDataDir(): string {
  const result = spawnSync(PROGRAM, ["--version"], { encoding: "utf8" });
  if (result.error) throw new EspeakMissingError((result.error as NodeJS.ErrnoException).code ?? result.error.message);
  const match = /Data at:\s*(\S+)/.exec(result.stdout);
  if (result.status !== 0 || !match) throw new EspeakMissingError(`unexpected output of ${PROGRAM} --version`);
  return match[1];
}

/**
 * A private espeak-ng-data directory: links to every system file, plus a voices/!v folder where our own
 * variants sit beside the system ones (espeak-ng only loads variants by name from its data directory).
 */
function privateDataRoot(): string {
  if (dataRoot) return dataRoot;
  const system = systemDataDir();
  const root = path.join(os.tmpdir(), `songloom-espeak-${process.getuid?.() ?? 0}`);
  const data = path.join(root, "espeak-ng-data");
  if (!existsSync(path.join(data, "voices", "!v"))) {
    // Built beside and renamed into place, so concurrent processes never see half a directory.
    const building = `${root}.${process.pid}.${Date.now()}`;
    const buildingData = path.join(building, "espeak-ng-data");
    mkdirSync(path.join(buildingData, "voices", "!v"), { recursive: true });
    for (const entry of readdirSync(system)) if (entry !== "voices") symlinkSync(path.join(system, entry), path.join(buildingData, entry));
    const systemVoices = path.join(system, "voices");
    for (const entry of existsSync(systemVoices) ? readdirSync(systemVoices) : []) {
      if (entry !== "!v") symlinkSync(path.join(systemVoices, entry), path.join(buildingData, "voices", entry));
    }
    try {
      renameSync(building, root);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  dataRoot = root;
  return root;
}

/** Writes (once per content) a flat-pitch variant of `espeakVoice` and returns the voice name to pass to -v. */
export function flatVoice(espeakVoice: string, voiceId: string, pitchHz: Hertz): string {
  const [language, variant = "m1"] = espeakVoice.split("+");
  // These become file names and a program argument: plain names only.
  for (const name of [language, variant, voiceId]) {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`not a valid espeak-ng voice or variant name: ${JSON.stringify(name)}`);
  }
  const root = privateDataRoot();
  const systemVariant = path.join(systemDataDir(), "voices", "!v", variant);
  const timbre = existsSync(systemVariant)
    ? readFileSync(systemVariant, "utf8").split("\n").filter((line) => !/^\s*(name|language|pitch|flutter|intonation)\b/.test(line))
    : [];
  const name = `songloom-${voiceId}`;
  const content = [`name ${name}`, ...timbre, `pitch ${Math.round(pitchHz)} ${Math.round(pitchHz)}`, "flutter 0", ""].join("\n");
  const file = path.join(root, "espeak-ng-data", "voices", "!v", name);
  if (!existsSync(file) || readFileSync(file, "utf8") !== content) {
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  }
  return `${language}+${name}`;
}

function unitText(unit: SpeechUnit): string {
  if (unit.phonemes) return `[[${unit.phonemes.replace(/[^A-Za-z0-9:@'&#]/g, "")}]]`;
  return unit.text.replace(/[^A-Za-z']/g, "") || "la";
}

/** Runs espeak-ng once on `text`; resolves to its samples at ESPEAK_SAMPLE_RATE. */
function speak(text: string, voiceName: string): Promise<Float32Array> {
  const root = privateDataRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(PROGRAM, [`--path=${root}`, "-v", voiceName, "-s", String(SPEED_WPM), "-z", "--stdout", "--stdin"]);
    const chunks: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new EspeakMissingError("program not found") : error));
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`espeak-ng failed (exit ${code}): ${errors.trim()}`));
      try {
        resolve(wavSamples(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(text);
  });
}

/** 16-bit mono WAV bytes to samples. Written to a pipe, the header's sizes are placeholders: read to the end. */
function wavSamples(bytes: Buffer): Float32Array {
  const data = bytes.indexOf("data", 12);
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || data < 0) throw new Error("espeak-ng did not write a WAV stream");
  const start = data + 8;
  const count = Math.floor((bytes.length - start) / 2);
  const samples = new Float32Array(count);
  for (let index = 0; index < count; index++) samples[index] = bytes.readInt16LE(start + 2 * index) / 32768;
  return samples;
}

/** The `count - 1` longest silences, as [start, end) sample ranges in time order; null when they are not clear pauses. */
function pauses(samples: Float32Array, count: number): [number, number][] | null {
  if (count <= 1) return [];
  const runs: [number, number][] = [];
  let runStart = -1;
  for (let index = 0; index <= samples.length; index++) {
    const silent = index < samples.length && Math.abs(samples[index]) <= SILENT_SAMPLE;
    if (silent && runStart < 0) runStart = index;
    if (!silent && runStart >= 0) {
      // Leading and trailing silence are not pauses between syllables.
      if (runStart > 0 && index < samples.length) runs.push([runStart, index]);
      runStart = -1;
    }
  }
  const longest = runs.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, count - 1);
  if (longest.length < count - 1 || longest[longest.length - 1][1] - longest[longest.length - 1][0] < MIN_PAUSE_SECONDS * ESPEAK_SAMPLE_RATE) return null;
  return longest.sort((a, b) => a[0] - b[0]);
}

function trimSilence(samples: Float32Array): Float32Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) <= SILENT_SAMPLE) start++;
  while (end > start && Math.abs(samples[end - 1]) <= SILENT_SAMPLE) end--;
  return samples.slice(start, end);
}

async function speakBatch(units: SpeechUnit[], voiceName: string): Promise<Float32Array[]> {
  if (units.length === 0) return [];
  const samples = await speak(units.map((unit) => `${unitText(unit)}.`).join("\n"), voiceName);
  const gaps = pauses(samples, units.length);
  if (!gaps) {
    // The pauses were not clear (a unit spoke as two phrases, or a very long closure): one call each.
    if (units.length === 1) return [trimSilence(samples)];
    return (await Promise.all(units.map((unit) => speakBatch([unit], voiceName)))).flat();
  }
  const bounds = [0, ...gaps.flat(), samples.length];
  return units.map((_, index) => trimSilence(samples.subarray(bounds[2 * index], bounds[2 * index + 1])));
}

/**
 * Speaks each unit at the voice's flat pitch. Units are split over `processes` espeak-ng calls running at
 * once (the machine's cores), each call speaking its share in one go.
 */
export async function speakUnits(units: SpeechUnit[], voiceName: string, processes = Math.max(1, Math.min(4, os.availableParallelism()))): Promise<Float32Array[]> {
  const share = Math.ceil(units.length / processes);
  const batches: SpeechUnit[][] = [];
  for (let start = 0; start < units.length; start += share) batches.push(units.slice(start, start + share));
  return (await Promise.all(batches.map((batch) => speakBatch(batch, voiceName)))).flat();
}

/** Throws EspeakMissingError when the program cannot run: the vocal job calls this before it starts. */
export function assertEspeakAvailable(): void {
  systemDataDir();
}
