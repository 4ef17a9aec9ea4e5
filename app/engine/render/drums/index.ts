// The engine's synth drum voices by id (DrumSound["source"] with kind "synth").

import type { DrumVoice } from "../voice";
import { clap } from "./clap";
import { hat } from "./hat";
import { kick808 } from "./kick808";
import { rim } from "./rim";
import { shaker } from "./shaker";
import { snare909 } from "./snare909";

export type SynthDrumId = "kick808" | "snare909" | "clap" | "hat" | "rim" | "shaker";

export const SYNTH_DRUMS: Record<SynthDrumId, DrumVoice> = { kick808, snare909, clap, hat, rim, shaker };
