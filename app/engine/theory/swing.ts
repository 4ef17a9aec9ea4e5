// Swing: every second 16th is delayed. `swing` is the share of each 8th taken by its first 16th, so 0.5 is
// straight and 0.66 a triplet feel; the late 16th then starts (2 * swing - 1) of a 16th after its grid line.
import type { Step } from "../types";

export function swingOffset(step: Step, swing: number): number {
  return step % 2 === 1 ? 2 * swing - 1 : 0;
}
