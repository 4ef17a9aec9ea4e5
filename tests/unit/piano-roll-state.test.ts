// The piano roll's editing rules: adding, moving, resizing and deleting notes with the pointer and the
// keyboard, velocity, the rows fitted to a part, and the notes handed to Save.
import { initRoll, rollReducer, rowOf, rowsFor, toNotes, type RollAction, type RollState } from "~/components/edit/piano-roll-state";
import type { Note } from "~/engine/types";

const bass: Note[] = [
  { step: 0, micro: 0.1, length: 4, pitch: 40, velocity: 90 },
  { step: 8, micro: 0, length: 2, pitch: 43, velocity: 80 },
];
const drums: Note[] = [
  { step: 0, micro: 0, length: 1, pitch: 36, velocity: 110, drum: "kick" },
  { step: 4, micro: 0, length: 1, pitch: 40, velocity: 100, drum: "snare" },
];

const run = (state: RollState, ...actions: RollAction[]) => actions.reduce(rollReducer, state);
const rowOfPitch = (state: RollState, pitch: number) => state.rows.findIndex((row) => row.pitch === pitch);

describe("rows", () => {
  test("a pitched part shows at least two octaves, highest first, widened to fit every note", () => {
    const rows = rowsFor("bass", [{ step: 0, micro: 0, length: 1, pitch: 70, velocity: 100 }]);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows[0].pitch).toBe(72);
    expect(rows.at(-1)!.pitch).toBe(28);
    expect(rows.find((row) => row.pitch === 60)?.label).toBe("C4");
  });

  test("row labels follow the song's key when its pitch names are given (Db in Ab major), sharps otherwise", () => {
    const flats = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"];
    const rows = rowsFor("lead", [], flats);
    expect(rows.find((row) => row.pitch === 61)?.label).toBe("Db4");
    expect(rowsFor("lead", []).find((row) => row.pitch === 61)?.label).toBe("C#4");
  });

  test("drums get one row per drum kind, with the pitch the song uses for it", () => {
    const rows = rowsFor("drums", drums);
    expect(rows.map((row) => row.drum)).toEqual(["open_hat", "closed_hat", "auxiliary", "snare", "kick"]);
    expect(rows.find((row) => row.drum === "snare")?.pitch).toBe(40);
    expect(rows.find((row) => row.drum === "kick")?.pitch).toBe(36);
  });
});

describe("pointer edits", () => {
  test("clicking an empty cell adds a selected note there; clicking a note's start selects it instead", () => {
    const state = initRoll("bass", bass);
    const row = rowOfPitch(state, 45);
    const added = run(state, { type: "add", step: 12, row });
    expect(added.notes).toHaveLength(3);
    const note = added.notes.find((candidate) => candidate.id === added.selected)!;
    expect(note).toMatchObject({ step: 12, pitch: 45, length: 2, velocity: 100, micro: 0 });
    const again = run(added, { type: "add", step: 0, row: rowOfPitch(state, 40) });
    expect(again.notes).toHaveLength(3);
    expect(again.selected).toBe(1);
  });

  test("dragging moves a note to a new step and pitch, clamped to the grid and kept inside the segment", () => {
    const state = initRoll("bass", bass);
    const moved = run(state, { type: "move", id: 1, step: 30, row: rowOfPitch(state, 47) });
    expect(toNotes(moved).find((note) => note.pitch === 47)).toMatchObject({ step: 30, length: 2, micro: 0.1 });
    const clamped = run(state, { type: "move", id: 2, step: -5, row: 999 });
    expect(clamped.notes[1]).toMatchObject({ step: 0, pitch: state.rows.at(-1)!.pitch });
  });

  test("a drum note dragged to another row becomes that drum", () => {
    const state = initRoll("drums", drums);
    const hat = state.rows.findIndex((row) => row.drum === "closed_hat");
    const moved = run(state, { type: "move", id: 2, step: 6, row: hat });
    expect(moved.notes[1]).toMatchObject({ step: 6, drum: "closed_hat", pitch: 42 });
  });

  test("resizing keeps a length between a 64th and the segment's end", () => {
    const state = initRoll("bass", bass);
    expect(run(state, { type: "resize", id: 2, length: 6 }).notes[1].length).toBe(6);
    expect(run(state, { type: "resize", id: 2, length: 100 }).notes[1].length).toBe(24);
    expect(run(state, { type: "resize", id: 2, length: 0 }).notes[1].length).toBe(0.25);
  });

  test("velocity is a whole number from 1 to 127", () => {
    const state = initRoll("bass", bass);
    expect(run(state, { type: "velocity", id: 1, velocity: 64.4 }).notes[0].velocity).toBe(64);
    expect(run(state, { type: "velocity", id: 1, velocity: 0 }).notes[0].velocity).toBe(1);
    expect(run(state, { type: "velocity", id: 1, velocity: 300 }).notes[0].velocity).toBe(127);
  });
});

describe("keyboard", () => {
  test("arrows move the selected note; shift+arrows resize it; Delete removes it", () => {
    const state = run(initRoll("bass", bass), { type: "select", id: 2 });
    const right = run(state, { type: "key", key: "ArrowRight", shift: false }, { type: "key", key: "ArrowUp", shift: false });
    expect(right.notes[1]).toMatchObject({ step: 9, pitch: 44 });
    const longer = run(state, { type: "key", key: "ArrowRight", shift: true });
    expect(longer.notes[1]).toMatchObject({ step: 8, length: 3 });
    const shorter = run(state, { type: "key", key: "ArrowLeft", shift: true }, { type: "key", key: "ArrowLeft", shift: true });
    expect(shorter.notes[1].length).toBe(1);
    const deleted = run(state, { type: "key", key: "Delete", shift: false });
    expect(deleted.notes.map((note) => note.id)).toEqual([1]);
    expect(deleted.selected).toBeNull();
    expect(run(state, { type: "key", key: "Backspace", shift: false }).notes).toHaveLength(1);
  });

  test("with nothing selected the arrows move the cursor and Enter adds a note at it", () => {
    const state = initRoll("drums", drums);
    const moved = run(state, { type: "key", key: "ArrowRight", shift: false }, { type: "key", key: "ArrowRight", shift: false }, { type: "key", key: "ArrowDown", shift: false });
    expect(moved.cursor).toEqual({ step: 2, row: 1 });
    const added = run(moved, { type: "key", key: "Enter", shift: false });
    expect(added.notes.at(-1)).toMatchObject({ step: 2, drum: "closed_hat", pitch: 42, length: 1 });
    const stuck = run(state, { type: "key", key: "ArrowLeft", shift: false }, { type: "key", key: "ArrowUp", shift: false });
    expect(stuck.cursor).toEqual({ step: 0, row: 0 });
  });

  test("Escape clears the selection, so arrows go back to the cursor", () => {
    const state = run(initRoll("bass", bass), { type: "select", id: 1 }, { type: "key", key: "Escape", shift: false });
    expect(state.selected).toBeNull();
    const after = run(state, { type: "key", key: "ArrowRight", shift: false });
    expect(after.notes[0].step).toBe(0);
    expect(after.cursor.step).toBe(1);
  });
});

test("toNotes gives the notes to save sorted, without the editor's ids, keeping micro timing", () => {
  const state = run(initRoll("bass", bass), { type: "move", id: 1, step: 10, row: 0 });
  const notes = toNotes(state);
  expect(notes.map((note) => note.step)).toEqual([8, 10]);
  expect(notes[1]).toEqual({ step: 10, micro: 0.1, length: 4, pitch: state.rows[0].pitch, velocity: 90 });
  expect(rowOf(state, notes[1])).toBe(0);
});
