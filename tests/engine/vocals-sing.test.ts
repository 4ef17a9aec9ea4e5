// Singing synthesis measured on real audio: a composed song, simple lyrics, a melody written to its
// chords, sung by espeak-ng through WSOLA and PSOLA, then mixed and mastered over the rendered song.
// espeak-ng must be installed: without it these tests fail (they never skip).
import { beforeAll, describe, expect, it } from "vitest";
import { defaultSongParams } from "~/engine/catalogue";
import { compose } from "~/engine/compose";
import { midiToHz } from "~/engine/dsp/units";
import { integratedLoudness, truePeakDb } from "~/engine/master";
import { renderSong } from "~/engine/pipeline";
import { pitchClass } from "~/engine/theory/pitch";
import { scalePitchClasses } from "~/engine/theory/scales";
import { STEPS_PER_SEGMENT, type StereoBuffer } from "~/engine/types";
import { decodeAudio } from "~/engine/vocals/decode";
import { fft } from "~/engine/vocals/fft";
import {
  assertEspeakAvailable,
  DEFAULT_MELODY_RANGE,
  fitToVoice,
  forgetSpokenSyllables,
  detectOnsets,
  harmonyAt,
  mixVocal,
  pitchTrack,
  previewNotes,
  produceVocal,
  singVocal,
  syllabifyLine,
  VocalInputError,
  VOICES,
  writeVocalMelody,
  type SungVocal,
  type VocalMelody,
} from "~/engine/vocals";
import { fixtureLyrics } from "./vocalFixtures";

const params = defaultSongParams("wd_edm", 3, "house");
const composition = compose(params);
const lyrics = fixtureLyrics(composition, { linesPerSection: 4, maxLines: 8 });
const secondsPerStep = 60 / composition.tempo / 4;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
}

/** Median detected pitch over the middle half of a span, in Hz (NaN when unvoiced). */
function pitchOfSpan(audio: Float32Array, sampleRate: number, start: number, duration: number): number {
  const from = Math.round((start + duration * 0.25) * sampleRate);
  const to = Math.round((start + duration * 0.75) * sampleRate);
  return median(pitchTrack(audio.subarray(from, to), sampleRate, { hop: 256 }).filter((point) => point.hz > 0).map((point) => point.hz));
}

/** Mean magnitude-weighted frequency of 2048-sample frames, in Hz. */
function spectralCentroid(audio: Float32Array, sampleRate: number): number {
  const size = 2048;
  const real = new Float64Array(size);
  const imag = new Float64Array(size);
  let weighted = 0;
  let total = 0;
  for (let start = 0; start + size <= audio.length; start += size) {
    for (let index = 0; index < size; index++) {
      real[index] = audio[start + index] * (0.5 - 0.5 * Math.cos((2 * Math.PI * index) / size));
      imag[index] = 0;
    }
    fft(real, imag);
    for (let bin = 1; bin < size / 2; bin++) {
      const magnitude = Math.hypot(real[bin], imag[bin]);
      weighted += magnitude * ((bin * sampleRate) / size);
      total += magnitude;
    }
  }
  return weighted / total;
}

describe("espeak-ng", () => {
  it("is installed: the singing voice runs it as a separate program (apt-get install espeak-ng)", () => {
    expect(() => assertEspeakAvailable()).not.toThrow();
  });
});

describe("writeVocalMelody", () => {
  const melody = writeVocalMelody({ composition, lyrics, seed: 7 });
  const lines = lyrics.sections.flatMap((section) => section.lines);

  it("sings one note per syllable of every line, on the 16th grid inside the line's timing", () => {
    expect(melody.notes.length).toBeGreaterThan(40);
    lines.forEach((line, index) => {
      const notes = melody.notes.filter((note) => note.line === index);
      expect(notes.map((note) => note.syllable).join("")).toBe(syllabifyLine(line.value).map((syllable) => syllable.text).join(""));
      for (const note of notes) {
        expect(note.startSeconds / secondsPerStep).toBeCloseTo(Math.round(note.startSeconds / secondsPerStep), 9);
        expect(note.startSeconds).toBeGreaterThanOrEqual(line.timing.start - 1e-9);
        expect(note.startSeconds + note.durationSeconds).toBeLessThanOrEqual(line.timing.end + 1e-9);
      }
      for (let n = 1; n < notes.length; n++) expect(notes[n].step).toBeGreaterThanOrEqual(notes[n - 1].step + notes[n - 1].steps);
    });
  });

  it("stays in the song's key and chords, with chord tones on every beat, inside its range", () => {
    const keyScale = scalePitchClasses(composition.key);
    let onBeat = 0;
    for (const note of melody.notes) {
      const { chordTones } = harmonyAt(composition, note.step);
      expect([...keyScale, ...chordTones]).toContain(pitchClass(note.midi));
      if (note.step % 4 === 0) {
        onBeat++;
        expect(chordTones).toContain(pitchClass(note.midi));
      }
      expect(note.midi).toBeGreaterThanOrEqual(DEFAULT_MELODY_RANGE[0]);
      expect(note.midi).toBeLessThanOrEqual(DEFAULT_MELODY_RANGE[1]);
    }
    expect(onBeat).toBeGreaterThan(melody.notes.length / 4);
  });

  it("moves mostly by step, ends each line on its longest note, and lifts the chorus above the verse", () => {
    let steps = 0;
    let intervals = 0;
    lines.forEach((_, index) => {
      const notes = melody.notes.filter((note) => note.line === index);
      for (let n = 1; n < notes.length; n++) {
        const leap = Math.abs(notes[n].midi - notes[n - 1].midi);
        expect(leap).toBeLessThanOrEqual(9);
        if (leap <= 2) steps++;
        intervals++;
      }
      const last = notes[notes.length - 1];
      expect(last.steps).toBe(Math.max(...notes.map((note) => note.steps)));
    });
    expect(steps / intervals).toBeGreaterThan(0.5);
    const kindOfLine = lyrics.sections.flatMap((section) => section.lines.map(() => section.type));
    const meanOf = (kind: string) => {
      const pitches = melody.notes.filter((note) => kindOfLine[note.line] === kind).map((note) => note.midi);
      return pitches.reduce((sum, pitch) => sum + pitch, 0) / pitches.length;
    };
    expect(meanOf("chorus")).toBeGreaterThan(meanOf("verse") + 1);
  });

  it("refuses mistimed lines and impossible ranges, naming the field", () => {
    const backwards = { sections: [{ type: "verse", lines: [{ value: "hello", timing: { start: 5, end: 4 } }] }] };
    expect(() => writeVocalMelody({ composition, lyrics: backwards, seed: 1 })).toThrow(VocalInputError);
    expect(() => writeVocalMelody({ composition, lyrics: backwards, seed: 1 })).toThrow(/lyrics\.sections\[0\]\.lines\[0\]\.timing/);
    expect(() => writeVocalMelody({ composition, lyrics, seed: 1, range: [60, 62] })).toThrow(/^range:/);
  });

  it("puts stressed syllables on the beat more often than unstressed ones", () => {
    const counts = { stressed: [0, 0], unstressed: [0, 0] };
    lines.forEach((line, index) => {
      const syllables = syllabifyLine(line.value);
      melody.notes.filter((note) => note.line === index).forEach((note, n) => {
        const count = counts[syllables[n].stressed ? "stressed" : "unstressed"];
        count[1]++;
        if (note.step % 4 === 0) count[0]++;
      });
    });
    const share = ([onBeat, all]: number[]) => onBeat / all;
    console.log(`on the beat: stressed ${counts.stressed.join("/")}, unstressed ${counts.unstressed.join("/")}`);
    expect(share(counts.stressed)).toBeGreaterThanOrEqual(0.8);
    expect(share(counts.stressed)).toBeGreaterThan(share(counts.unstressed) + 0.2);
  });

  it("is deterministic per seed and changes with the seed", () => {
    expect(writeVocalMelody({ composition, lyrics, seed: 7 })).toEqual(melody);
    const other = writeVocalMelody({ composition, lyrics, seed: 8 });
    expect(other.notes.map((note) => note.midi)).not.toEqual(melody.notes.map((note) => note.midi));
  });
});

describe("singVocal", () => {
  let melody: VocalMelody;
  let sung: SungVocal;
  beforeAll(async () => {
    melody = writeVocalMelody({ composition, lyrics, seed: 3 });
    sung = await singVocal({ melody, voice: VOICES.find((voice) => voice.voice_id === "leo")!, seed: 3 });
  });

  it("sings each note within ±25 cents of its pitch (YIN over the middle of the note) in at least 90 % of notes", () => {
    const errors = sung.notes.map((note) => 1200 * Math.log2(pitchOfSpan(sung.audio, sung.sampleRate, note.startSeconds, note.durationSeconds) / midiToHz(note.midi)));
    const inTune = errors.filter((cents) => Math.abs(cents) <= 25).length;
    console.log(`in tune: ${inTune}/${errors.length}, median |error| ${median(errors.map(Math.abs)).toFixed(2)} cents`);
    expect(inTune / errors.length).toBeGreaterThanOrEqual(0.9);
  });

  it("moves the melody by octaves into the voice's range", () => {
    const voice = VOICES.find((entry) => entry.voice_id === "leo")!;
    sung.notes.forEach((note, index) => {
      expect(Math.abs((note.midi - melody.notes[index].midi) % 12)).toBe(0);
      expect(note.midi).toBeGreaterThanOrEqual(voice.range[0] - 2);
      expect(note.midi).toBeLessThanOrEqual(voice.range[1] + 2);
    });
  });

  it("starts each syllable on its note: detected onsets fall within 60 ms of the note starts on the beat grid", () => {
    const onsets = detectOnsets(sung.audio, sung.sampleRate);
    const starts = sung.notes.map((note) => note.startSeconds);
    for (const note of sung.notes) expect(note.startSeconds / secondsPerStep).toBeCloseTo(note.step, 9);
    const found = starts.filter((start) => onsets.some((onset) => Math.abs(onset - start) <= 0.06)).length;
    const onGrid = onsets.filter((onset) => starts.some((start) => Math.abs(onset - start) <= 0.06)).length;
    const offsets = starts.map((start) => Math.min(...onsets.map((onset) => Math.abs(onset - start))));
    console.log(`note starts with an onset within 60 ms: ${found}/${starts.length}; onsets near a note start: ${onGrid}/${onsets.length}; median offset ${(median(offsets) * 1000).toFixed(1)} ms`);
    expect(found / starts.length).toBeGreaterThanOrEqual(0.9);
    expect(onGrid / onsets.length).toBeGreaterThanOrEqual(0.6);
  });

  it("is silent outside the sung lines", () => {
    const first = sung.notes[0].startSeconds;
    const before = sung.audio.subarray(0, Math.round((first - 0.1) * sung.sampleRate));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((sample) => sample === 0)).toBe(true);
  });

  it("sings notes already fitted to the voice as they are (a song sung section by section keeps one octave)", async () => {
    const voice = VOICES.find((entry) => entry.voice_id === "leo")!;
    // A section sitting high in the voice's range: fitted again on its own, it would drop an octave.
    const section = melody.notes.slice(0, 3).map((note) => ({ ...note, midi: voice.range[1] - 1 }));
    expect(fitToVoice(section, voice)[0].midi).toBe(voice.range[1] - 13);
    const kept = await singVocal({ melody: section, voice, seed: 3, fitted: true });
    expect(kept.notes.map((note) => note.midi)).toEqual(section.map((note) => note.midi));
  });

  it("refuses notes of no length or out of range before running espeak-ng, naming the field", async () => {
    const voice = VOICES[0];
    await expect(singVocal({ melody: [{ ...melody.notes[0], durationSeconds: 0 }], voice })).rejects.toThrow(/melody\.notes\[0\]\.durationSeconds/);
    await expect(singVocal({ melody: [{ ...melody.notes[0], midi: 200 }], voice })).rejects.toThrow(VocalInputError);
  });

  it("gives the same samples for the same melody, voice and seed, from a cold start", async () => {
    forgetSpokenSyllables();
    const again = await singVocal({ melody, voice: VOICES.find((voice) => voice.voice_id === "leo")!, seed: 3 });
    expect(Buffer.from(again.audio.buffer).equals(Buffer.from(sung.audio.buffer))).toBe(true);
  });
});

describe("voices", () => {
  it("has at least 6 voices, male and female, that measurably differ (median f0 or spectral centroid)", async () => {
    expect(VOICES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(VOICES.map((voice) => voice.gender))).toEqual(new Set(["female", "male"]));
    const measured = [];
    for (const voice of VOICES) {
      const sung = await singVocal({ melody: previewNotes(voice), voice });
      const f0 = median(pitchTrack(sung.audio, sung.sampleRate, { hop: 512 }).filter((point) => point.hz > 0).map((point) => point.hz));
      measured.push({ id: voice.voice_id, f0, centroid: spectralCentroid(sung.audio, sung.sampleRate) });
    }
    console.log(measured.map((entry) => `${entry.id}: f0 ${entry.f0.toFixed(1)} Hz, centroid ${entry.centroid.toFixed(0)} Hz`).join("; "));
    for (let a = 0; a < measured.length; a++) {
      for (let b = a + 1; b < measured.length; b++) {
        const semitones = Math.abs(12 * Math.log2(measured[a].f0 / measured[b].f0));
        const centroidRatio = Math.abs(Math.log(measured[a].centroid / measured[b].centroid));
        expect(semitones >= 2 || centroidRatio >= Math.log(1.08), `${measured[a].id} vs ${measured[b].id}`).toBe(true);
      }
    }
  });
});

describe("mixVocal", () => {
  let instrumental: StereoBuffer;
  let vocal: StereoBuffer;
  beforeAll(async () => {
    const lastLine = lyrics.sections.flatMap((section) => section.lines).at(-1)!;
    const seconds = Math.ceil(lastLine.timing.end + 1);
    const song = await renderSong(params, { excerpt: { startSeconds: 0, seconds }, mp3: false });
    const decoded = await decodeAudio(song.wav);
    instrumental = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
    const sung = await singVocal({ melody: writeVocalMelody({ composition, lyrics, seed: 3 }), voice: VOICES[0] });
    vocal = produceVocal(sung.audio, sung.sampleRate);
  });

  /** Normalised correlation of the mix with the vocal: how much of the mix is the vocal. */
  function vocalShare(mix: StereoBuffer): number {
    let cross = 0, mixEnergy = 0, vocalEnergy = 0;
    const length = Math.min(mix.left.length, vocal.left.length);
    for (let index = 0; index < length; index++) {
      cross += mix.left[index] * vocal.left[index];
      mixEnergy += mix.left[index] * mix.left[index];
      vocalEnergy += vocal.left[index] * vocal.left[index];
    }
    return cross / Math.sqrt(mixEnergy * vocalEnergy);
  }

  it("re-masters the song with vocals to -14 LUFS and at most -1 dBTP, the vocal louder at a higher emphasis", () => {
    const soft = mixVocal({ instrumental, vocal, emphasis: 0.2 });
    const loud = mixVocal({ instrumental, vocal, emphasis: 0.9 });
    for (const mixed of [soft, loud]) {
      expect(integratedLoudness(mixed.audio)).toBeCloseTo(-14, 0);
      expect(truePeakDb(mixed.audio)).toBeLessThanOrEqual(-1);
    }
    const [softShare, loudShare] = [vocalShare(soft.audio), vocalShare(loud.audio)];
    console.log(`vocal share of the mix: emphasis 0.2 -> ${softShare.toFixed(3)}, 0.9 -> ${loudShare.toFixed(3)}`);
    expect(loudShare).toBeGreaterThan(softShare + 0.1);
  });

  it("refuses an emphasis outside 0..1 or a vocal at another sample rate, naming the field", () => {
    expect(() => mixVocal({ instrumental, vocal, emphasis: 1.5 })).toThrow(VocalInputError);
    expect(() => mixVocal({ instrumental, vocal, emphasis: Number.NaN })).toThrow(/emphasis/);
    expect(() => mixVocal({ instrumental, vocal: { ...vocal, sampleRate: 48_000 } })).toThrow(/vocal: sample rate/);
  });
});

it("fixture lyrics sit on the song's segments", () => {
  const segmentSeconds = secondsPerStep * STEPS_PER_SEGMENT;
  for (const line of lyrics.sections.flatMap((section) => section.lines)) {
    const segments = line.timing.start / segmentSeconds;
    expect(segments).toBeCloseTo(Math.round(segments), 9);
  }
});
