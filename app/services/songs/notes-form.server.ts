// The notes page without JavaScript: one part of one segment as a list of rows of inputs (step 1..32,
// length, pitch as a note name like C4 or a MIDI number, velocity, a delete box) plus an "add note" row.
// Submitting replaces that part's notes in that segment; each row's problems come back by row.
import { STEPS_PER_SEGMENT, DRUM_KINDS, type DrumKind, type Note, type PartName } from "~/engine/types";
import { parsePitch } from "~/utils/note-names";
import { MAX_NOTES_PER_PART } from "./edit-notes.server";

export interface NoteRowValues {
  step: string;
  length: string;
  pitch: string;
  velocity: string;
  /** Kept as sent: the timing offset of an existing note (humanness) survives a form edit. */
  micro: string;
  /**
   * Kept as sent: for a time-keeper drum note, its drum kind and GM note ("auxiliary:53"), so it still plays
   * its own sound after a form edit unless its drum is changed; empty otherwise.
   */
  keeper: string;
}

export type NoteFormResult =
  | { ok: true; notes: Note[] }
  | { ok: false; errors: Record<string, string[]>; rows: NoteRowValues[]; added: NoteRowValues };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function rowValues(form: FormData, prefix: string): NoteRowValues {
  return {
    step: text(form, `${prefix}.step`),
    length: text(form, `${prefix}.length`),
    pitch: text(form, `${prefix}.pitch`),
    velocity: text(form, `${prefix}.velocity`),
    micro: text(form, `${prefix}.micro`),
    keeper: text(form, `${prefix}.keeper`),
  };
}

/** One row to a note, or the reasons it is not one. Drum rows name a drum kind in the pitch field. */
export function parseNoteRow(values: NoteRowValues, part: PartName, drumPitches: Record<DrumKind, number>): { note: Note } | { errors: string[] } {
  const errors: string[] = [];
  const step = Number(values.step);
  if (!/^\d+$/.test(values.step) || step < 1 || step > STEPS_PER_SEGMENT) errors.push(`Step: a whole number from 1 to ${STEPS_PER_SEGMENT}.`);
  const length = Number(values.length);
  if (values.length === "" || !Number.isFinite(length) || length < 0.25 || length > 32) errors.push("Length: from 0.25 to 32 steps.");
  const velocity = Number(values.velocity);
  if (!/^\d+$/.test(values.velocity) || velocity < 1 || velocity > 127) errors.push("Velocity: a whole number from 1 to 127.");
  const micro = values.micro === "" ? 0 : Number(values.micro);
  if (!Number.isFinite(micro) || micro < -0.5 || micro > 0.5) errors.push("Timing offset: from -0.5 to 0.5.");
  let pitch: number | null;
  let drum: DrumKind | undefined;
  if (part === "drums") {
    drum = DRUM_KINDS.find((kind) => kind === values.pitch);
    pitch = drum ? drumPitches[drum] : null;
    if (!drum) errors.push(`Drum: one of ${DRUM_KINDS.join(", ")}.`);
  } else {
    pitch = parsePitch(values.pitch);
    if (pitch === null) errors.push("Pitch: a note name like C4 or F#3, or a MIDI number from 0 to 127.");
  }
  if (errors.length > 0 || pitch === null) return { errors };
  const keeper = /^([a-z_]+):(\d{1,3})$/.exec(values.keeper);
  if (drum && keeper && keeper[1] === drum && Number(keeper[2]) <= 127) {
    return { note: { step: step - 1, micro, length, pitch: Number(keeper[2]), velocity, drum, keeper: true } };
  }
  return { note: { step: step - 1, micro, length, pitch, velocity, ...(drum ? { drum } : {}) } };
}

/** The whole form: rows `note.{i}.*` (with `note.{i}.delete` to drop one) and the `new.*` row. */
export function parseNoteForm(form: FormData, part: PartName, drumPitches: Record<DrumKind, number>): NoteFormResult {
  const count = Math.min(Number(text(form, "count")) || 0, MAX_NOTES_PER_PART);
  const rows: NoteRowValues[] = [];
  const notes: Note[] = [];
  const errors: Record<string, string[]> = {};
  for (let index = 0; index < count; index += 1) {
    const values = rowValues(form, `note.${index}`);
    rows.push(values);
    if (form.get(`note.${index}.delete`) !== null) continue;
    const parsed = parseNoteRow(values, part, drumPitches);
    if ("errors" in parsed) errors[String(index)] = parsed.errors;
    else notes.push(parsed.note);
  }
  const added = rowValues(form, "new");
  // The add row counts only when a step or pitch was filled in; its defaults alone add nothing.
  if (added.step !== "" || (part !== "drums" && added.pitch !== "")) {
    const parsed = parseNoteRow(added, part, drumPitches);
    if ("errors" in parsed) errors.new = parsed.errors;
    else notes.push(parsed.note);
  }
  if (notes.length > MAX_NOTES_PER_PART) errors.form = [`At most ${MAX_NOTES_PER_PART} notes per part and segment.`];
  if (Object.keys(errors).length > 0) return { ok: false, errors, rows, added };
  return { ok: true, notes };
}
