// Synthetic vocal takes for the take-processing tests and bench: a voice-like harmonic tone (a falling
// harmonic spectrum with two formant bumps), vibrato, and syllable envelopes, so pitch, onsets and
// auto-tune can be measured against known notes.

export interface SungNote {
  /** Start in seconds within the take. */
  start: number;
  duration: number;
  /** Intended MIDI pitch, possibly fractional (detuned). */
  midi: number;
}

export interface TakeOptions {
  sampleRate?: number;
  seconds: number;
  vibratoCents?: number;
  vibratoHz?: number;
  attackSeconds?: number;
  /** Peak level of each note. */
  level?: number;
  /** Seeded breath noise under the voice, as a fraction of the level. */
  noise?: number;
}

const FORMANTS = [
  { hz: 700, width: 180, gain: 1.0 },
  { hz: 1200, width: 250, gain: 0.6 },
];

/** Amplitude of harmonic `n` of `f0`: a 1/n slope with vowel-like formant bumps. */
function harmonicAmplitude(n: number, f0: number): number {
  const frequency = n * f0;
  let gain = 1 / n;
  for (const formant of FORMANTS) gain += (formant.gain / n) * Math.exp(-(((frequency - formant.hz) / formant.width) ** 2)) * 2;
  return gain;
}

/** A steady harmonic tone (for pitch accuracy). */
export function harmonicTone(hz: number, seconds: number, sampleRate = 44_100): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const harmonics = Math.max(1, Math.min(20, Math.floor(sampleRate / 2 / hz) - 1));
  const amplitudes = Array.from({ length: harmonics }, (_, index) => harmonicAmplitude(index + 1, hz));
  const norm = 0.5 / amplitudes.reduce((sum, value) => sum + value, 0);
  for (let index = 0; index < out.length; index++) {
    const phase = (2 * Math.PI * hz * index) / sampleRate;
    let sample = 0;
    for (let h = 0; h < harmonics; h++) sample += amplitudes[h] * Math.sin((h + 1) * phase + h * 0.7);
    out[index] = sample * norm;
  }
  return out;
}

/** Sings `notes` into a mono take with vibrato and syllable envelopes. */
export function singTake(notes: SungNote[], options: TakeOptions): Float32Array {
  const sampleRate = options.sampleRate ?? 44_100;
  const out = new Float32Array(Math.round(options.seconds * sampleRate));
  const vibratoCents = options.vibratoCents ?? 30;
  const vibratoHz = options.vibratoHz ?? 5.5;
  const attack = options.attackSeconds ?? 0.015;
  const level = options.level ?? 0.4;
  const release = 0.04;
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x3fffffff - 1;
  };
  for (const note of notes) {
    const first = Math.round(note.start * sampleRate);
    const last = Math.min(out.length, Math.round((note.start + note.duration) * sampleRate));
    const baseHz = 440 * Math.pow(2, (note.midi - 69) / 12);
    const harmonics = Math.max(1, Math.min(16, Math.floor(sampleRate / 2 / (baseHz * 1.05)) - 1));
    const amplitudes = Array.from({ length: harmonics }, (_, index) => harmonicAmplitude(index + 1, baseHz));
    const norm = 1 / amplitudes.reduce((sum, value) => sum + value, 0);
    let phase = 0;
    for (let index = first; index < last; index++) {
      const t = (index - first) / sampleRate;
      // Vibrato fades in after 150 ms, as singers do on held notes.
      const depth = vibratoCents * Math.min(1, Math.max(0, (t - 0.15) / 0.2));
      const hz = baseHz * Math.pow(2, (depth * Math.sin(2 * Math.PI * vibratoHz * t)) / 1200);
      phase += (2 * Math.PI * hz) / sampleRate;
      if (phase > 2 * Math.PI * 1000) phase -= 2 * Math.PI * 1000;
      const remaining = (last - index) / sampleRate;
      const envelope = Math.min(1, t / attack) * Math.min(1, remaining / release);
      let sample = 0;
      for (let h = 0; h < harmonics; h++) sample += amplitudes[h] * Math.sin((h + 1) * phase + h * 0.7);
      out[index] += level * envelope * (sample * norm + (options.noise ?? 0) * noise());
    }
  }
  return out;
}
