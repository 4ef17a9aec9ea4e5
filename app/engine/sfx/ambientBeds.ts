// The ambient effects by id, each with how far under the music it sits (in LU relative to the music's
// integrated loudness). Rain and waves are textures and sit higher; sparse beds (birds) lower, because
// their measured loudness is dominated by short loud events.

import type { Decibels } from "../types";
import type { AmbientBed } from "./bed";
import { birds } from "./birds";
import { cars } from "./cars";
import { creek } from "./creek";
import { insects } from "./insects";
import { jungle } from "./jungle";
import { machines } from "./machines";
import { marsh } from "./marsh";
import { plaza } from "./plaza";
import { rainHeavy, rainLight } from "./rain";
import { scifi } from "./scifi";
import { waves } from "./waves";

export interface AmbientEffect {
  bed: AmbientBed;
  relativeLu: Decibels;
}

export const AMBIENT_EFFECTS = {
  rain_heavy: { bed: rainHeavy, relativeLu: -9 },
  rain_light: { bed: rainLight, relativeLu: -12 },
  waves: { bed: waves, relativeLu: -9 },
  creek: { bed: creek, relativeLu: -10 },
  birds: { bed: birds, relativeLu: -10 },
  insects: { bed: insects, relativeLu: -12 },
  jungle: { bed: jungle, relativeLu: -10 },
  marsh: { bed: marsh, relativeLu: -9 },
  plaza: { bed: plaza, relativeLu: -9 },
  cars: { bed: cars, relativeLu: -8 },
  machines: { bed: machines, relativeLu: -10 },
  scifi: { bed: scifi, relativeLu: -10 },
} satisfies Record<string, AmbientEffect>;

export type AmbientEffectId = keyof typeof AMBIENT_EFFECTS | "none";
export const AMBIENT_EFFECT_IDS: AmbientEffectId[] = ["none", ...(Object.keys(AMBIENT_EFFECTS) as AmbientEffectId[])];
