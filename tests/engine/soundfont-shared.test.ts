// One copy of the SoundFont's sample data per process (docs/decisions/031-one-soundfont-per-process.md):
// the file's bytes are read once into a SharedArrayBuffer and handed to every engine thread that loads the
// SoundFont, whose samples' compressed data are views into it rather than copies; a sample one thread has
// decoded is read by the others from a shared store instead of decoded again. Renders are the same bytes as
// from a privately parsed copy, and the same on every thread.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { SoundBankLoader, SpessaSynthProcessor, type BasicSoundBank } from "spessasynth_core";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { renderFromParts } from "~/engine/pipeline";
import { loadSoundBank, soundFontPath, soundFontReport } from "~/engine/render";
import { soundFontBytes } from "~/engine/render/soundFontBytes";
import { renderFromPartsOffThread, renderPreviewOffThread, songThreadSoundFonts } from "~/engine/threads";
import { SAMPLE_RATE } from "~/engine/types";

const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The SoundFont parsed the way it was before sharing: from a private copy of the file, each sample's data copied. */
function privateBank(): BasicSoundBank {
  const file = readFileSync(soundFontPath());
  return SoundBankLoader.fromArrayBuffer(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
}

test("this thread's SoundFont keeps its samples' compressed data as views into the shared file bytes, the bytes a private parse copies", () => {
  const bank = loadSoundBank();
  const shared = soundFontBytes();
  expect(shared).toBeInstanceOf(SharedArrayBuffer);
  const report = soundFontReport();
  expect(report.loaded).toBe(true);
  expect(report.compressed).toBeGreaterThan(1000);
  expect(report.views).toBe(report.compressed);

  const copied = privateBank();
  expect(bank.samples.length).toBe(copied.samples.length);
  bank.samples.forEach((sample, index) => {
    const view = sample.getRawData(true);
    const copy = copied.samples[index].getRawData(true);
    expect(view.buffer).toBe(shared);
    expect(copy.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.compare(view, copy), sample.name).toBe(0);
  });
});

/** Notes from a synth on `bank`: a few GM programs and a drum kit, one note each, as float bytes. */
async function renderNotes(bank: BasicSoundBank): Promise<Uint8Array[]> {
  const synth = new SpessaSynthProcessor(SAMPLE_RATE, { effectsEnabled: false, eventsEnabled: false, maxBufferSize: 2048 });
  synth.setSystemParameter("interpolationType", 0);
  synth.soundBankManager.addSoundBank(bank, "gm");
  await synth.processorInitialized;
  const out: Uint8Array[] = [];
  for (const [channel, program, pitch] of [[0, 0, 60], [0, 24, 52], [0, 33, 40], [0, 48, 67], [0, 56, 72], [0, 73, 79], [9, 0, 38]]) {
    synth.programChange(channel, program);
    synth.noteOn(channel, pitch, 100);
    const left = new Float32Array(SAMPLE_RATE);
    const right = new Float32Array(SAMPLE_RATE);
    for (let position = 0; position < left.length; position += 2048) {
      if (position === SAMPLE_RATE / 2) synth.noteOff(channel, pitch);
      synth.process(left, right, position, Math.min(2048, left.length - position));
    }
    synth.stopAllChannels(true);
    out.push(new Uint8Array(left.buffer), new Uint8Array(right.buffer));
  }
  return out;
}

test("decoded samples come from the shared store: the same floats as the library's own decode", () => {
  const bank = loadSoundBank();
  const copied = privateBank();
  // A spread of samples, decoded through the shared store (here or by an earlier test) and privately.
  for (let index = 0; index < bank.samples.length; index += 97) {
    const shared = bank.samples[index].getAudioData();
    const own = copied.samples[index].getAudioData();
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(own.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(shared.length, bank.samples[index].name).toBe(own.length);
    expect(Buffer.compare(new Uint8Array(shared.buffer, shared.byteOffset, shared.byteLength), new Uint8Array(own.buffer, own.byteOffset, own.byteLength)), bank.samples[index].name).toBe(0);
    // Kept: the next call returns the same view, and the sample holds no decoded copy of its own.
    expect(bank.samples[index].getAudioData()).toBe(shared);
    expect((bank.samples[index] as unknown as { audioData?: Float32Array }).audioData).toBe(shared);
  }
});

test("notes rendered from the shared samples are the same bytes as from a private copy", async () => {
  const shared = await renderNotes(loadSoundBank());
  const copied = await renderNotes(privateBank());
  expect(shared.map(digest)).toEqual(copied.map(digest));
  // Not silence: the notes sounded.
  expect(shared.some((bytes) => bytes.some((byte) => byte !== 0))).toBe(true);
});

test("every song thread and its stem worker is handed the process's SoundFont bytes and shares them, and renders the same bytes as this thread", async () => {
  const params = defaultSongParams("wd_lofi", 51);
  const composition = compose(params);
  const production = produce(params, composition);
  const options = { excerpt: { startSeconds: 0, seconds: 4 }, mp3: false };
  const here = await renderFromParts(composition, production, { ...options, parallel: false });
  const song = await renderFromPartsOffThread(composition, production, options);
  const background = await renderFromPartsOffThread(composition, production, options, { background: true });
  const preview = await renderPreviewOffThread(composition, production, 4);
  expect(digest(song.wav)).toBe(digest(here.wav));
  expect(digest(background.wav)).toBe(digest(here.wav));
  expect(digest(preview.wav)).toBe(digest(here.wav));

  const reports = await songThreadSoundFonts();
  const compressed = soundFontReport().compressed;
  const sharing = { handed: true, loaded: true, compressed, views: compressed };
  // The song threads render SoundFont parts on their stem workers; the preview thread renders them itself.
  expect(reports.song?.thread.handed).toBe(true);
  expect(reports.song?.stemWorker).toMatchObject(sharing);
  expect(reports.background?.thread.handed).toBe(true);
  expect(reports.background?.stemWorker).toMatchObject(sharing);
  expect(reports.preview?.thread).toMatchObject(sharing);
  expect(reports.preview?.stemWorker).toBeNull();
  // This thread rendered the excerpt first and decoded its samples; the other threads read them from the
  // shared store and decoded none.
  expect(soundFontReport().decodedHere).toBeGreaterThan(0);
  for (const report of [reports.song?.stemWorker, reports.background?.stemWorker, reports.preview?.thread]) {
    expect(report?.decodedHere).toBe(0);
    expect(report?.decodesReused).toBeGreaterThan(0);
  }
});
