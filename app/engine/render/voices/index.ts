// The engine's own synth voices by id (SynthVoiceId in types.ts).

import type { SynthVoiceId } from "../../types";
import type { SynthVoice } from "../voice";
import { acidBass } from "./acidBass";
import { analogBrass } from "./analogBrass";
import { fmBell } from "./fmBell";
import { noiseSweep } from "./noiseSweep";
import { pluck } from "./pluck";
import { reeseBass } from "./reeseBass";
import { squareLead } from "./squareLead";
import { sub808 } from "./sub808";
import { supersaw } from "./supersaw";
import { warmPad } from "./warmPad";

export const SYNTH_VOICES: Record<SynthVoiceId, SynthVoice> = {
  sub808,
  supersaw,
  pluck,
  warm_pad: warmPad,
  acid_bass: acidBass,
  square_lead: squareLead,
  fm_bell: fmBell,
  reese_bass: reeseBass,
  analog_brass: analogBrass,
  noise_sweep: noiseSweep,
};
