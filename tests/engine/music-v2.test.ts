// Issue 23 "Done when", measured: 30 whole songs over every style family (fixed seeds) rendered with their
// MP3, which is decoded and measured (loudness, true peak, chorus lift over the verse before it, no silence
// over 2 s, aubio's tempo); and, from the notes of more songs, melodic resolution, leap recovery, chorus
// register, lead density by style, variety between seeds and determinism.
import { compose, defaultSongParams, FILTERS } from "~/engine";
import { mainDrumPattern, melodyMeasures, patternOverlap, sameNotes } from "./musicMeasures";
import { checkSong, tempoFound, type SongCheck } from "./musicV2Measures";
import { MUSIC_V2_SONGS } from "./musicV2Songs";

const SONGS = MUSIC_V2_SONGS;

/**
 * Share of songs with drums whose tempo aubio finds: 18/29 on 2026-11-25; 28/29 with the first time-keeper;
 * 29/29 on 2026-11-28 with the ride-bell and steady keepers (this file's run; the target is 0.97).
 * The renders and aubio are deterministic, so the floor is what was measured: every song.
 */
const AUBIO_FLOOR = 1;

describe("issue 23: whole songs, measured on the decoded MP3", () => {
  const checks: SongCheck[] = [];

  it.each(SONGS)("%s / %s seed %i: loudness, true peak, chorus lift, no silence", async (style, filter, seed) => {
    const check = await checkSong(style, filter, seed);
    checks.push(check);
    console.log(
      `${check.label}: ${check.lufs.toFixed(2)} LUFS, ${check.truePeakDb.toFixed(2)} dBTP, lifts ${check.lifts.map((lift) => lift.toFixed(1)).join(" ")} LU, ` +
        `silence ${check.longestSilenceSeconds.toFixed(1)} s, aubio ${check.aubioBpm.toFixed(1)} / ${check.composition.tempo} BPM`,
    );
    expect(Math.abs(check.lufs + 14)).toBeLessThanOrEqual(1);
    expect(check.truePeakDb).toBeLessThanOrEqual(-1);
    expect(check.longestSilenceSeconds).toBeLessThanOrEqual(2);
    for (const lift of check.lifts) expect(lift, check.label).toBeGreaterThanOrEqual(2);
  });

  // Issue 23 asks for ≥ 97 %: every groove's time-keeper (compose/drumPart.ts) keeps one pulse through the
  // whole song. Prints which songs miss.
  it("aubio finds the declared tempo (or half, double, within 4 %) in at least the measured share of songs", () => {
    const withDrums = checks.filter((check) => check.composition.parts.includes("drums"));
    expect(withDrums.length).toBeGreaterThanOrEqual(25);
    const missed = withDrums.filter((check) => !tempoFound(check.aubioBpm, check.composition.tempo));
    console.log(`aubio tempo found in ${withDrums.length - missed.length}/${withDrums.length}; missed: ${missed.map((check) => check.label).join(", ") || "none"}`);
    expect((withDrums.length - missed.length) / withDrums.length).toBeGreaterThanOrEqual(AUBIO_FLOOR);
  });
});

/** Every creatable filter, two seeds each: notes only, so it is quick. */
const NOTE_SONGS = FILTERS.filter((filter) => !filter.roulette && filter.purposes.includes("create")).flatMap((filter) =>
  [21, 44].map((seed) => compose(defaultSongParams(filter.style, seed, filter.value))),
);

describe("issue 23: melodies resolve and vary by style", () => {
  const measures = NOTE_SONGS.map(melodyMeasures);
  const total = (pick: (m: (typeof measures)[number]) => number) => measures.reduce((sum, m) => sum + pick(m), 0);

  it("ends sections on chord tones, on the tonic at ≥ 60 % of section ends", () => {
    const sections = total((m) => m.sectionsWithLead);
    expect(total((m) => m.chordToneEndings) / sections).toBeGreaterThanOrEqual(0.95);
    expect(total((m) => m.tonicEndings) / sections).toBeGreaterThanOrEqual(0.6);
  });

  it("follows leaps over a fourth with a step back (≥ 75 %; beats 1 and 3 keep their chord tone first)", () => {
    expect(total((m) => m.recoveredLeaps) / Math.max(1, total((m) => m.leaps))).toBeGreaterThanOrEqual(0.75);
  });

  it("sets the chorus higher than the verse in every song that has both", () => {
    const lifts = measures.map((m) => m.chorusLift).filter((lift) => Number.isFinite(lift));
    expect(lifts.length).toBeGreaterThan(20);
    for (const lift of lifts) expect(lift).toBeGreaterThan(0);
  });

  it("uses passing and neighbour tones between the beats, not only chord tones", () => {
    expect(total((m) => m.nonChordToneShare) / measures.length).toBeGreaterThanOrEqual(0.2);
  });

  it("writes a sparse lo-fi lead and a busier EDM riff, and follows the lead density", () => {
    const density = (style: string, filter: string, lead: number) => {
      const params = defaultSongParams(style, 21, filter);
      return melodyMeasures(compose({ ...params, densities: { ...params.densities, lead } })).notesPerBar;
    };
    expect(density("wd_lofi", "afternoon_nap", 0.5)).toBeLessThan(density("wd_edm", "house", 0.5) * 0.7);
    expect(density("wd_edm", "house", 0.2)).toBeLessThan(density("wd_edm", "house", 0.9));
  });
});

describe("issue 23: variety by seed", () => {
  // Every creatable filter with drums (drumless ambient filters have no pattern), on this test's seeds and on
  // bench:styles' seeds (101, 108, ... 136). Notes only: about 5 s for the 32 filters × 12 songs.
  it.each([
    ["seeds 1–6", [1, 2, 3, 4, 5, 6]],
    ["bench:styles' seeds", [101, 108, 115, 122, 129, 136]],
  ])("different seeds give main drum patterns that share ≤ 60 %% of their steps on average, per filter (%s)", (_, seeds) => {
    const filters = FILTERS.filter((filter) => !filter.roulette && filter.purposes.includes("create"));
    let checked = 0;
    for (const filter of filters) {
      const patterns = (seeds as number[]).map((seed) => mainDrumPattern(compose(defaultSongParams(filter.style, seed, filter.value))));
      if (patterns.every((pattern) => pattern.size === 0)) continue;
      checked++;
      const overlaps: number[] = [];
      for (let i = 0; i < patterns.length; i++) for (let j = i + 1; j < patterns.length; j++) overlaps.push(patternOverlap(patterns[i], patterns[j]));
      const mean = overlaps.reduce((a, b) => a + b, 0) / overlaps.length;
      expect(mean, filter.value).toBeLessThanOrEqual(0.6);
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it("the same seed gives the same song", () => {
    const params = defaultSongParams("wd_rap", 77, "songloom_trap");
    expect(JSON.stringify(compose(params))).toBe(JSON.stringify(compose(params)));
  });

  it("repeated choruses are not exact copies of each other", () => {
    for (const composition of NOTE_SONGS) {
      const choruses = composition.sections.filter((section) => section.kind === "chorus" || section.kind === "drop");
      for (let i = 1; i < choruses.length; i++) {
        const identical = Array.from({ length: Math.min(choruses[0].segmentCount, choruses[i].segmentCount) }, (_, k) =>
          sameNotes(composition, choruses[0].startSegment + k, choruses[i].startSegment + k),
        ).every(Boolean);
        expect(identical, `${composition.filter} seed ${composition.seed} chorus ${i + 1}`).toBe(false);
      }
    }
  });
});
