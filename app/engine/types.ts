// The engine's shared vocabulary. Everything that crosses a folder boundary inside app/engine
// (catalogue -> compose -> render -> mix -> master -> encode) is one of these plain-data types.
// Units are in the names: a Step is a 16th note, Seconds are seconds, Decibels are dB.

export type Bpm = number;
export type Seconds = number;
export type Decibels = number;
export type Lufs = number;
export type Hertz = number;
export type Samples = number;
/** MIDI note number 0..127 (60 = middle C). */
export type Midi = number;
/** MIDI velocity 1..127. */
export type Velocity = number;
/** A 16th-note position. Within a segment: 0..31 (two 4/4 bars). */
export type Step = number;
/** Linear gain, 1 = unity. */
export type Gain = number;

export const STEPS_PER_SEGMENT = 32;
export const STEPS_PER_BAR = 16;
export const SAMPLE_RATE = 44_100;

export type DrumKind = "kick" | "snare" | "open_hat" | "closed_hat" | "auxiliary";
export const DRUM_KINDS: readonly DrumKind[] = ["kick", "snare", "open_hat", "closed_hat", "auxiliary"];

/** Pitched parts. `pad` and `arp` appear only where a filter's roles ask for them. */
export type PitchedPart = "bass" | "chords" | "lead" | "pad" | "arp";
export type PartName = "drums" | PitchedPart;
export const PART_NAMES: readonly PartName[] = ["drums", "bass", "chords", "lead", "pad", "arp"];

export type SectionKind = "intro" | "verse" | "chorus" | "drop" | "break" | "bridge" | "outro";

export type Mode = "major" | "minor" | "dorian" | "mixolydian" | "phrygian" | "harmonic_minor" | "lydian";

export interface Key {
  /** Pitch class of the tonic, 0 = C .. 11 = B. */
  tonic: number;
  mode: Mode;
  /** Human name, e.g. "A minor". */
  name: string;
}

/** One note of a composition, positioned on the segment's 16th grid. */
export interface Note {
  /** Start step within the segment, 0..31. */
  step: Step;
  /** Timing offset from the grid in fractions of a 16th (swing and humanness), about -0.5..0.5. */
  micro: number;
  /** Length in 16ths (may be fractional, > 0). */
  length: number;
  pitch: Midi;
  velocity: Velocity;
  /** Drum notes only: which drum voice plays it (pitch is then the GM drum-map note). */
  drum?: DrumKind;
  /** Slide into this note from the previous one (808 and synth bass glides). */
  glide?: boolean;
  /**
   * Drum notes only: the groove's time-keeper, which plays its own GM note (`pitch`) on the kit's SoundFont
   * program rather than its kind's sound, and stays tight to the grid.
   */
  keeper?: boolean;
}

/** A chord on the grid: which step it starts on and its pitches (voiced, MIDI). */
export interface ChordEvent {
  step: Step;
  length: number;
  /** Roman numeral in the key, e.g. "i", "VI", "ii7". */
  numeral: string;
  /** Chord symbol, e.g. "Am7". */
  symbol: string;
  root: Midi;
  pitches: Midi[];
}

export interface Segment {
  /** 0-based position in the song. */
  index: number;
  section: SectionKind;
  /** Which occurrence of that section kind (0 = first verse, 1 = second verse...). */
  sectionNumber: number;
  chords: ChordEvent[];
  /** Notes per part; parts the song does not use are absent. */
  parts: Partial<Record<PartName, Note[]>>;
  /** 0..1 energy the arrangement gave this segment (drives fills, layers, brightness). */
  energy: number;
}

export interface SectionPlan {
  kind: SectionKind;
  /** Index of the first segment. */
  startSegment: number;
  segmentCount: number;
}

/** The notes of a song: seeded, deterministic, independent of which sounds play them. */
export interface Composition {
  /** Stable id derived from the seed and the composing parameters. */
  id: string;
  seed: number;
  style: string;
  filter: string;
  tempo: Bpm;
  /** 0.5 = straight 16ths, 0.66 = triplet feel. Already applied in each Note.micro; kept for description. */
  swing: number;
  key: Key;
  sections: SectionPlan[];
  segments: Segment[];
  /** The parts present in this song. */
  parts: PartName[];
}

/** Where a sound comes from: a General MIDI SoundFont preset or one of the engine's own synth voices. */
export type SoundSource =
  | { kind: "soundfont"; bank: number; program: number }
  | { kind: "synth"; voice: SynthVoiceId };

export type SynthVoiceId =
  | "sub808"
  | "supersaw"
  | "pluck"
  | "warm_pad"
  | "acid_bass"
  | "square_lead"
  | "fm_bell"
  | "reese_bass"
  | "analog_brass"
  | "noise_sweep";

export interface Instrument {
  id: string;
  name: string;
  /** Coarse family used by the picker's tabs, e.g. "keys", "guitar", "strings", "synth", "bass". */
  group: string;
  /** e.g. "piano", "electric", "lead", "pad". */
  type: string;
  subtype: string;
  /** Parts this instrument suits. */
  roles: PitchedPart[];
  source: SoundSource;
}

export interface DrumSound {
  id: string;
  name: string;
  kind: DrumKind;
  kit: string;
  /** GM drum-map note on a SoundFont drum kit (bank 128), or a synth drum. */
  source: { kind: "soundfont"; bank: number; program: number; note: Midi } | { kind: "synth"; voice: "kick808" | "snare909" | "clap" | "hat" | "rim" | "shaker" };
}

/** The sounds of a song: which instruments, which drums, the mix and effects. Independent of the notes. */
export interface Production {
  /** Stable id derived from the seed and the producing parameters. */
  id: string;
  seed: number;
  ensemble: string;
  drumKit: string;
  /** Instrument id per pitched part. */
  instruments: Partial<Record<PitchedPart, string>>;
  /** Drum sound id per drum kind. */
  drums: Record<DrumKind, string>;
  mix: string;
  sfx: string;
  /** Linear level per part, default 1. */
  levels: Partial<Record<PartName, Gain>>;
  intensity: number;
}

/** Everything a user can set when creating a song (spec 1 §3), already validated and defaulted. */
export interface SongParams {
  style: string;
  filter: string;
  seed: number;
  /** Omitted: the filter picks one in its range. */
  tempo?: Bpm;
  /** 1..10, default 5. */
  intensity: number;
  densities: { drums: number; bass: number; chords: number; lead: number };
  /** 0..1, default 0.1. */
  humanness: number;
  /** Per-part instrument ids chosen by the user; others come from the ensemble. */
  instruments?: Partial<Record<PitchedPart, string>>;
  drums?: Partial<Record<DrumKind, string>>;
  /** Harmonic ensemble id, default whole_db_harmonic (the filter's own default sounds). */
  ensemble: string;
  /** Drum kit id, default whole_db_drums. */
  drumKit: string;
  /** Mix style id, default clean. */
  mix: string;
  /** Ambient effect id, default none. */
  sfx: string;
  levels?: Partial<Record<PartName, Gain>>;
  /** Optional user notes: free text such as "darker, more piano" that nudges choices. */
  notes?: string;
}

/** A note placed in time, for the renderers. */
export interface TimedNote {
  time: Seconds;
  duration: Seconds;
  pitch: Midi;
  velocity: Velocity;
  glide?: boolean;
}

/** One instrument's notes in seconds; `drum` tracks carry one sound per note via `drumSounds`. */
export interface Track {
  part: PartName;
  source: SoundSource | null;
  notes: TimedNote[];
  /** For the drum track: per note, the sound that plays it (same length as notes). */
  drumSounds?: DrumSound["source"][];
}

export interface StereoBuffer {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export interface StageTimings {
  [stage: string]: number;
}
