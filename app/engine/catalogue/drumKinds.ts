// The five drum kinds with their display names (spec 1 §3).
import type { DrumKindInfo } from "./types";

export const DRUM_KIND_INFO: readonly DrumKindInfo[] = [
  { id: "kick", name: "Kick" },
  { id: "snare", name: "Snare" },
  { id: "open_hat", name: "Open hi-hat" },
  { id: "closed_hat", name: "Closed hi-hat" },
  { id: "auxiliary", name: "Auxiliary" },
];
