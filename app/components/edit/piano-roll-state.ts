// The piano roll's state, as a pure reducer: the notes of one part in one segment on a 32-step grid, the
// rows (pitches, or drum kinds for drums), the selected note and the keyboard cursor. The component only
// turns pointer and key events into these actions, so every editing rule is tested without a browser.
import { DRUM_KINDS, STEPS_PER_SEGMENT, type DrumKind, type Note, type PartName } from "~/engine/types";
import { noteName } from "~/utils/note-names";

export const MAX_NOTES = 512;
export const MIN_LENGTH = 0.25;
export const DEFAULT_VELOCITY = 100;

/** GM drum-map notes, for a drum kind the segment does not play yet. */
export const DEFAULT_DRUM_PITCH: Record<DrumKind, number> = { kick: 36, snare: 38, closed_hat: 42, open_hat: 46, auxiliary: 70 };
/** Top to bottom: cymbals up, kick at the bottom, as drum editors usually stack them. */
const DRUM_ROW_ORDER: readonly DrumKind[] = ["open_hat", "closed_hat", "auxiliary", "snare", "kick"];
const DRUM_LABELS: Record<DrumKind, string> = { kick: "Kick", snare: "Snare", closed_hat: "Closed hat", open_hat: "Open hat", auxiliary: "Percussion" };

/** The pitch range shown for an empty part: where that part usually plays. */
const PART_RANGES: Record<Exclude<PartName, "drums">, [low: number, high: number]> = {
  bass: [28, 52],
  chords: [48, 79],
  lead: [60, 88],
  pad: [48, 79],
  arp: [55, 86],
};
const MIN_ROWS = 24;

export interface RollRow {
  pitch: number;
  drum?: DrumKind;
  label: string;
}

export interface RollNote extends Note {
  id: number;
}

export interface RollState {
  part: PartName;
  /** Top to bottom: the highest pitch first. */
  rows: RollRow[];
  notes: RollNote[];
  selected: number | null;
  cursor: { step: number; row: number };
  nextId: number;
}

export type RollAction =
  | { type: "add"; step: number; row: number }
  | { type: "select"; id: number | null }
  | { type: "move"; id: number; step: number; row: number }
  | { type: "resize"; id: number; length: number }
  | { type: "delete"; id: number }
  | { type: "velocity"; id: number; velocity: number }
  | { type: "cursor"; step: number; row: number }
  | { type: "key"; key: string; shift: boolean };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The rows for a part: one per drum kind, or a pitch range fitted around the notes (at least two octaves). */
export function rowsFor(part: PartName, notes: readonly Note[], pitchNames?: readonly string[]): RollRow[] {
  if (part === "drums") {
    return DRUM_ROW_ORDER.filter((kind) => DRUM_KINDS.includes(kind)).map((kind) => ({
      drum: kind,
      pitch: notes.find((note) => note.drum === kind)?.pitch ?? DEFAULT_DRUM_PITCH[kind],
      label: DRUM_LABELS[kind],
    }));
  }
  let [low, high] = PART_RANGES[part];
  if (notes.length > 0) {
    const pitches = notes.map((note) => note.pitch);
    low = Math.min(low, Math.min(...pitches) - 2);
    high = Math.max(high, Math.max(...pitches) + 2);
  }
  while (high - low + 1 < MIN_ROWS) high += 1;
  low = clamp(low, 0, 127);
  high = clamp(high, 0, 127);
  const rows: RollRow[] = [];
  for (let pitch = high; pitch >= low; pitch -= 1) rows.push({ pitch, label: noteName(pitch, pitchNames) });
  return rows;
}

export function initRoll(part: PartName, notes: readonly Note[], pitchNames?: readonly string[]): RollState {
  const rolled = notes.map((note, index) => ({ ...note, id: index + 1 }));
  return { part, rows: rowsFor(part, notes, pitchNames), notes: rolled, selected: null, cursor: { step: 0, row: 0 }, nextId: rolled.length + 1 };
}

/** The row a note sits on (its drum kind's row for drums), or -1. */
export function rowOf(state: Pick<RollState, "rows" | "part">, note: Note): number {
  return state.part === "drums" ? state.rows.findIndex((row) => row.drum === note.drum) : state.rows.findIndex((row) => row.pitch === note.pitch);
}

/** What the row puts on a note: its pitch, and its drum kind for drums. */
function onRow(row: RollRow): Pick<Note, "pitch" | "drum"> {
  return row.drum ? { pitch: row.pitch, drum: row.drum } : { pitch: row.pitch };
}

function updateNote(state: RollState, id: number, change: (note: RollNote) => RollNote): RollState {
  return { ...state, notes: state.notes.map((note) => (note.id === id ? change(note) : note)) };
}

function add(state: RollState, step: number, rowIndex: number): RollState {
  const row = state.rows[rowIndex];
  if (!row || step < 0 || step >= STEPS_PER_SEGMENT) return state;
  const existing = state.notes.find((note) => note.step === step && rowOf(state, note) === rowIndex);
  if (existing) return { ...state, selected: existing.id, cursor: { step, row: rowIndex } };
  if (state.notes.length >= MAX_NOTES) return state;
  const length = Math.min(state.part === "drums" ? 1 : 2, STEPS_PER_SEGMENT - step);
  const note: RollNote = { id: state.nextId, step, micro: 0, length, velocity: DEFAULT_VELOCITY, ...onRow(row) };
  return { ...state, notes: [...state.notes, note], selected: note.id, cursor: { step, row: rowIndex }, nextId: state.nextId + 1 };
}

function move(state: RollState, id: number, step: number, rowIndex: number): RollState {
  const target = clamp(rowIndex, 0, state.rows.length - 1);
  const row = state.rows[target]!;
  const nextStep = clamp(Math.round(step), 0, STEPS_PER_SEGMENT - 1);
  const moved = updateNote(state, id, (note) => {
    const { drum: _drum, ...rest } = note;
    // A note keeps its length but never reaches past the segment's end by being moved.
    return { ...rest, step: nextStep, length: Math.min(note.length, STEPS_PER_SEGMENT - nextStep), ...onRow(row) };
  });
  return { ...moved, cursor: { step: nextStep, row: target } };
}

function resize(state: RollState, id: number, length: number): RollState {
  return updateNote(state, id, (note) => ({ ...note, length: clamp(length, MIN_LENGTH, STEPS_PER_SEGMENT - note.step) }));
}

/** Keyboard editing: arrows move the selected note (shift+left/right resize it) or the cursor; Enter adds. */
function key(state: RollState, name: string, shift: boolean): RollState {
  const note = state.notes.find((candidate) => candidate.id === state.selected);
  const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[name] as [number, number] | undefined;
  if (name === "Enter") return add(state, state.cursor.step, state.cursor.row);
  if (name === "Escape") return { ...state, selected: null };
  if ((name === "Delete" || name === "Backspace") && note) return rollReducer(state, { type: "delete", id: note.id });
  if (!delta) return state;
  const [dStep, dRow] = delta;
  if (note && shift && dStep !== 0) return resize(state, note.id, Math.max(1, Math.round(note.length + dStep)));
  if (note) return move(state, note.id, note.step + dStep, rowOf(state, note) + dRow);
  return { ...state, cursor: { step: clamp(state.cursor.step + dStep, 0, STEPS_PER_SEGMENT - 1), row: clamp(state.cursor.row + dRow, 0, state.rows.length - 1) } };
}

/** The keys the roll uses, so the component can stop the page from scrolling on them. */
export const ROLL_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", "Escape", "Delete", "Backspace"]);

export function rollReducer(state: RollState, action: RollAction): RollState {
  switch (action.type) {
    case "add":
      return add(state, action.step, action.row);
    case "select": {
      const note = state.notes.find((candidate) => candidate.id === action.id);
      return { ...state, selected: note ? note.id : null, cursor: note ? { step: note.step, row: Math.max(0, rowOf(state, note)) } : state.cursor };
    }
    case "move":
      return move(state, action.id, action.step, action.row);
    case "resize":
      return resize(state, action.id, action.length);
    case "delete":
      return { ...state, notes: state.notes.filter((note) => note.id !== action.id), selected: state.selected === action.id ? null : state.selected };
    case "velocity":
      return updateNote(state, action.id, (note) => ({ ...note, velocity: clamp(Math.round(action.velocity), 1, 127) }));
    case "cursor":
      return { ...state, cursor: { step: clamp(action.step, 0, STEPS_PER_SEGMENT - 1), row: clamp(action.row, 0, state.rows.length - 1) } };
    case "key":
      return key(state, action.key, action.shift);
  }
}

/** The notes to save: without the editor's ids, in step then pitch order. */
export function toNotes(state: Pick<RollState, "notes">): Note[] {
  return state.notes
    .map(({ id: _id, ...note }) => note)
    .sort((a, b) => a.step - b.step || a.pitch - b.pitch);
}

/** A short description of a note for screen readers and the status line. */
export function describeNote(state: Pick<RollState, "rows" | "part">, note: Note): string {
  const row = state.rows[rowOf(state, note)];
  return `${row?.label ?? noteName(note.pitch)} at step ${note.step + 1}, length ${note.length}, velocity ${note.velocity}`;
}
