// Variety by seed (issue 23): each song plays its own version of the style's groove, so two seeds of one
// style do not share the same beat. The style's grammar stays (the backbeat or half-time snare, the
// downbeat kick, four-on-the-floor where the groove has it); what moves is what producers vary between
// beats of one style: the hat figure, the kick's syncopations, ghost snares, open-hat and percussion spots.
// Later choruses take the next hat figure, so a repeated chorus is not a copy of the first.
import { deriveSeed } from "../theory/hash";
import { createRng, type Rng } from "../theory/random";
import type { RhythmHit } from "../theory/rhythm";
import { STEPS_PER_BAR, STEPS_PER_SEGMENT, type DrumKind } from "../types";

type Hits = RhythmHit[];

/** Hat figures: each keeps the written hits' weights where it can, so ghosted lo-fi hats stay ghosted. */
const HAT_FIGURES: ((hits: Hits) => Hits)[] = [
  (hits) => hits,
  // 16ths: a ghost after every written hit.
  (hits) => [...hits, ...hits.map((hit) => ({ ...hit, step: hit.step + 1, weight: "ghost" as const, optional: false, length: 1 }))],
  // Off-beat: only the "ands".
  (hits) => figure(hits, [2, 6, 10, 14]),
  // 8ths with a 16th pair before beat 3.
  (hits) => figure(hits, [0, 2, 4, 6, 7, 8, 10, 12, 14]),
  // Quarters with a 16th pickup before each beat.
  (hits) => figure(hits, [0, 3, 4, 7, 8, 11, 12, 15]),
  // 8ths with a skip: the last 8th of each bar becomes two 16ths.
  (hits) => figure(hits, [0, 2, 4, 6, 8, 10, 12, 13, 14, 15]),
];

/** Above this swing the hats stay on 8ths. */
const SWING_KEEPS_EIGHTHS = 0.54;

/** 8th-note figures for swung grooves: as written, straight 8ths, 8ths with the last one dropped. */
const EIGHTH_FIGURES: ((hits: Hits) => Hits)[] = [
  (hits) => hits.filter((hit) => hit.step % 2 === 0),
  (hits) => figure(hits, [0, 2, 4, 6, 8, 10, 12, 14]),
  (hits) => figure(hits, [0, 2, 4, 6, 8, 10, 12]),
  (hits) => figure(hits, [0, 2, 4, 8, 10, 12, 14]),
];

/** The hits of `steps` (one bar, repeated over the segment), with the weight of the nearest written hit. */
function figure(hits: Hits, steps: number[]): Hits {
  if (hits.length === 0) return hits;
  const out: Hits = [];
  for (let bar = 0; bar < STEPS_PER_SEGMENT / STEPS_PER_BAR; bar++) {
    for (const step of steps) {
      const at = bar * STEPS_PER_BAR + step;
      const nearest = hits.reduce((best, hit) => (Math.abs(hit.step - at) < Math.abs(best.step - at) ? hit : best));
      out.push({ ...nearest, step: at, length: 1 });
    }
  }
  return out;
}

export interface VariantContext {
  seed: number;
  /** Which chorus or drop this is (0 = the first); later ones change the hat figure. */
  chorusNumber: number;
  /** The groove's swing (0.5 straight). */
  swing: number;
  /** Steps the snare's backbeat sits on: the kick leaves them alone. */
  snareSteps: readonly number[];
  /** The percussion line is the style's grammar (Groove.fixedPercussion): keep it as written. */
  fixedPercussion?: boolean;
  /** The hats are already one of the groove's own figures (Groove.alternates): keep them as written. */
  ownHatFigures?: boolean;
}

/** This song's version of one drum kind's written hits. */
export function varyHits(kind: DrumKind, hits: Hits, context: VariantContext): Hits {
  if (hits.length === 0) return hits;
  const rng = createRng(deriveSeed(context.seed, "groove-variant", kind));
  let varied: Hits;
  switch (kind) {
    case "closed_hat":
      // Whatever the figure, the hat on each beat is accented: the pulse stays clear (issue 23: an outside
      // tempo detector must find the declared tempo).
      {
        // Swung grooves keep their hats on the 8ths (which swing does not move): 16th figures would
        // blur the pulse.
        const figures = context.swing > SWING_KEEPS_EIGHTHS ? EIGHTH_FIGURES : HAT_FIGURES;
        const own = figures === EIGHTH_FIGURES ? hits.filter((hit) => hit.step % 2 === 0) : hits;
        const chosen = context.ownHatFigures ? own : figures[(rng.int(0, figures.length - 1) + context.chorusNumber) % figures.length](hits);
        // One clear pulse: straight grooves accent the hat on each beat; swung (slow) ones play even 8ths,
        // so that the beat is never heard half at the quarter and half at the 8th.
        varied = chosen.map((hit) =>
          figures === EIGHTH_FIGURES ? { ...hit, weight: "normal" as const, optional: false } : hit.step % 4 === 0 ? { ...hit, weight: "accent" as const, optional: false } : hit,
        );
      }
      break;
    case "kick":
      varied = varyKick(hits, rng, context.snareSteps, context.fixedPercussion === true);
      break;
    case "snare":
      varied = [...hits, ...ghostSnares(hits, rng), ...drags(hits, rng)];
      break;
    case "open_hat":
      // Open hats keep most of their spots and move some by an 8th or a quarter.
      varied = hits.filter(() => rng.chance(0.75)).map((hit) => ({ ...hit, step: hit.step + rng.pick([0, 0, 2, 4]) }));
      break;
    default:
      if (context.fixedPercussion) {
        // The line's grammar (its written hits and accents: the clave, the 3+3+2) stays as written in every
        // song; its ornaments (ghost and optional hits) are this seed's: about two in three kept, some nudged
        // by a 16th. A grammar hit keeps its step when an ornament lands on it (normalise keeps the first).
        const ornaments = hits.filter((hit) => hit.optional && rng.chance(0.65)).map((hit) => ({ ...hit, step: hit.step + rng.pick([0, 0, 1, -1]) }));
        varied = [...hits.filter((hit) => !hit.optional), ...ornaments];
        break;
      }
      // Percussion keeps about half its hits and moves them by a 16th or two: each song its own shaker line.
      varied = hits.filter(() => rng.chance(0.6)).map((hit) => ({ ...hit, step: hit.step + rng.pick([0, 1, 2, 3]) }));
  }
  return normalise(varied);
}

function varyKick(hits: Hits, rng: Rng, snareSteps: readonly number[], eitherBar: boolean): Hits {
  const fourOnTheFloor = [0, 4, 8, 12].every((step) => hits.some((hit) => hit.step === step));
  const taken = (step: number, list: Hits) => list.some((hit) => hit.step === step) || snareSteps.includes(step % STEPS_PER_SEGMENT);
  const out: Hits = fourOnTheFloor ? hits.filter((hit) => hit.step % 4 === 0) : hits.filter((hit) => hit.step % STEPS_PER_BAR === 0);
  // Syncopations move by a 16th or an 8th, or stay.
  for (const hit of hits) {
    if (out.includes(hit)) continue;
    const moved = hit.step + rng.pick([0, -2, -1, 1, 2]);
    out.push({ ...hit, step: taken(moved, out) ? hit.step : moved });
  }
  // One to three extra pushes in the second bar, off the beat. Grooves whose percussion line is fixed (the
  // dembow, the clave, the 3+3+2) put them in either bar: the kick is where those seeds differ.
  const extra = rng.int(1, 3);
  for (let i = 0; i < extra; i++) {
    const bar = eitherBar ? rng.pick([0, 1]) : 1;
    const step = bar * STEPS_PER_BAR + rng.pick([3, 6, 7, 10, 11, 14, 15]);
    if (!taken(step, out)) out.push({ step, length: 1, weight: "normal", optional: false });
  }
  return out;
}

/** A soft 16th before one to three of the backbeat hits (a drag), where the step is free. */
function drags(hits: Hits, rng: Rng): Hits {
  const backbeats = hits.filter((hit) => hit.weight !== "ghost");
  const count = rng.int(1, 3);
  const out: Hits = [];
  for (let i = 0; i < count && backbeats.length > 0; i++) {
    const step = rng.pick(backbeats).step - 1;
    if (step >= 0 && !hits.some((hit) => hit.step === step)) out.push({ step, length: 1, weight: "ghost", optional: false });
  }
  return out;
}

/** Up to six ghost snares on off-16ths away from the backbeat. */
function ghostSnares(hits: Hits, rng: Rng): Hits {
  const count = rng.int(3, 6);
  const ghosts: Hits = [];
  for (let i = 0; i < count; i++) {
    const step = rng.int(0, STEPS_PER_SEGMENT - 1);
    if (step % 2 === 1 && !hits.some((hit) => Math.abs(hit.step - step) <= 1)) ghosts.push({ step, length: 1, weight: "ghost", optional: false });
  }
  return ghosts;
}

/** Inside the segment, one hit per step, in order. */
function normalise(hits: Hits): Hits {
  const byStep = new Map<number, RhythmHit>();
  for (const hit of hits) {
    const step = ((hit.step % STEPS_PER_SEGMENT) + STEPS_PER_SEGMENT) % STEPS_PER_SEGMENT;
    if (!byStep.has(step)) byStep.set(step, { ...hit, step });
  }
  return [...byStep.values()].sort((a, b) => a.step - b.step);
}
