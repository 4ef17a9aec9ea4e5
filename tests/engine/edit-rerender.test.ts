// Re-rendering after an edit (issue 5, docs/edit-flow.md): a production change keeps the notes byte for
// byte, a note change keeps the production byte for byte, the stem cache changes no output byte, a
// mix-only change renders no stem while an instrument change renders exactly one, and an edit mixed on
// both threads sounds exactly as one mixed in track order.
import { vi } from "vitest";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, produce } from "~/engine/compose";
import { withSegmentNotes } from "~/engine/edit";
import { prepareEdit, renderFromParts, scheduleRender, type RenderOptions } from "~/engine/pipeline";
import { flushStemCacheWrites } from "~/engine/threads";
import { DiskStemCache, diskStemCache, STRIP_FRONT_PREFIX } from "~/engine/threads/stemCache";
import type { Composition, Production, SongParams } from "~/engine/types";

const EXCERPT = { startSeconds: 16, seconds: 4 };

function song(): { params: SongParams; composition: Composition; production: Production } {
  const params = defaultSongParams("wd_lofi", 7, "morning_sun");
  const composition = compose(params);
  return { params, composition, production: produce(params, composition) };
}

/** A render, and (with a stem cache) the cache writes it leaves for afterwards, so the files can be inspected. */
async function render(composition: Composition, production: Production, options: RenderOptions = {}) {
  const rendered = await renderFromParts(composition, production, { excerpt: EXCERPT, mp3: false, ...options });
  if (options.stemCache) await flushStemCacheWrites();
  return rendered;
}

const tempCache = () => ({ dir: mkdtempSync(path.join(os.tmpdir(), "songloom-stems-")), maxBytes: 512 * 1024 * 1024 });
const cacheFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".stem")).sort();
/** Dry stems: what a render writes for each part it renders. */
const stemFiles = (dir: string) => cacheFiles(dir).filter((name) => !name.startsWith(STRIP_FRONT_PREFIX));
/** Strip fronts: what an edit keeps of each part's channel strip. */
const frontFiles = (dir: string) => cacheFiles(dir).filter((name) => name.startsWith(STRIP_FRONT_PREFIX));
const inode = (dir: string, name: string) => statSync(path.join(dir, name)).ino;
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
/** Parts that play in the excerpt: a silent part adds nothing to the mix, so it has no strip front. */
const soundingParts = (composition: Composition, production: Production) =>
  scheduleRender(composition, production, EXCERPT).tracks.filter((track) => track.notes.length > 0).map((track) => track.part);

/** Note-on and note-off events per track of a Standard MIDI File: the notes, without programs or names. */
function midiNotes(file: Uint8Array): string[][] {
  const bytes = Buffer.from(file);
  const tracks: string[][] = [];
  let offset = 8 + bytes.readUInt32BE(4);
  while (offset < bytes.length) {
    const end = offset + 8 + bytes.readUInt32BE(offset + 4);
    let at = offset + 8;
    let tick = 0;
    let status = 0;
    const notes: string[] = [];
    const varLength = () => {
      let value = 0;
      let byte: number;
      do {
        byte = bytes[at++]!;
        value = (value << 7) | (byte & 0x7f);
      } while (byte & 0x80);
      return value;
    };
    while (at < end) {
      tick += varLength();
      if (bytes[at]! & 0x80) status = bytes[at++]!;
      if (status === 0xff || status === 0xf0 || status === 0xf7) {
        if (status === 0xff) at += 1;
        // Read the length first: `at += varLength()` would add to the position from before the read.
        const length = varLength();
        at += length;
      } else {
        const type = status & 0xf0;
        const length = type === 0xc0 || type === 0xd0 ? 1 : 2;
        if (type === 0x80 || type === 0x90) notes.push(`${tick}:${type.toString(16)}:${bytes[at]}:${bytes[at + 1]}`);
        at += length;
      }
    }
    tracks.push(notes);
    offset = end;
  }
  return tracks;
}

test("a changed production (instrument and mix) keeps the composition and the MIDI notes byte-identical", async () => {
  const { params, composition, production } = song();
  const before = JSON.stringify(composition);
  const lead = composition.parts.find((part) => part !== "drums" && part !== "bass")!;
  const edited = produce({ ...params, mix: "underwater", instruments: { ...production.instruments, [lead]: "gm_flute" } }, composition, production.seed);
  expect(edited.instruments[lead]).toBe("gm_flute");
  expect(edited.mix).toBe("underwater");

  const original = await render(composition, production);
  const changed = await render(composition, edited);
  expect(JSON.stringify(changed.composition)).toBe(before);
  expect(JSON.stringify(composition)).toBe(before);
  expect(midiNotes(changed.midi)).toEqual(midiNotes(original.midi));
  expect(midiNotes(original.midi).flat().length).toBeGreaterThan(0);
  // The sound did change.
  expect(same(changed.wav, original.wav)).toBe(false);
});

test("changed notes keep the production byte-identical", async () => {
  const { params, composition, production } = song();
  const before = JSON.stringify(production);
  const notes = [
    { step: 0, micro: 0, length: 8, pitch: 40, velocity: 100 },
    { step: 16, micro: 0, length: 8, pitch: 43, velocity: 90 },
  ];
  const edited = withSegmentNotes(composition, 2, "bass", notes);
  expect(edited.id).not.toBe(composition.id);
  expect(edited.segments[2]!.parts.bass).toEqual(notes);
  // Producing again for the new notes picks exactly the same sounds, and rendering leaves them alone.
  expect(JSON.stringify(produce(params, edited, production.seed))).toBe(before);
  const rendered = await render(edited, production);
  expect(JSON.stringify(rendered.production)).toBe(before);
  expect(JSON.stringify(production)).toBe(before);
});

test("a warm stem cache gives byte-identical WAV output to a render without it", async () => {
  const { composition, production } = song();
  const cache = tempCache();
  const uncached = await render(composition, production);
  const cold = await render(composition, production, { stemCache: cache });
  expect(stemFiles(cache.dir).length).toBeGreaterThan(0);
  const warm = await render(composition, production, { stemCache: cache });
  expect(same(cold.wav, uncached.wav)).toBe(true);
  expect(same(warm.wav, uncached.wav)).toBe(true);
});

test("a mix-only change renders no stem; one instrument change renders only that part's stem", async () => {
  const { params, composition, production } = song();
  const cache = tempCache();
  await render(composition, production, { stemCache: cache });
  const filled = stemFiles(cache.dir);
  expect(filled.length).toBe(composition.parts.length);

  expect(frontFiles(cache.dir)).toEqual([]);

  // Every stem of the mix change is found in the cache, so no stem is rendered; being an edit, it keeps
  // each part's strip front.
  const remixed = produce({ ...params, mix: "lofi" }, composition, production.seed);
  await render(composition, remixed, { stemCache: cache });
  expect(stemFiles(cache.dir)).toEqual(filled);
  const fronts = frontFiles(cache.dir);
  const sounding = soundingParts(composition, production);
  expect(sounding.length).toBeGreaterThanOrEqual(2);
  expect(fronts.length).toBe(sounding.length);

  // A playing part's new sound is rendered and stripped; the other parts' fronts are read, not made again.
  const part = sounding.find((name) => name !== "drums")!;
  const reinstrumented = produce({ ...params, instruments: { ...production.instruments, [part]: "gm_flute" } }, composition, production.seed);
  await render(composition, reinstrumented, { stemCache: cache });
  expect(stemFiles(cache.dir).length).toBe(filled.length + 1);
  expect(frontFiles(cache.dir).length).toBe(fronts.length + 1);
});

test("strip fronts kept by one edit are read back by the next, which sounds exactly as without any cache", async () => {
  const { params, composition, production } = song();
  const cache = tempCache();
  await render(composition, production, { stemCache: cache });
  await render(composition, produce({ ...params, mix: "lofi" }, composition, production.seed), { stemCache: cache });
  const fronts = frontFiles(cache.dir);
  const sounding = soundingParts(composition, production);
  expect(fronts.length).toBe(sounding.length);
  const written = fronts.map((name) => inode(cache.dir, name));

  const underwater = produce({ ...params, mix: "underwater" }, composition, production.seed);
  const fromFronts = await render(composition, underwater, { stemCache: cache });
  // A front made again would be written under a new file (renamed into place): these were only read.
  expect(frontFiles(cache.dir)).toEqual(fronts);
  expect(fronts.map((name) => inode(cache.dir, name))).toEqual(written);
  const uncached = await render(composition, underwater);
  expect(same(fromFronts.wav, uncached.wav)).toBe(true);

  // Another level for one part changes its staging gain: that part's front is made and kept anew.
  const part = sounding.find((name) => name !== "drums")!;
  const quieter = produce({ ...params, mix: "underwater", levels: { [part]: 0.5 } }, composition, production.seed);
  const releveled = await render(composition, quieter, { stemCache: cache });
  expect(frontFiles(cache.dir).length).toBe(fronts.length + 1);
  expect(same(releveled.wav, (await render(composition, quieter)).wav)).toBe(true);
});

test("an edit mixed on both threads (one part rendered on the worker, the rest read) sounds exactly as one mixed in track order on one thread", async () => {
  const { params, composition, production } = song();
  const cache = tempCache();
  await render(composition, production, { stemCache: cache });
  const part = soundingParts(composition, production).find((name) => name !== "drums")!;
  const edited = produce({ ...params, mix: "montreal", instruments: { ...production.instruments, [part]: "gm_vibraphone" } }, composition, production.seed);
  // The first edit reads dry stems and makes every front; the second reads fronts: both mix on two threads.
  const firstEdit = await render(composition, edited, { stemCache: cache });
  const secondEdit = await render(composition, edited, { stemCache: cache });
  const oneThread = await render(composition, edited, { parallel: false });
  expect(same(firstEdit.wav, oneThread.wav)).toBe(true);
  expect(same(secondEdit.wav, oneThread.wav)).toBe(true);
});

test("stems kept for writing later are found by the cache at once and written by flushWrites (at most three wait)", () => {
  const cache = diskStemCache(tempCache().dir, 512 * 1024 * 1024);
  const stem = (value: number) => ({ sampleRate: 44100, left: new Float32Array(1000).fill(value), right: new Float32Array(1000).fill(-value) });
  cache.putLater("a", { stem: stem(0.1), lufs: -20 });
  expect(cache.has("a")).toBe(true);
  expect(cache.lufs("a")).toBe(-20);
  expect(stemFiles(cache.dir)).toEqual([]);
  // Reading one that waits writes it first, and gives a copy the caller may change.
  expect(cache.get("a")!.stem.left[5]).toBeCloseTo(0.1, 6);
  expect(stemFiles(cache.dir)).toEqual(["a.stem"]);
  for (const key of ["b", "c", "d"]) cache.putLater(key, { stem: stem(0.2) });
  expect(stemFiles(cache.dir)).toEqual(["a.stem"]);
  // A fourth waiting stem writes the oldest.
  cache.putLater("e", { stem: stem(0.3) });
  expect(stemFiles(cache.dir)).toEqual(["a.stem", "b.stem"]);
  cache.flushWrites();
  expect(stemFiles(cache.dir)).toEqual(["a.stem", "b.stem", "c.stem", "d.stem", "e.stem"]);
  expect(cache.get("e")!.stem.right[999]).toBeCloseTo(-0.3, 6);
});

test("a song got ready for editing has every sounding part's strip front: its first edit makes none and sounds as without a cache", async () => {
  const { params, composition, production } = song();
  const cache = tempCache();
  await render(composition, production, { stemCache: cache });
  expect(frontFiles(cache.dir)).toEqual([]);
  const sounding = soundingParts(composition, production);
  expect(await prepareEdit(composition, production, { stemCache: cache, excerpt: EXCERPT })).toBe(sounding.length);
  const fronts = frontFiles(cache.dir);
  expect(fronts.length).toBe(sounding.length);
  // Done once: asked again, it makes nothing.
  expect(await prepareEdit(composition, production, { stemCache: cache, excerpt: EXCERPT })).toBe(0);

  const remixed = produce({ ...params, mix: "garage" }, composition, production.seed);
  const firstEdit = await render(composition, remixed, { stemCache: cache });
  expect(frontFiles(cache.dir)).toEqual(fronts);
  expect(same(firstEdit.wav, (await render(composition, remixed)).wav)).toBe(true);
});

test("getting a song ready for editing renders the dry stems the cache no longer holds", async () => {
  const { composition, production } = song();
  const cache = tempCache();
  const sounding = soundingParts(composition, production);
  expect(await prepareEdit(composition, production, { stemCache: cache, excerpt: EXCERPT })).toBe(sounding.length);
  // Every part's dry stem (a silent one's too: only its render shows it is silent), a front per sounding part.
  expect(stemFiles(cache.dir).length).toBe(composition.parts.length);
  expect(frontFiles(cache.dir).length).toBe(sounding.length);
});

test("a strip front trimmed away between planning and mixing (another process) is mixed from its dry stem, to the same bytes", async () => {
  const { params, composition, production } = song();
  const cache = tempCache();
  await render(composition, production, { stemCache: cache });
  const remixed = produce({ ...params, mix: "vancouver" }, composition, production.seed);
  // Planning believes every front is there; none is (this render is the first edit, which makes them).
  const has = vi.spyOn(DiskStemCache.prototype, "has").mockImplementation(function (this: DiskStemCache, key: string) {
    return key.startsWith(STRIP_FRONT_PREFIX) || existsSync(path.join(this.dir, `${key}.stem`));
  });
  try {
    const edited = await render(composition, remixed, { stemCache: cache });
    expect(same(edited.wav, (await render(composition, remixed)).wav)).toBe(true);
  } finally {
    has.mockRestore();
  }
  // The fronts it made on the way are kept for the next edit.
  expect(frontFiles(cache.dir).length).toBe(soundingParts(composition, production).length);
});

test("a cached stem is read in pieces as it is stored, and a missing one cannot be opened", async () => {
  const cache = diskStemCache(tempCache().dir, 512 * 1024 * 1024);
  const left = Float32Array.from({ length: 10_000 }, (_, i) => i / 10_000);
  const right = Float32Array.from({ length: 10_000 }, (_, i) => -i / 10_000);
  cache.put("piece", { stem: { sampleRate: 44100, left, right }, lufs: -21, skipped: Uint8Array.of(0, 1, 0) });
  const reader = cache.openReader("piece")!;
  expect(reader.lufs).toBe(-21);
  expect([...reader.skipped!]).toEqual([0, 1, 0]);
  const l = new Float32Array(100), r = new Float32Array(100);
  expect(reader.readRange(9_900, 100, l, r)).toBe(true);
  expect(l[0]).toBe(left[9_900]);
  expect(r[99]).toBe(right[9_999]);
  expect(reader.readRange(9_950, 100, l, r)).toBe(false);
  reader.close();
  expect(cache.openReader("missing")).toBeNull();
});
