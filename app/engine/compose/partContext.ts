// What every part writer knows about the segment it writes.
import type { Filter, Groove } from "../catalogue";
import type { ChordEvent, Key } from "../types";
import type { SongHarmony } from "./harmony";
import type { DrumMode } from "./layers";
import type { SegmentPlan } from "./songPlan";

export interface PartContext {
  seed: number;
  filter: Filter;
  groove: Groove;
  key: Key;
  harmony: SongHarmony;
  segment: SegmentPlan;
  chords: ChordEvent[];
  /** 1..10. */
  intensity: number;
  /** 0..1, this part's density. */
  density: number;
  /** 0..1, the drum density, which the 808 follows through the kick. */
  drumDensity: number;
  drumMode: DrumMode;
  /** The song's tempo (BPM). */
  tempo: number;
}
