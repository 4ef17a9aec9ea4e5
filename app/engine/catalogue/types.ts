// Shapes of the catalogue: what a style, a filter (a musical definition), a groove, an ensemble, a kit,
// a mix style and an ambient effect are. The data itself lives in the sibling files.
import type { Bpm, DrumKind, Midi, Mode, PartName, PitchedPart, SectionKind } from "../types";

export type FilterPurpose = "playback" | "song" | "create" | "vocal" | "hidden";

export interface Style {
  value: string;
  name: string;
  description: string;
  /** An emoji shown on the style card. */
  icon: string;
  /** Credits one song of this style costs. */
  credits: number;
  previewUrl: string;
  /** Filter values, in display order. */
  filters: string[];
  defaultFilter: string;
}

export interface TempoRange {
  min: Bpm;
  max: Bpm;
}

/** How the bass part is written: from the groove's bass rhythm, as an 808 locked to the kick, walking, or a drone. */
export type BassStyle = "pattern" | "808" | "walking" | "drone";

export type ArpShape = "up" | "down" | "updown";

export interface ArpDefinition {
  /** 16ths per arp note: 1 = 16ths, 2 = 8ths, 4 = quarters. */
  stepsPerNote: 1 | 2 | 4;
  shape: ArpShape;
}

export interface LeadDefinition {
  /** Centre of the verse melody (MIDI); the chorus sits a few semitones higher. */
  register: Midi;
  /** Length of the motif the melody repeats and answers. */
  motifBars: 1 | 2;
  /**
   * Notes per bar relative to the common lead (1): part of the filter's fingerprint (a lo-fi lead is sparse,
   * an EDM riff busy). The user's lead density still scales it.
   */
  density?: number;
  /** Where the motif's notes fall: "riff" is a short syncopated 16th figure (EDM, electro); default by section. */
  rhythm?: LeadRhythm;
}

export type LeadRhythm = "riff" | "offbeat";

/** A filter: what the user picks under a style, and the musical definition the composer follows. */
export interface Filter {
  value: string;
  name: string;
  style: string;
  genres: string[];
  previewUrl: string;
  purposes: FilterPurpose[];
  /**
   * The genre family the filter's fingerprint belongs to (dance, downtempo, trap, boom_bap_lofi,
   * latin_caribbean_afro, ambient, band_score, experimental): `npm run bench:styles` checks that songs can be
   * told apart by family as well as by filter.
   */
  family: string;
  /** A roulette filter composes as one of these, picked from the seed. */
  roulette?: string[];
  tempo: TempoRange;
  /**
   * Chord loops per mode, Roman numerals in that mode (MUSIC.md). The modes listed are the ones this filter
   * writes in; a song picks one mode, then its verse and chorus each pick a loop.
   */
  progressions: Partial<Record<Mode, string[][]>>;
  barsPerChord: 1 | 2 | 4;
  /** Groove ids; one is picked per song. */
  grooves: string[];
  /** Overrides the groove's swing (0.5 straight .. 0.66 triplet). */
  swing?: number;
  /** The parts this filter's songs use. */
  parts: PartName[];
  /** Arrangement template id. */
  arrangement: string;
  bass: BassStyle;
  /** Overrides the groove's chord rhythm, e.g. sustained pads for ambient. */
  chordRhythm?: string;
  lead: LeadDefinition;
  arp?: ArpDefinition;
  /** Default instrument candidates per part (the whole_db_harmonic ensemble); one is picked per song. */
  instruments: Partial<Record<PitchedPart, string[]>>;
  /** The drum kit used for whole_db_drums. */
  drumKit: string;
  /** Per-kind sound candidates that override the kit for whole_db_drums (e.g. congas for latin). */
  drumSounds?: Partial<Record<DrumKind, string[]>>;
  /** The mix and ambient effect the creator preselects for this filter. */
  suggestedMix: string;
  suggestedSfx: string;
}

/** A drum groove plus the bass and chord rhythms that belong with it, as step strings (theory/rhythm.ts). */
export interface TimeKeeper {
  kind: DrumKind;
  note: Midi;
  pattern?: string;
  /**
   * Keeps one level outside choruses (intros, verses, breaks) instead of following the section's energy: for
   * kits that do not carry the beat there (half-time trap, glitch stutters).
   */
  steady?: boolean;
}

export interface Groove {
  id: string;
  name: string;
  swing: number;
  drums: Partial<Record<DrumKind, string>>;
  /** Extra drum hits that join at high intensity. */
  intense?: Partial<Record<DrumKind, string>>;
  /** GM drum-map notes the composition writes per kind (kick 36, snare 38, clap 39, rim 37, shaker 70...). */
  notes?: Partial<Record<DrumKind, Midi>>;
  /** Trap hats: 16th/32nd rolls and triplet bursts at phrase ends. */
  hatRolls?: boolean;
  /**
   * The time-keeper (issue 23: the tempo must be findable): a steady voice on the beat grid that plays
   * through the whole song, intros and breaks included, softly where the kit rests. `note` is the GM drum-map
   * sound it plays (a pedal hat, rim, ride bell, ride or claves: bright in 2–6 kHz, little above 10 kHz),
   * written on drum kind `kind`; `pattern` is one bar (default quarters). Grooves without one get
   * DEFAULT_KEEPER (compose/drumPart.ts).
   */
  keeper?: TimeKeeper;
  /**
   * The percussion line is the style's grammar (the clave, the 3+3+2 shaker, the log-drum shuffle): every
   * seed plays it as written instead of its own moved version (compose/grooveVariant.ts).
   */
  fixedPercussion?: boolean;
  /**
   * Other idiomatic lines of the style for a drum kind (issue 23, variety by seed): each song plays the
   * written line or one of these, picked by its seed, before its own variant (compose/grooveVariant.ts).
   * Hat lines given here are the groove's own hat figures and replace the generic ones; later choruses take
   * the next.
   */
  alternates?: Partial<Record<DrumKind, readonly string[]>>;
  bass: string;
  chords: string;
}

/** One section of an arrangement template; lengths in bars, grown from min towards max to fit the song length. */
export interface TemplateSection {
  kind: SectionKind;
  minBars: number;
  maxBars: number;
}

export interface ArrangementTemplate {
  id: string;
  name: string;
  sections: TemplateSection[];
}

export interface Ensemble {
  id: string;
  name: string;
  description: string;
  /** True for whole_db_harmonic: the filter's own instruments. */
  usesFilterDefaults: boolean;
  instruments: Partial<Record<PitchedPart, string[]>>;
}

export interface DrumKit {
  id: string;
  name: string;
  description: string;
  /** True for whole_db_drums: the filter's own kit. */
  usesFilterDefaults: boolean;
  sounds: Partial<Record<DrumKind, string[]>>;
}

export interface MixStyle {
  id: string;
  name: string;
  description: string;
}

export interface AmbientEffect {
  id: string;
  name: string;
}

export interface DrumKindInfo {
  id: DrumKind;
  name: string;
}
