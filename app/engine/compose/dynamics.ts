// Velocities: a hit's weight (accent, normal, ghost) scaled by the segment's energy and the song's intensity.
import { clamp } from "../theory/humanize";
import type { HitWeight } from "../theory/rhythm";
import type { Velocity } from "../types";

const BASE_VELOCITY: Record<HitWeight, Velocity> = { accent: 112, normal: 94, ghost: 38 };
/** MUSIC.md: ghost notes sit at velocity 20–45. */
const GHOST_RANGE = { min: 20, max: 45 } as const;

export function velocityFor(weight: HitWeight, energy: number, intensity: number): Velocity {
  // Energy carries the form: a verse plays about a quarter softer than a chorus (≈ 2.5–5 dB, depending on
  // how the voice answers velocity), the last chorus hardest (MUSIC.md "Form and energy").
  const scale = (0.3 + 0.7 * energy) * (0.8 + 0.04 * intensity);
  const velocity = Math.round(BASE_VELOCITY[weight] * scale);
  return weight === "ghost" ? clamp(velocity, GHOST_RANGE.min, GHOST_RANGE.max) : clamp(velocity, 1, 127);
}

/** Intensity nudges how many optional hits survive: ±0.25 around the user's density at intensity 1 and 10. */
export function effectiveDensity(density: number, intensity: number): number {
  return clamp(density + (intensity - 5) * 0.05, 0, 1);
}
