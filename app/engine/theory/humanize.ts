// Humanness (MUSIC.md): Gaussian timing offsets of up to about ±20 ms and velocity changes of about ±15 at
// humanness 1. Each part has a looseness: the kick stays tight while hats and keys drift more.
import type { Seconds, Velocity } from "../types";
import type { Rng } from "./random";

const MAX_TIMING_SECONDS: Seconds = 0.02;
const MAX_VELOCITY_CHANGE = 15;
/** The limits sit at 2.5 standard deviations, so almost every offset is well inside them. */
const DEVIATIONS_TO_LIMIT = 2.5;

/** 0..1: how far a voice drifts at a given humanness. */
export const LOOSENESS = {
  kick: 0.25,
  snare: 0.6,
  hats: 1,
  auxiliary: 0.9,
  bass: 0.5,
  keys: 1,
  lead: 0.8,
} as const;

/** A timing offset in fractions of a 16th. */
export function humanTimingOffset(rng: Rng, humanness: number, looseness: number, secondsPerStep: Seconds): number {
  const limit = MAX_TIMING_SECONDS * humanness * looseness;
  const seconds = clamp(rng.gaussian() * (limit / DEVIATIONS_TO_LIMIT), -limit, limit);
  return seconds / secondsPerStep;
}

export function humanVelocity(rng: Rng, velocity: Velocity, humanness: number, looseness: number): Velocity {
  const limit = MAX_VELOCITY_CHANGE * humanness * looseness;
  const change = clamp(rng.gaussian() * (limit / DEVIATIONS_TO_LIMIT), -limit, limit);
  return clamp(Math.round(velocity + change), 1, 127);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
