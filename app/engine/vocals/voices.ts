// The singing voices: data, one entry per voice. Each starts from one of espeak-ng's voice variants
// (its formants, roughness and breathiness give the timbre), sings in its own range, and adds its own
// formant shift, vibrato and breath on top (sing.ts).
import type { Hertz, Midi, Seconds } from "../types";

export interface Vibrato {
  rateHz: Hertz;
  /** Peak deviation in cents. */
  depthCents: number;
  /** How long a note is held straight before the vibrato fades in. */
  delaySeconds: Seconds;
}

export interface Voice {
  voice_id: string;
  name: string;
  gender: "female" | "male";
  /** espeak-ng language + variant, e.g. "en-us+m3": the variant's formants are the voice's timbre. */
  espeakVoice: string;
  /** The notes this voice sings comfortably; melodies are moved by octaves into it. */
  range: [Midi, Midi];
  /** Formant shift in semitones (positive = smaller, brighter vocal tract), applied while re-pitching. */
  formantShift?: number;
  vibrato: Vibrato;
  /** 0..1: how much breath noise rides on the voice. */
  breath: number;
  description: string;
}

export const VOICES: readonly Voice[] = [
  {
    voice_id: "aria",
    name: "Aria",
    gender: "female",
    espeakVoice: "en-us+f2",
    range: [60, 79],
    formantShift: 0.5,
    vibrato: { rateHz: 5.6, depthCents: 28, delaySeconds: 0.25 },
    breath: 0.12,
    description: "Bright pop soprano with a quick, even vibrato",
  },
  {
    voice_id: "luna",
    name: "Luna",
    gender: "female",
    espeakVoice: "en-us+f4",
    range: [53, 72],
    formantShift: -0.5,
    vibrato: { rateHz: 4.8, depthCents: 18, delaySeconds: 0.35 },
    breath: 0.35,
    description: "Soft, breathy alto",
  },
  {
    voice_id: "maya",
    name: "Maya",
    gender: "female",
    espeakVoice: "en+f3",
    range: [62, 81],
    formantShift: 1.5,
    vibrato: { rateHz: 6.2, depthCents: 35, delaySeconds: 0.2 },
    breath: 0.08,
    description: "Light, airy high voice with a fast vibrato",
  },
  {
    voice_id: "leo",
    name: "Leo",
    gender: "male",
    espeakVoice: "en-us+m3",
    range: [50, 69],
    vibrato: { rateHz: 5.2, depthCents: 25, delaySeconds: 0.3 },
    breath: 0.1,
    description: "Warm pop tenor",
  },
  {
    voice_id: "marcus",
    name: "Marcus",
    gender: "male",
    espeakVoice: "en-us+m1",
    range: [43, 62],
    formantShift: -1.5,
    vibrato: { rateHz: 4.6, depthCents: 20, delaySeconds: 0.4 },
    breath: 0.06,
    description: "Deep, dark baritone",
  },
  {
    voice_id: "eli",
    name: "Eli",
    gender: "male",
    espeakVoice: "en+m7",
    range: [55, 74],
    formantShift: 1,
    vibrato: { rateHz: 5.8, depthCents: 15, delaySeconds: 0.3 },
    breath: 0.25,
    description: "Light, breathy high tenor",
  },
];

export const VOICE_IDS = VOICES.map((voice) => voice.voice_id);

export function getVoice(voiceId: string): Voice | undefined {
  return VOICES.find((voice) => voice.voice_id === voiceId);
}
