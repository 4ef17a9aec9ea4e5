// The composer, checked by measurement (MUSIC.md "Checking music without ears"): every filter composes a song
// of the right length and tempo, deterministically, in its key, with chord tones on strong beats, a singable
// lead, repeated choruses, the style's groove, and densities, intensity and notes that do what they say.
import { defaultSongParams, FILTERS, getFilter, STYLES } from "~/engine/catalogue";
import { compose, produce, scheduleTracks, describeComposition } from "~/engine/compose";
import { isMinorMode } from "~/engine/theory";
import type { Composition, SongParams } from "~/engine/types";
import {
  barSignature,
  countNotes,
  leadIntervals,
  leadLine,
  pitchClassHistogram,
  rankKeys,
  strongBeatChordToneShare,
} from "./composeMeasures";

const STYLE_FILTERS = STYLES.flatMap((style) => style.filters.map((filter) => ({ style: style.value, filter })));
const SEEDS = [1, 2, 3, 4, 5];

function song(style: string, filter: string, seed: number, overrides: Partial<SongParams> = {}): Composition {
  return compose({ ...defaultSongParams(style, seed, filter), ...overrides });
}

const compositions = new Map<string, Composition>();
function cached(style: string, filter: string, seed: number): Composition {
  const key = `${filter}:${seed}`;
  if (!compositions.has(key)) compositions.set(key, song(style, filter, seed));
  return compositions.get(key)!;
}

describe("every style and filter", () => {
  it.each(STYLE_FILTERS)("$style / $filter composes a 2.5–3.5 minute song in its tempo range", ({ style, filter }) => {
    for (const seed of SEEDS) {
      const composition = cached(style, filter, seed);
      const resolved = getFilter(composition.filter);
      expect(composition.tempo).toBeGreaterThanOrEqual(resolved.tempo.min);
      expect(composition.tempo).toBeLessThanOrEqual(resolved.tempo.max);
      const description = describeComposition(composition);
      expect(description.durationSeconds).toBeGreaterThanOrEqual(150);
      expect(description.durationSeconds).toBeLessThanOrEqual(215);
      expect(description.bars).toBeGreaterThanOrEqual(52);
      expect(description.bars).toBeLessThanOrEqual(100);
      for (const part of composition.parts) expect(countNotes(composition, part)).toBeGreaterThan(0);
      for (const segment of composition.segments) {
        for (const notes of Object.values(segment.parts)) {
          for (const note of notes ?? []) {
            expect(note.step).toBeGreaterThanOrEqual(0);
            expect(note.step).toBeLessThan(32);
            expect(note.length).toBeGreaterThan(0);
            expect(note.pitch).toBeGreaterThanOrEqual(0);
            expect(note.pitch).toBeLessThanOrEqual(127);
            expect(note.velocity).toBeGreaterThanOrEqual(1);
            expect(note.velocity).toBeLessThanOrEqual(127);
          }
        }
      }
    }
  });

  it("honours a requested tempo and otherwise picks one in the filter's range", () => {
    expect(song("wd_rap", "songloom_trap", 7, { tempo: 120 }).tempo).toBe(120);
    const tempos = SEEDS.map((seed) => song("wd_rap", "songloom_trap", seed).tempo);
    expect(new Set(tempos).size).toBeGreaterThan(1);
  });

  it("all_flavors composes as one of the other rap filters, chosen by seed", () => {
    const resolved = new Set(Array.from({ length: 12 }, (_, seed) => song("wd_rap", "all_flavors", seed).filter));
    expect(resolved.has("all_flavors")).toBe(false);
    expect(resolved.size).toBeGreaterThan(2);
  });
});

describe("determinism", () => {
  it("the same seed and parameters give byte-identical notes", () => {
    for (const { style, filter } of STYLE_FILTERS.slice(0, 12)) {
      expect(JSON.stringify(song(style, filter, 42))).toBe(JSON.stringify(song(style, filter, 42)));
    }
  });

  it("20 seeds give 20 different songs and ids", () => {
    const songs = Array.from({ length: 20 }, (_, seed) => song("wd_edm", "house", seed + 100));
    expect(new Set(songs.map((composition) => JSON.stringify(composition.segments))).size).toBe(20);
    expect(new Set(songs.map((composition) => composition.id)).size).toBe(20);
  });
});

describe("key", () => {
  it("the song's key is the best Krumhansl–Kessler match (or its relative, when a loop leans that way)", () => {
    let cases = 0;
    let best = 0;
    for (const { style, filter } of STYLE_FILTERS) {
      for (const seed of SEEDS) {
        const composition = cached(style, filter, seed);
        const { tonic, mode } = composition.key;
        const minor = isMinorMode(mode);
        const ranks = rankKeys(pitchClassHistogram(composition));
        const position = ranks.findIndex((match) => match.tonic === tonic && match.minor === minor);
        if (mode === "major" || mode === "minor" || mode === "harmonic_minor") {
          cases++;
          if (position === 0) best++;
          else {
            // Only the relative key, with the same notes, may edge ahead.
            const relative = (tonic + (minor ? 3 : 9)) % 12;
            expect(position, `${filter} seed ${seed} in ${composition.key.name}`).toBe(1);
            expect(ranks[0].tonic, `${filter} seed ${seed}: ${composition.key.name}`).toBe(relative);
          }
        } else {
          // Modes are measured against major/minor profiles, so they only need to be near the top.
          expect(position, `${filter} seed ${seed} in ${composition.key.name}`).toBeLessThanOrEqual(3);
        }
      }
    }
    expect(best / cases).toBeGreaterThanOrEqual(0.85);
  });

  it('"dark" in the notes picks a minor-third mode and "bright" a major one', () => {
    for (const seed of SEEDS) {
      expect(isMinorMode(song("wd_edm", "chill_wave", seed, { notes: "make it darker" }).key.mode)).toBe(true);
      expect(isMinorMode(song("wd_edm", "chill_wave", seed, { notes: "happy and bright" }).key.mode)).toBe(false);
    }
  });
});

describe("harmony and melody", () => {
  it("at least 80% of lead and bass notes on beats 1 and 3 are chord tones", () => {
    for (const { style, filter } of STYLE_FILTERS) {
      for (const seed of SEEDS) {
        const composition = cached(style, filter, seed);
        for (const part of ["lead", "bass"] as const) {
          const { share, count } = strongBeatChordToneShare(composition, part);
          if (count > 0) expect(share, `${filter} seed ${seed} ${part}`).toBeGreaterThanOrEqual(0.8);
        }
      }
    }
  });

  it("the lead moves mostly by step, rarely leaps over an octave and stays within two octaves", () => {
    let steps = 0;
    let all = 0;
    for (const { style, filter } of STYLE_FILTERS) {
      for (const seed of SEEDS) {
        const composition = cached(style, filter, seed);
        const intervals = leadIntervals(composition);
        steps += intervals.filter((interval) => interval <= 2).length;
        all += intervals.length;
        expect(intervals.filter((interval) => interval <= 4).length / intervals.length, filter).toBeGreaterThanOrEqual(0.65);
        expect(intervals.filter((interval) => interval > 12).length / intervals.length, filter).toBeLessThanOrEqual(0.03);
        const pitches = leadLine(composition).map((entry) => entry.note.pitch);
        expect(Math.max(...pitches) - Math.min(...pitches), filter).toBeLessThanOrEqual(24);
      }
    }
    expect(steps / all).toBeGreaterThanOrEqual(0.5);
  });

  it("the lead breathes: every 4-bar phrase has a rest of at least a beat", () => {
    for (const { style, filter } of STYLE_FILTERS.slice(0, 10)) {
      const composition = cached(style, filter, 1);
      const line = leadLine(composition);
      const phrases = new Map<number, { at: number; end: number }[]>();
      for (const { at, note } of line) {
        const phrase = Math.floor(at / 64);
        phrases.set(phrase, [...(phrases.get(phrase) ?? []), { at, end: at + note.length }]);
      }
      for (const [phrase, notes] of phrases) {
        const gaps = notes.map((note, i) => (notes[i + 1]?.at ?? (phrase + 1) * 64) - note.end);
        expect(Math.max(...gaps), `${filter} phrase ${phrase}`).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it("the chorus melody sits higher than the verse melody", () => {
    const composition = cached("advanced", "custom_pop", 3);
    const average = (section: string) => {
      const pitches = composition.segments.filter((segment) => segment.section === section).flatMap((segment) => segment.parts.lead ?? []);
      return pitches.reduce((sum, note) => sum + note.pitch, 0) / pitches.length;
    };
    expect(average("chorus")).toBeGreaterThan(average("verse"));
  });

  it("chords stay between C3 and C5", () => {
    for (const { style, filter } of STYLE_FILTERS) {
      for (const segment of cached(style, filter, 1).segments) {
        for (const chord of segment.chords) for (const pitch of chord.pitches) expect(pitch).toBeGreaterThanOrEqual(48), expect(pitch).toBeLessThanOrEqual(72);
      }
    }
  });
});

describe("structure and energy", () => {
  it("choruses repeat: their lead and bass bars match bar for bar (later choruses open the chord voicing)", () => {
    for (const { style, filter } of STYLE_FILTERS) {
      const composition = cached(style, filter, 2);
      const choruses = composition.sections.filter((section) => section.kind === "chorus" || section.kind === "drop");
      if (choruses.length < 2) continue;
      const [first, second] = choruses;
      const bars = Math.min(first.segmentCount, second.segmentCount);
      let same = 0;
      let total = 0;
      for (let i = 0; i < bars; i++) {
        for (const bar of [0, 1] as const) {
          total++;
          const a = barSignature(composition, first.startSegment + i, bar, ["lead", "bass"]);
          const b = barSignature(composition, second.startSegment + i, bar, ["lead", "bass"]);
          if (a === b) same++;
        }
      }
      expect(same / total, filter).toBeGreaterThanOrEqual(0.75);
    }
  });

  it("the intro is sparse, choruses carry the lead, breaks drop the drums and the last chorus is the biggest", () => {
    const composition = cached("advanced", "custom_pop", 1);
    const intro = composition.segments.filter((segment) => segment.section === "intro");
    expect(intro.every((segment) => (segment.parts.bass ?? []).length === 0 && (segment.parts.lead ?? []).length === 0)).toBe(true);
    const choruses = composition.segments.filter((segment) => segment.section === "chorus");
    expect(choruses.every((segment) => (segment.parts.lead ?? []).length > 0)).toBe(true);
    const energies = choruses.map((segment) => segment.energy);
    expect(energies[energies.length - 1]).toBe(Math.max(...composition.segments.map((segment) => segment.energy)));
    const trap = cached("wd_rap", "songloom_trap", 1);
    const breaks = trap.segments.filter((segment) => segment.section === "break");
    expect(breaks.length).toBeGreaterThan(0);
    expect(breaks.some((segment) => (segment.parts.drums ?? []).some((note) => note.drum === "kick"))).toBe(false);
  });

  it("sections end with a fill and the next section starts with a crash", () => {
    const composition = cached("wd_edm", "house", 1);
    for (const section of composition.sections.slice(1, -1)) {
      const previous = composition.segments[section.startSegment - 1];
      const first = composition.segments[section.startSegment];
      if (previous.section === "intro" || previous.section === "break") continue;
      const lateSnares = (previous.parts.drums ?? []).filter((note) => note.drum === "snare" && note.step >= 28);
      expect(lateSnares.length, `fill before ${section.kind}`).toBeGreaterThanOrEqual(4);
      if (["verse", "chorus", "drop"].includes(section.kind)) {
        expect((first.parts.drums ?? []).some((note) => note.drum === "auxiliary" && note.pitch === 49 && note.step === 0)).toBe(true);
      }
    }
  });
});

/**
 * Drum steps (within the bar) of one kind, in segments where the full groove plays and no fill happens.
 * Ghost notes (MUSIC.md: velocity 20–45; at the default intensity they stay under 42, while a verse's
 * softest normal hit is above it) are the song's own decoration around the grammar, so they are left out.
 */
function grooveSteps(composition: Composition, kind: string): Set<number>[] {
  return composition.segments
    .filter((segment) => ["verse", "chorus", "drop"].includes(segment.section) && segment.index < composition.segments.length - 1)
    .filter((segment) => composition.segments[segment.index + 1].section === segment.section)
    .map((segment) => new Set((segment.parts.drums ?? []).filter((note) => note.drum === kind && note.step < 16 && note.velocity > 42).map((note) => note.step)));
}

describe("groove", () => {
  it("house has kicks on every beat", () => {
    for (const steps of grooveSteps(cached("wd_edm", "house", 1), "kick")) {
      for (const step of [0, 4, 8, 12]) expect(steps.has(step)).toBe(true);
    }
  });

  it("reggaeton snares follow the dembow (steps 4, 7, 12, 15)", () => {
    for (const steps of grooveSteps(cached("wd_groove", "reggaeton", 1), "snare")) expect([...steps].sort((a, b) => a - b)).toEqual([3, 6, 11, 14]);
  });

  it("trap has one snare per bar, on beat 3", () => {
    for (const steps of grooveSteps(cached("wd_rap", "songloom_trap", 1), "snare")) expect([...steps]).toEqual([8]);
  });

  it("trap 808s follow the kick and glide between pitches", () => {
    const composition = cached("wd_rap", "songloom_trap", 1);
    const bass = composition.segments.flatMap((segment) => segment.parts.bass ?? []);
    expect(bass.some((note) => note.glide)).toBe(true);
    for (const segment of composition.segments.filter((segment) => segment.section === "verse")) {
      const kicks = new Set((segment.parts.drums ?? []).filter((note) => note.drum === "kick").map((note) => note.step));
      const onKick = (segment.parts.bass ?? []).filter((note) => kicks.has(note.step)).length;
      expect(onKick / (segment.parts.bass ?? []).length).toBeGreaterThanOrEqual(0.8);
    }
  });

  it("swing delays every second 16th by the filter's swing", () => {
    const composition = song("wd_lofi", "morning_sun", 3, { humanness: 0 });
    const hats = composition.segments.flatMap((segment) => segment.parts.drums ?? []).filter((note) => note.step % 2 === 1);
    expect(hats.length).toBeGreaterThan(0);
    for (const note of hats) expect(note.micro).toBeCloseTo(2 * composition.swing - 1, 3);
  });

  it("humanness 1 moves notes by at most 20 ms and kicks less than hats", () => {
    const composition = song("wd_edm", "house", 3, { humanness: 1 });
    const secondsPerStep = 60 / composition.tempo / 4;
    const drums = composition.segments.flatMap((segment) => segment.parts.drums ?? []);
    const offsetMs = (kind: string) =>
      drums.filter((note) => note.drum === kind && note.step % 2 === 0).map((note) => Math.abs(note.micro) * secondsPerStep * 1000);
    for (const offset of [...offsetMs("kick"), ...offsetMs("closed_hat")]) expect(offset).toBeLessThanOrEqual(20.5);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(offsetMs("kick"))).toBeLessThan(mean(offsetMs("closed_hat")));
  });
});

describe("densities and intensity", () => {
  const DENSITY_STEPS = [0, 0.25, 0.5, 0.75, 1];

  it.each(["drums", "bass", "chords", "lead"] as const)("more %s density never means fewer notes", (part) => {
    for (const { style, filter } of [
      { style: "wd_edm", filter: "house" },
      { style: "wd_rap", filter: "songloom_trap" },
      { style: "wd_lofi", filter: "rainy_nights" },
    ]) {
      const counts = DENSITY_STEPS.map((density) => {
        const base = defaultSongParams(style, 9, filter);
        return countNotes(compose({ ...base, densities: { ...base.densities, [part]: density } }), part);
      });
      for (let i = 1; i < counts.length; i++) expect(counts[i], `${filter} ${part} ${counts}`).toBeGreaterThanOrEqual(counts[i - 1]);
      expect(counts[counts.length - 1], `${filter} ${part} ${counts}`).toBeGreaterThan(counts[0]);
    }
  });

  it("one part's density leaves the other parts' notes alone", () => {
    const base = defaultSongParams("wd_edm", 5, "house");
    const dense = compose({ ...base, densities: { ...base.densities, lead: 1 } });
    const plain = compose(base);
    for (const part of ["drums", "bass", "chords"] as const) {
      expect(JSON.stringify(dense.segments.map((segment) => segment.parts[part]))).toBe(JSON.stringify(plain.segments.map((segment) => segment.parts[part])));
    }
  });

  it("intensity raises the drums' note count and loudness", () => {
    const drumStats = (intensity: number) => {
      const notes = song("wd_edm", "house", 4, { intensity }).segments.flatMap((segment) => segment.parts.drums ?? []);
      return { count: notes.length, velocity: notes.reduce((sum, note) => sum + note.velocity, 0) / notes.length };
    };
    const [low, mid, high] = [2, 5, 9].map(drumStats);
    expect(low.count).toBeLessThan(mid.count);
    expect(mid.count).toBeLessThan(high.count);
    expect(low.velocity).toBeLessThan(mid.velocity);
    expect(mid.velocity).toBeLessThan(high.velocity);
  });
});

describe("notes keywords", () => {
  it('"fast" keeps to the top third of the tempo range and "slow" to the bottom third', () => {
    const filter = getFilter("songloom_trap");
    const third = (filter.tempo.max - filter.tempo.min) / 3;
    for (const seed of SEEDS) {
      expect(song("wd_rap", "songloom_trap", seed, { notes: "fast and hype" }).tempo).toBeGreaterThanOrEqual(Math.floor(filter.tempo.max - third));
      expect(song("wd_rap", "songloom_trap", seed, { notes: "slow it down" }).tempo).toBeLessThanOrEqual(Math.ceil(filter.tempo.min + third));
    }
  });

  it('"no drums" leaves the drums out', () => {
    expect(song("wd_lofi", "morning_sun", 1, { notes: "no drums please" }).parts).not.toContain("drums");
  });

  it('"piano" puts a piano on the chords without changing the notes', () => {
    const params = { ...defaultSongParams("wd_edm", 1, "electro_house"), notes: "more piano" };
    const composition = compose(params);
    expect(composition.id).toBe(compose(defaultSongParams("wd_edm", 1, "electro_house")).id);
    expect(produce(params, composition).instruments.chords).toBe("gm_acoustic_grand_piano");
  });
});

describe("FILTERS coverage", () => {
  it("tests cover every filter in the catalogue", () => {
    expect(STYLE_FILTERS.map((entry) => entry.filter).sort()).toEqual(FILTERS.map((filter) => filter.value).sort());
  });
});

describe("scheduling", () => {
  it("places notes in seconds with one drum sound per drum note", () => {
    const params = defaultSongParams("wd_edm", 8, "house");
    const composition = compose(params);
    const tracks = scheduleTracks(composition, produce(params, composition));
    expect(tracks.map((track) => track.part)).toEqual(composition.parts);
    const secondsPerStep = 60 / composition.tempo / 4;
    const songSeconds = composition.segments.length * 32 * secondsPerStep;
    for (const track of tracks) {
      expect(track.notes.length).toBe(countNotes(composition, track.part));
      for (let i = 1; i < track.notes.length; i++) expect(track.notes[i].time).toBeGreaterThanOrEqual(track.notes[i - 1].time);
      for (const note of track.notes) expect(note.time).toBeLessThan(songSeconds);
      if (track.part === "drums") {
        expect(track.source).toBeNull();
        expect(track.drumSounds).toHaveLength(track.notes.length);
      } else {
        expect(track.source).not.toBeNull();
      }
    }
    const lead = tracks.find((track) => track.part === "lead")!;
    const first = composition.segments.find((segment) => (segment.parts.lead ?? []).length > 0)!;
    const note = first.parts.lead![0];
    expect(lead.notes[0].time).toBeCloseTo((first.index * 32 + note.step + note.micro) * secondsPerStep, 6);
  });
});
