// The piano roll (JavaScript only): 32 steps across, the part's rows down. Click an empty cell to add a
// note, drag a note to move it, drag its right edge to resize, Delete/Backspace removes the selected one;
// the grid is also fully keyboard driven (see piano-roll-state.ts). Every rule lives in the reducer.
import { useEffect, useReducer, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { STEPS_PER_SEGMENT, type Note, type PartName } from "~/engine/types";
import { describeNote, initRoll, ROLL_KEYS, rollReducer, rowOf, toNotes } from "./piano-roll-state";

const CELL_WIDTH = 28;
const ROW_HEIGHT = 18;

interface Drag {
  id: number;
  mode: "move" | "resize";
  x: number;
  y: number;
  step: number;
  row: number;
  length: number;
}

export function PianoRoll({ part, notes, pitchNames, onChange }: { part: PartName; notes: Note[]; pitchNames?: readonly string[]; onChange: (notes: Note[]) => void }) {
  const [state, dispatch] = useReducer(rollReducer, undefined, () => initRoll(part, notes, pitchNames));
  const drag = useRef<Drag | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // The initial notes are the parent's own; only edits go back up.
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(toNotes(state));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.notes]);

  const selected = state.notes.find((note) => note.id === state.selected) ?? null;
  const width = STEPS_PER_SEGMENT * CELL_WIDTH;
  const height = state.rows.length * ROW_HEIGHT;

  function cellAt(event: PointerEvent) {
    const box = grid.current!.getBoundingClientRect();
    return { step: Math.floor((event.clientX - box.left) / CELL_WIDTH), row: Math.floor((event.clientY - box.top) / ROW_HEIGHT) };
  }

  function onGridPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== grid.current) return;
    const { step, row } = cellAt(event);
    dispatch({ type: "add", step, row });
    grid.current?.focus();
  }

  function onNotePointerDown(event: PointerEvent<HTMLDivElement>, id: number, mode: Drag["mode"]) {
    event.stopPropagation();
    event.preventDefault();
    const note = state.notes.find((candidate) => candidate.id === id);
    if (!note) return;
    dispatch({ type: "select", id });
    drag.current = { id, mode, x: event.clientX, y: event.clientY, step: note.step, row: rowOf(state, note), length: note.length };
    grid.current?.setPointerCapture(event.pointerId);
    grid.current?.focus();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const steps = Math.round((event.clientX - current.x) / CELL_WIDTH);
    const rows = Math.round((event.clientY - current.y) / ROW_HEIGHT);
    if (current.mode === "move") dispatch({ type: "move", id: current.id, step: current.step + steps, row: current.row + rows });
    else dispatch({ type: "resize", id: current.id, length: Math.max(1, Math.round(current.length + steps)) });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (drag.current && grid.current?.hasPointerCapture(event.pointerId)) grid.current.releasePointerCapture(event.pointerId);
    drag.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!ROLL_KEYS.has(event.key)) return;
    event.preventDefault();
    dispatch({ type: "key", key: event.key, shift: event.shiftKey });
  }

  return (
    <div className="space-y-3">
      <div className="flex overflow-x-auto rounded-lg border border-white/10 bg-slate-950">
        <div className="sticky left-0 z-10 shrink-0 bg-slate-900 pt-6 text-right text-[10px] text-slate-400" aria-hidden="true">
          {state.rows.map((row) => (
            <div key={`${row.pitch}-${row.drum ?? ""}`} style={{ height: ROW_HEIGHT }} className={`px-2 leading-[18px] ${row.label.startsWith("C") && !row.label.includes("#") ? "text-slate-200" : ""}`}>
              {row.label}
            </div>
          ))}
        </div>
        <div>
          <div className="flex h-6 text-[10px] text-slate-500" aria-hidden="true">
            {Array.from({ length: STEPS_PER_SEGMENT }, (_, step) => (
              <div key={step} style={{ width: CELL_WIDTH }} className={`text-center leading-6 ${step % 4 === 0 ? "text-slate-300" : ""}`}>
                {step % 4 === 0 ? step / 4 + 1 : ""}
              </div>
            ))}
          </div>
          <div
            ref={grid}
            role="application"
            aria-label={`Piano roll, ${part}: arrow keys move the cursor or the selected note, shift with left or right resizes it, Enter adds a note, Delete removes it`}
            aria-describedby="piano-roll-status"
            tabIndex={0}
            data-testid="piano-roll"
            className="relative cursor-crosshair outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
            style={{
              width,
              height,
              backgroundImage: `linear-gradient(to right, rgba(255,255,255,0.18) 1px, transparent 1px), linear-gradient(to right, rgba(255,255,255,0.06) 1px, transparent 1px), linear-gradient(to bottom, rgba(255,255,255,0.06) 1px, transparent 1px)`,
              backgroundSize: `${CELL_WIDTH * 4}px 100%, ${CELL_WIDTH}px 100%, 100% ${ROW_HEIGHT}px`,
            }}
            onPointerDown={onGridPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <div
              aria-hidden="true"
              className="pointer-events-none absolute border border-accent-400/70"
              style={{ left: state.cursor.step * CELL_WIDTH, top: state.cursor.row * ROW_HEIGHT, width: CELL_WIDTH, height: ROW_HEIGHT }}
            />
            {state.notes.map((note) => {
              const row = rowOf(state, note);
              if (row < 0) return null;
              const isSelected = note.id === state.selected;
              return (
                <div
                  key={note.id}
                  role="button"
                  aria-label={describeNote(state, note)}
                  aria-pressed={isSelected}
                  data-testid="roll-note"
                  data-step={note.step}
                  data-pitch={note.pitch}
                  className={`absolute cursor-grab rounded-sm border ${isSelected ? "border-white bg-accent-400" : "border-brand-200/40 bg-brand-500"}`}
                  style={{
                    left: note.step * CELL_WIDTH + 1,
                    top: row * ROW_HEIGHT + 1,
                    width: Math.max(6, note.length * CELL_WIDTH - 2),
                    height: ROW_HEIGHT - 2,
                    opacity: 0.45 + (note.velocity / 127) * 0.55,
                  }}
                  onPointerDown={(event) => onNotePointerDown(event, note.id, "move")}
                >
                  <div
                    aria-hidden="true"
                    data-testid="roll-note-edge"
                    className="absolute inset-y-0 right-0 w-2 cursor-ew-resize rounded-r-sm bg-white/30"
                    onPointerDown={(event) => onNotePointerDown(event, note.id, "resize")}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <p id="piano-roll-status" aria-live="polite" className="min-w-64 text-slate-300" data-testid="piano-roll-status">
          {selected ? `Selected: ${describeNote(state, selected)}` : `${state.notes.length} notes. Click a cell or press Enter to add one.`}
        </p>
        {selected ? (
          <>
            <label className="flex items-center gap-2 text-slate-300">
              Velocity
              <input
                type="range"
                min={1}
                max={127}
                value={selected.velocity}
                onChange={(event) => dispatch({ type: "velocity", id: selected.id, velocity: Number(event.target.value) })}
              />
              <span className="w-8 tabular-nums">{selected.velocity}</span>
            </label>
            <button type="button" className="rounded-md border border-white/20 px-3 py-1 text-slate-200 hover:bg-white/10" onClick={() => dispatch({ type: "delete", id: selected.id })}>
              Delete note
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
