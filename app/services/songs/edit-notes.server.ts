// The notes editor and the arrangement editor's server side (docs/edit-flow.md "Notes", "Arrangement"):
// the song's editable composition as the pages and GET /api/song/edit/{id} show it, and the validation
// of note and arrangement edits shared by the APIs and the pages' actions. Anything a person can send
// wrong becomes a 400 naming the field (`changes.0.notes.3.pitch`, `order.2`), never a 500.
import { z } from "zod";
import type { Song } from "../../../drizzle/schema/songs";
import { DRUM_KINDS, PART_NAMES, STEPS_PER_SEGMENT, type Composition, type DrumKind, type Note, type PartName } from "~/engine/types";
import { secondsPer16th } from "~/engine/theory/rhythm";
import { ApiError, type FieldErrors } from "~/server/http.server";
import { currentParts } from "./edit.server";

export const MAX_NOTES_PER_PART = 512;
export const MAX_SEGMENTS = 64;

export const NoteInputSchema = z.object({
  step: z.number().int("A step is a whole 16th.").min(0, "A step is at least 0.").max(STEPS_PER_SEGMENT - 1, `A step is at most ${STEPS_PER_SEGMENT - 1}.`),
  length: z.number().min(0.25, "A length is at least 0.25 (a 64th).").max(32, "A length is at most 32 steps."),
  pitch: z.number().int("A pitch is a whole MIDI number.").min(0, "A pitch is at least 0.").max(127, "A pitch is at most 127."),
  velocity: z.number().int("A velocity is a whole number.").min(1, "A velocity is at least 1.").max(127, "A velocity is at most 127."),
  micro: z.number().min(-0.5, "A timing offset is at least -0.5.").max(0.5, "A timing offset is at most 0.5.").default(0),
  drum: z.enum(DRUM_KINDS as [DrumKind, ...DrumKind[]]).optional(),
  glide: z.boolean().optional(),
  /** The groove's time-keeper: its pitch is the GM note it plays (Note.keeper), kept through an edit. */
  keeper: z.boolean().optional(),
});

export const NoteChangeSchema = z
  .object({
    segment: z.number().int().min(0, "A segment index is at least 0."),
    part: z.enum(PART_NAMES as [PartName, ...PartName[]]),
    notes: z.array(NoteInputSchema).max(MAX_NOTES_PER_PART, `At most ${MAX_NOTES_PER_PART} notes per part and segment.`),
  })
  .superRefine((change, context) => {
    // Drum notes say which drum plays them; pitched notes must not, or a bass note could trigger a snare.
    change.notes.forEach((note, index) => {
      if (change.part === "drums" && !note.drum) {
        context.addIssue({ code: "custom", path: ["notes", index, "drum"], message: `A drum note needs a drum: ${DRUM_KINDS.join(", ")}.` });
      }
      if (change.part !== "drums" && note.drum) {
        context.addIssue({ code: "custom", path: ["notes", index, "drum"], message: "Only drum notes have a drum." });
      }
      if (change.part !== "drums" && note.keeper) {
        context.addIssue({ code: "custom", path: ["notes", index, "keeper"], message: "Only drum notes keep time." });
      }
    });
  });

export const NotesEditSchema = z.object({
  changes: z.array(NoteChangeSchema).min(1, "Send at least one change.").max(MAX_SEGMENTS * PART_NAMES.length),
});
export type NoteChange = z.output<typeof NoteChangeSchema>;

export const ArrangementEditSchema = z.object({
  order: z
    .array(z.number().int("A segment index is a whole number.").min(0, "A segment index is at least 0."))
    .min(1, "A song needs at least one segment.")
    .max(MAX_SEGMENTS, `A song has at most ${MAX_SEGMENTS} segments.`),
});

/** Checks note changes against the song: the segment must exist and the part be one the song has. */
export function checkNoteChanges(composition: Composition, changes: NoteChange[]): { segment: number; part: PartName; notes: Note[] }[] {
  const fields: FieldErrors = {};
  changes.forEach((change, index) => {
    if (change.segment >= composition.segments.length) {
      fields[`changes.${index}.segment`] = [`The song has segments 0 to ${composition.segments.length - 1}.`];
    }
    if (!composition.parts.includes(change.part)) {
      fields[`changes.${index}.part`] = [`The song has no ${change.part} part; it has ${composition.parts.join(", ")}.`];
    }
  });
  if (Object.keys(fields).length > 0) throw new ApiError(400, "invalid_input", "Some fields are invalid.", fields);
  return changes.map(({ segment, part, notes }) => ({ segment, part, notes: notes.map(cleanNote) }));
}

/** Drops optional fields that are unset, so an edit's stored notes hold nothing but the note. */
function cleanNote(note: z.output<typeof NoteInputSchema>): Note {
  const { step, micro, length, pitch, velocity, drum, glide, keeper } = note;
  return { step, micro, length, pitch, velocity, ...(drum ? { drum } : {}), ...(glide ? { glide } : {}), ...(keeper ? { keeper } : {}) };
}

/** Checks a new order against the song: each entry must be an index of one of its segments. */
export function checkOrder(composition: Composition, order: number[]): number[] {
  const fields: FieldErrors = {};
  order.forEach((from, index) => {
    if (from >= composition.segments.length) fields[`order.${index}`] = [`The song has segments 0 to ${composition.segments.length - 1}.`];
  });
  if (Object.keys(fields).length > 0) throw new ApiError(400, "invalid_input", "Some fields are invalid.", fields);
  return order;
}

const NoteOutputSchema = z.object({
  step: z.number(),
  micro: z.number(),
  length: z.number(),
  pitch: z.number(),
  velocity: z.number(),
  drum: z.enum(DRUM_KINDS as [DrumKind, ...DrumKind[]]).optional(),
  glide: z.boolean().optional(),
  keeper: z.boolean().optional().describe("Drum notes only: the groove's time-keeper, playing the GM note `pitch` on the kit"),
});

export const EditableCompositionSchema = z.object({
  songId: z.string(),
  version: z.number().int().describe("The rendered version the song plays"),
  compositionId: z.string(),
  tempo: z.number(),
  key: z.object({ tonic: z.number().int(), mode: z.string(), name: z.string() }),
  swing: z.number(),
  parts: z.array(z.enum(PART_NAMES as [PartName, ...PartName[]])).describe("The parts present in the song"),
  durationSeconds: z.number(),
  sections: z.array(z.object({ kind: z.string(), startSegment: z.number().int(), segmentCount: z.number().int() })),
  segments: z.array(
    z.object({
      index: z.number().int(),
      section: z.string(),
      sectionNumber: z.number().int(),
      energy: z.number(),
      startSeconds: z.number(),
      endSeconds: z.number(),
      chords: z.array(z.object({ step: z.number(), length: z.number(), numeral: z.string(), symbol: z.string(), root: z.number(), pitches: z.array(z.number()) })),
      parts: z
        .record(z.string(), z.array(NoteOutputSchema))
        .optional()
        .describe("Notes per part on the segment's 32 steps; left out with removeNotes=true"),
    }),
  ),
});
export type EditableComposition = z.output<typeof EditableCompositionSchema>;

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The song's composition as the editors show it: structure, times, and (unless removed) the notes. */
export async function editableComposition(song: Song, options: { removeNotes?: boolean } = {}): Promise<EditableComposition> {
  const { composition } = await currentParts(song);
  return toEditableComposition(song, composition, options);
}

export function toEditableComposition(song: Pick<Song, "id" | "version">, composition: Composition, options: { removeNotes?: boolean } = {}): EditableComposition {
  const segmentSeconds = secondsPer16th(composition.tempo) * STEPS_PER_SEGMENT;
  return {
    songId: song.id,
    version: song.version,
    compositionId: composition.id,
    tempo: composition.tempo,
    key: composition.key,
    swing: composition.swing,
    parts: composition.parts,
    durationSeconds: round3(composition.segments.length * segmentSeconds),
    sections: composition.sections,
    segments: composition.segments.map((segment, index) => ({
      index,
      section: segment.section,
      sectionNumber: segment.sectionNumber,
      energy: segment.energy,
      startSeconds: round3(index * segmentSeconds),
      endSeconds: round3((index + 1) * segmentSeconds),
      chords: segment.chords,
      ...(options.removeNotes ? {} : { parts: segment.parts as Record<string, Note[]> }),
    })),
  };
}

/** What an edit API answers (202): the new version and its status (queue until the render job runs). */
export const VersionQueuedSchema = z.object({
  version: z.number().int().describe("The version this edit will become (2, 3, ...)"),
  status: z.enum(["queue", "rendering", "complete", "failed"]),
});
