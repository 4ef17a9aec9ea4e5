// Editing the notes and the arrangement of a composition (the edit flow's /notes and /arrangement pages).
// Each edit returns a new composition with a content-derived id, so the edited notes are stored once and the
// production (the sounds) is untouched: "render keeps both and applies edited notes" (spec 1 §4).
import { hashId } from "../theory/hash";
import type { Composition, Note, PartName, SectionPlan, Segment } from "../types";
import { STEPS_PER_SEGMENT } from "../types";

/** The id of an edited composition: derived from what it sounds like, not from how it was made. */
export function editedCompositionId(composition: Omit<Composition, "id">): string {
  const { seed, style, filter, tempo, swing, key, segments, parts } = composition;
  return hashId({ kind: "edited-composition", seed, style, filter, tempo, swing, key, segments, parts });
}

function finish(composition: Omit<Composition, "id">): Composition {
  return { ...composition, id: editedCompositionId(composition) };
}

/** Sorted by step then pitch, so equal note sets give equal ids whatever order the editor sent them in. */
function sortNotes(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => a.step - b.step || a.pitch - b.pitch || (a.drum ?? "").localeCompare(b.drum ?? ""));
}

export class CompositionEditError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Replaces one part's notes in one segment. A part the song does not have cannot be given notes. */
export function withSegmentNotes(composition: Composition, segmentIndex: number, part: PartName, notes: Note[]): Composition {
  const segment = composition.segments[segmentIndex];
  if (!segment) throw new CompositionEditError("segment", `The song has no segment ${segmentIndex + 1}.`);
  if (!composition.parts.includes(part)) throw new CompositionEditError("part", `The song has no ${part} part.`);
  for (const note of notes) {
    if (note.step < 0 || note.step >= STEPS_PER_SEGMENT) throw new CompositionEditError("step", `A note's step must be from 0 to ${STEPS_PER_SEGMENT - 1}.`);
  }
  const segments = composition.segments.map((existing, index) =>
    index === segmentIndex ? { ...existing, parts: { ...existing.parts, [part]: sortNotes(notes) } } : existing,
  );
  const { id: _previousId, ...rest } = composition;
  return finish({ ...rest, segments });
}

/**
 * The segments in a new order: `order` lists existing segment indexes, so an index twice duplicates that
 * segment and a missing index deletes it. Sections are rebuilt from runs of the same section.
 */
export function arrangeSegments(composition: Composition, order: number[]): Composition {
  if (order.length === 0) throw new CompositionEditError("order", "A song needs at least one segment.");
  const segments: Segment[] = order.map((from, index) => {
    const segment = composition.segments[from];
    if (!segment) throw new CompositionEditError("order", `The song has no segment ${from + 1}.`);
    return { ...segment, index };
  });
  const { id: _previousId, ...rest } = composition;
  return finish({ ...rest, segments, sections: sectionsOf(segments) });
}

function sectionsOf(segments: Segment[]): SectionPlan[] {
  const sections: SectionPlan[] = [];
  let previous: Segment | null = null;
  for (const segment of segments) {
    const last = sections.at(-1);
    if (last && previous && previous.section === segment.section && previous.sectionNumber === segment.sectionNumber) {
      last.segmentCount += 1;
    } else {
      sections.push({ kind: segment.section, startSegment: segment.index, segmentCount: 1 });
    }
    previous = segment;
  }
  return sections;
}
