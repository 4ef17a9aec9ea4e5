// A summer night: several crickets and a swelling cicada buzz.

import type { AmbientBed } from "./bed";
import { addCicadas, addCrickets } from "./insectChorus";

export const insects: AmbientBed = (out, random) => {
  addCrickets(out, random, 5, 0.08);
  addCicadas(out, random, 0.6);
};
