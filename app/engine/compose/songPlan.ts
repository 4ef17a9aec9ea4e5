// The song plan: every 2-bar segment with its section, its place in that section and its energy.
// The energy curve follows MUSIC.md: a sparse intro, verses that build, big choruses, a quiet break,
// the last chorus biggest, then an outro that winds down.
import type { SectionKind, SectionPlan } from "../types";

export interface SegmentPlan {
  index: number;
  section: SectionKind;
  /** Which occurrence of this section kind (0 = first). */
  sectionNumber: number;
  indexInSection: number;
  sectionSegments: number;
  /** The kind of the following section, or null at the end of the song. */
  nextSection: SectionKind | null;
  /** True for every segment of the song's final chorus or drop. */
  inLastChorus: boolean;
  /** 0..1. */
  energy: number;
}

const SECTION_ENERGY: Record<SectionKind, number> = {
  intro: 0.25,
  verse: 0.28,
  chorus: 0.88,
  drop: 0.9,
  break: 0.35,
  bridge: 0.6,
  outro: 0.35,
};

const isChorus = (kind: SectionKind) => kind === "chorus" || kind === "drop";

export function planSegments(sections: readonly SectionPlan[]): SegmentPlan[] {
  const lastChorusIndex = sections.map((section) => isChorus(section.kind)).lastIndexOf(true);
  const seen = new Map<SectionKind, number>();
  const segments: SegmentPlan[] = [];
  sections.forEach((section, sectionIndex) => {
    const sectionNumber = seen.get(section.kind) ?? 0;
    seen.set(section.kind, sectionNumber + 1);
    for (let i = 0; i < section.segmentCount; i++) {
      const progress = section.segmentCount > 1 ? i / (section.segmentCount - 1) : 0;
      segments.push({
        index: section.startSegment + i,
        section: section.kind,
        sectionNumber,
        indexInSection: i,
        sectionSegments: section.segmentCount,
        nextSection: sections[sectionIndex + 1]?.kind ?? null,
        inLastChorus: sectionIndex === lastChorusIndex,
        energy: segmentEnergy(section.kind, sectionNumber, progress, sectionIndex === lastChorusIndex),
      });
    }
  });
  return segments;
}

function segmentEnergy(kind: SectionKind, sectionNumber: number, progress: number, lastChorus: boolean): number {
  if (lastChorus) return 1;
  // Later choruses grow; later verses stay low, so that each chorus still lifts over the verse before it.
  const base = SECTION_ENERGY[kind] + (kind === "verse" ? 0 : Math.min(sectionNumber, 2) * 0.05);
  // Intros and verses build towards what follows; outros fade.
  const slope = kind === "intro" ? 0.1 : kind === "verse" ? 0.06 : kind === "outro" ? -0.2 : 0;
  return Math.round(Math.min(1, Math.max(0, base + slope * progress)) * 100) / 100;
}
