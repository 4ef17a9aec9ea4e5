// The thirteen ambient effect beds. Their sounds are made in app/engine/sfx/.
import type { AmbientEffect } from "./types";

export const AMBIENT_EFFECTS: readonly AmbientEffect[] = [
  { id: "none", name: "None" },
  { id: "birds", name: "Birds" },
  { id: "cars", name: "Cars" },
  { id: "creek", name: "Creek" },
  { id: "insects", name: "Insects" },
  { id: "jungle", name: "Jungle" },
  { id: "machines", name: "Machines" },
  { id: "marsh", name: "Marsh" },
  { id: "plaza", name: "Plaza" },
  { id: "rain_heavy", name: "Heavy Rain" },
  { id: "rain_light", name: "Light Rain" },
  { id: "scifi", name: "Sci-Fi" },
  { id: "waves", name: "Waves" },
];
