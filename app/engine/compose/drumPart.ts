// The drum part: the groove's pattern per kind, thinned or filled by density and intensity, with hat rolls,
// fills and a drop-out at section ends and a crash on section downbeats (MUSIC.md "Form and energy").
import { CRASH_NOTE } from "../catalogue";
import { deriveSeed } from "../theory/hash";
import { createRng, type Rng } from "../theory/random";
import { parseRhythm, type RhythmHit } from "../theory/rhythm";
import { DRUM_KINDS, STEPS_PER_BAR, STEPS_PER_SEGMENT, type DrumKind, type Midi, type Note } from "../types";
import { effectiveDensity, velocityFor } from "./dynamics";
import { varyHits } from "./grooveVariant";
import type { TimeKeeper } from "../catalogue/types";
import type { PartContext } from "./partContext";

/** GM drum-map notes used when the groove does not name its own. */
export const DEFAULT_DRUM_NOTES: Record<DrumKind, Midi> = { kick: 36, snare: 38, closed_hat: 42, open_hat: 46, auxiliary: 70 };

const LIGHT_KINDS: readonly DrumKind[] = ["closed_hat", "auxiliary"];
const LAYER_KINDS: readonly DrumKind[] = ["open_hat", "auxiliary"];
const CRASH_SECTIONS = new Set(["verse", "chorus", "drop", "bridge"]);

/**
 * The time-keeper when a groove names none: a closed hat on each beat. The pulse an outside tempo detector
 * (and a dancer) locks to, in the 2–6 kHz band where hats cut through (issue 23).
 */
export const DEFAULT_KEEPER: TimeKeeper = { kind: "closed_hat", note: 42 };
const QUARTERS = "X...X...X...X...";
/**
 * Below this tempo the keeper plays 8ths (accented on the beat), as a shaker or hat would. A listener (and a
 * beat tracker, whose preferred beat is near 120 BPM) hears a slow song's pulse at the 8th, a faster one's at
 * the quarter; a keeper on the other level leaves sections heard one way and sections heard the other.
 * 120/√2 ≈ 85 BPM is where the two levels are equally far from 120.
 */
const KEEPER_EIGHTHS_BELOW_BPM = 85;
const EIGHTHS = "X.x.X.x.X.x.X.x.";
/** A steady keeper's level outside choruses (TimeKeeper.steady); choruses play at 0.2 + 0.8 × energy (0.9–1). */
const STEADY_KEEPER_LEVEL = 0.85;

export function writeDrums(context: PartContext): Note[] {
  const { segment, groove, intensity, drumMode } = context;
  // The keeper plays even where the kit rests.
  const notes: Note[] = writeKeeper(context);
  if (drumMode === "none") return notes;
  for (const kind of DRUM_KINDS) {
    if (drumMode === "light" && !LIGHT_KINDS.includes(kind)) continue;
    // Low intensity drops the decorative layers; verses leave them to the chorus, except at high intensity.
    if ((intensity <= 3 || (segment.section === "verse" && intensity < 7)) && LAYER_KINDS.includes(kind)) continue;
    const pitch = groove.notes?.[kind] ?? DEFAULT_DRUM_NOTES[kind];
    for (const hit of grooveHits(context, kind)) {
      notes.push(drumNote(kind, pitch, hit.step, velocityFor(hit.weight, segment.energy, intensity), kind === "open_hat" ? 2 : 1));
    }
  }
  const fillRng = createRng(deriveSeed(context.seed, "fills", segment.index));
  if (groove.hatRolls && drumMode === "full" && segment.indexInSection % 2 === 1) addHatRoll(notes, context, fillRng);
  const sectionEnds = segment.indexInSection === segment.sectionSegments - 1 && segment.nextSection !== null;
  if (sectionEnds && drumMode === "full") addFill(notes, context);
  // Phrase ends inside a section (every fourth bar): a drummer's short fill. Rolling-hat grooves already mark
  // them with their roll.
  else if (drumMode === "full" && !groove.hatRolls && segment.indexInSection % 2 === 1) addPhraseFill(notes, context, fillRng);
  if (segment.indexInSection === 0 && segment.index > 0 && drumMode === "full" && CRASH_SECTIONS.has(segment.section)) {
    notes.push(drumNote("auxiliary", CRASH_NOTE, 0, velocityFor("accent", segment.energy, intensity), 8));
  }
  return notes.sort((a, b) => a.step - b.step || a.pitch - b.pitch);
}

/**
 * The hits one drum kind plays in the full groove, before fills and rolls: the pattern, plus the intense layer
 * at intensity 7 and up, in this song's variant (grooveVariant.ts), with optional hits kept by density. One random stream per kind and section kind, so
 * repeated sections keep the same optional hits (and the 808 can follow the kick).
 */
export function grooveHits(context: PartContext, kind: DrumKind): RhythmHit[] {
  const density = effectiveDensity(context.drumDensity, context.intensity);
  const rng = createRng(deriveSeed(context.seed, "drums", kind, context.segment.section));
  const { segment } = context;
  const chorusNumber = segment.section === "chorus" || segment.section === "drop" ? segment.sectionNumber : 0;
  const written = hitsOf(writtenLine(context, kind, chorusNumber));
  if (context.intensity >= 7) written.push(...hitsOf(context.groove.intense?.[kind]));
  const snareSteps = hitsOf(writtenLine(context, "snare", 0)).filter((hit) => hit.weight !== "ghost").map((hit) => hit.step);
  const ownHatFigures = kind === "closed_hat" && (context.groove.alternates?.closed_hat?.length ?? 0) > 0;
  const hits = varyHits(kind, written, {
    seed: context.seed,
    chorusNumber,
    snareSteps,
    swing: context.filter.swing ?? context.groove.swing,
    fixedPercussion: context.groove.fixedPercussion,
    ownHatFigures,
  });
  const kept: RhythmHit[] = [];
  for (const hit of hits) {
    const keep = rng.next() < density;
    if ((hit.optional && !keep) || kept.some((other) => other.step === hit.step)) continue;
    kept.push(hit);
  }
  return kept.sort((a, b) => a.step - b.step);
}

/**
 * The line this song plays for one drum kind: the groove's written line or one of its idiomatic alternates
 * (Groove.alternates), picked by the seed for the whole song; hat lines move to the next one in later choruses.
 */
function writtenLine(context: PartContext, kind: DrumKind, chorusNumber: number): string | undefined {
  const written = context.groove.drums[kind];
  const alternates = context.groove.alternates?.[kind];
  if (!written || !alternates || alternates.length === 0) return written;
  const lines = [written, ...alternates];
  const pick = createRng(deriveSeed(context.seed, "groove-line", kind)).int(0, lines.length - 1);
  return lines[(pick + (kind === "closed_hat" ? chorusNumber : 0)) % lines.length];
}

/**
 * The groove's time-keeper: its own bright sound on the beat grid through the whole song (softer where the
 * kit rests), tight to the grid, so the pulse is one steady level that an outside tempo detector finds in
 * every section (issue 23; MUSIC.md "Drums").
 */
export function writeKeeper(context: PartContext): Note[] {
  const { segment, groove, drumMode } = context;
  const keeper = groove.keeper ?? DEFAULT_KEEPER;
  const pattern = keeper.pattern ?? (context.tempo < KEEPER_EIGHTHS_BELOW_BPM ? EIGHTHS : QUARTERS);
  // In full sections it follows the section's energy a little more steeply than the kit (velocityFor:
  // 0.3 + 0.7 × energy), so verses are thinner than choruses; where the kit rests it keeps a soft, steady level.
  const chorus = segment.section === "chorus" || segment.section === "drop";
  const level = drumMode === "full" ? 0.2 + 0.8 * segment.energy : drumMode === "light" ? 0.6 : 0.55;
  // A steady keeper (half-time trap, glitch: kits that do not carry the beat outside choruses) keeps one
  // level through intros, verses and breaks, or aubio lost the beat there (icy_beat seed 9's verses read
  // ~140 at 147 BPM, avant_3 seed 130's first verse 85 at 126: the glitch kick's dotted quarters).
  const played = keeper.steady && !chorus ? STEADY_KEEPER_LEVEL : level;
  const notes: Note[] = [];
  // parseRhythm repeats a one-bar pattern over the segment's two bars.
  for (const hit of parseRhythm(pattern)) {
    if (hit.weight === "ghost" && drumMode === "none") continue;
    const base = hit.weight === "accent" ? 124 : hit.weight === "ghost" ? 62 : 100;
    notes.push({ ...drumNote(keeper.kind, keeper.note, hit.step, Math.round(base * played), 1), keeper: true });
  }
  return notes;
}

function hitsOf(pattern: string | undefined): RhythmHit[] {
  return pattern ? parseRhythm(pattern) : [];
}

function drumNote(kind: DrumKind, pitch: Midi, step: number, velocity: number, length: number, micro = 0): Note {
  return { step, micro, length, pitch, velocity, drum: kind };
}

/**
 * Trap hats: the last beat of the phrase becomes a 32nd roll or a triplet burst (MUSIC.md). Sub-16th
 * positions are written as a step plus a fraction in `micro`.
 */
function addHatRoll(notes: Note[], context: PartContext, rng: Rng): void {
  const start = STEPS_PER_SEGMENT - 4;
  const burst = rng.pick(["32nds", "triplets", "16ths"] as const);
  removeWhere(notes, (note) => note.drum === "closed_hat" && note.step >= start && !note.keeper);
  const spacing = burst === "32nds" ? 0.5 : burst === "triplets" ? 2 / 3 : 1;
  const pitch = context.groove.notes?.closed_hat ?? DEFAULT_DRUM_NOTES.closed_hat;
  for (let position = 0; position < 4 - 1e-9; position += spacing) {
    // Round to the nearest 16th, but keep the last ones inside the segment.
    const step = start + Math.min(3, Math.round(position));
    const velocity = Math.round(velocityFor("normal", context.segment.energy, context.intensity) * (0.7 + 0.3 * (position / 4)));
    notes.push(drumNote("closed_hat", pitch, step, velocity, spacing, position + start - step));
  }
}

/**
 * A snare fill in the section's last bar: the last beat for small changes, the last two beats for bigger
 * ones, and before a drop the whole bar builds while the kick drops out.
 */
function addFill(notes: Note[], context: PartContext): void {
  const { segment, intensity, groove } = context;
  const intoDrop = segment.nextSection === "drop";
  const big = intoDrop || segment.nextSection === "chorus" || segment.energy >= 0.7;
  const fillStart = intoDrop ? STEPS_PER_BAR : big ? STEPS_PER_SEGMENT - 8 : STEPS_PER_SEGMENT - 4;
  removeWhere(notes, (note) => note.step >= fillStart && !note.keeper && (note.drum === "snare" || (intoDrop && note.drum === "kick")));
  const pitch = groove.notes?.snare ?? DEFAULT_DRUM_NOTES.snare;
  for (let step = fillStart; step < STEPS_PER_SEGMENT; step++) {
    // Before a drop the roll goes from 8ths to 16ths; elsewhere it is straight 16ths.
    if (intoDrop && step < STEPS_PER_SEGMENT - 8 && step % 2 === 1) continue;
    const rise = (step - fillStart) / (STEPS_PER_SEGMENT - fillStart);
    const velocity = Math.round(velocityFor("normal", segment.energy, intensity) * (0.65 + 0.45 * rise));
    notes.push(drumNote("snare", pitch, step, Math.min(127, velocity), 1));
  }
}

/** Grooves played on a drum kit with toms (the others are drum machines: their fills stay on the snare). */
const TOM_GROOVES = new Set(["rock", "pop", "jazz_swing", "boom_bap", "lofi", "rnb", "one_drop", "steppers", "clave", "afrobeats", "cinematic"]);
/** GM toms: high, high-mid, low-mid, low floor. They keep their own note on the kit (compose/schedule.ts). */
export const TOM_NOTES: readonly Midi[] = [50, 48, 47, 45];

/**
 * A phrase-end fill (the last bar of each four inside a section): on the last beat, a snare pickup, a run
 * down the toms, or a ghosted drag into a hard last 16th, by the seed; the kick keeps its beat. Softer than a
 * section's fill and growing into the next downbeat, where the crash or the groove takes over.
 */
function addPhraseFill(notes: Note[], context: PartContext, rng: Rng): void {
  const { segment, intensity, groove } = context;
  const start = STEPS_PER_SEGMENT - 4;
  const shapes = TOM_GROOVES.has(groove.id) ? (["pickup", "toms", "drag"] as const) : (["pickup", "drag"] as const);
  const shape = rng.pick(shapes);
  removeWhere(notes, (note) => note.step >= start && !note.keeper && (note.drum === "snare" || note.drum === "closed_hat" || note.drum === "open_hat"));
  const snare = groove.notes?.snare ?? DEFAULT_DRUM_NOTES.snare;
  const normal = velocityFor("normal", segment.energy, intensity);
  const ghost = velocityFor("ghost", segment.energy, intensity);
  const hits: [step: number, kind: DrumKind, pitch: Midi, velocity: number][] =
    shape === "toms"
      ? [[start, "snare", snare, normal * 0.8], [start + 1, "auxiliary", TOM_NOTES[0], normal * 0.85], [start + 2, "auxiliary", TOM_NOTES[2], normal * 0.9], [start + 3, "auxiliary", TOM_NOTES[3], normal]]
      : shape === "drag"
        ? [[start + 1, "snare", snare, ghost], [start + 2, "snare", snare, ghost * 1.2], [start + 3, "snare", snare, normal]]
        : [[start + 2, "snare", snare, normal * 0.75], [start + 3, "snare", snare, normal * 0.95]];
  for (const [step, kind, pitch, velocity] of hits) notes.push(drumNote(kind, pitch, step, Math.min(127, Math.round(velocity)), 1));
}

function removeWhere(notes: Note[], predicate: (note: Note) => boolean): void {
  for (let i = notes.length - 1; i >= 0; i--) if (predicate(notes[i])) notes.splice(i, 1);
}
