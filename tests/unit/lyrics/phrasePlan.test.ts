import { phrasePlan } from "~/engine/lyrics";
import { secondsPer16th } from "~/engine/theory/rhythm";
import { STEPS_PER_SEGMENT } from "~/engine/types";
import { composition, SONGS } from "./compositions";

describe("phrase plan of a real composition", () => {
  it.each(SONGS)("$style / $filter: phrases sit inside their sections, in order, with singable targets", ({ style, filter }) => {
    const song = composition(style, filter);
    const plan = phrasePlan(song);
    const segmentSeconds = secondsPer16th(song.tempo) * STEPS_PER_SEGMENT;
    expect(plan.tempo).toBe(song.tempo);
    expect(plan.durationSeconds).toBeCloseTo(song.segments.length * segmentSeconds, 2);
    expect(plan.sections.some((section) => section.type === "verse")).toBe(true);
    expect(plan.sections.some((section) => section.type === "chorus")).toBe(true);
    let previousEnd = 0;
    for (const section of plan.sections) {
      expect(section.phrases.length).toBeGreaterThan(0);
      for (const phrase of section.phrases) {
        expect(phrase.start).toBeGreaterThanOrEqual(section.start - 1e-3);
        expect(phrase.end).toBeLessThanOrEqual(section.end + 1e-3);
        expect(phrase.end).toBeGreaterThan(phrase.start);
        expect(phrase.start).toBeGreaterThanOrEqual(previousEnd - 1e-3);
        expect(phrase.syllableTarget).toBeGreaterThanOrEqual(4);
        expect(phrase.syllableTarget).toBeLessThanOrEqual(12);
        expect(phrase.syllableLimit).toBeGreaterThanOrEqual(phrase.syllableTarget);
        previousEnd = phrase.end;
      }
    }
  });

  it("gives the intro no lines and a verse one line per 2-bar segment, targeted at the lead's notes", () => {
    const song = composition("wd_lofi", "rainy_nights");
    const plan = phrasePlan(song);
    const intro = song.sections.find((section) => section.kind === "intro")!;
    const introEnd = (intro.startSegment + intro.segmentCount) * secondsPer16th(song.tempo) * STEPS_PER_SEGMENT;
    expect(plan.sections.every((section) => section.start >= introEnd - 1e-3)).toBe(true);

    const firstVerse = plan.sections.find((section) => section.type === "verse")!;
    const verseSegments = song.sections.find((section) => section.kind === "verse")!;
    for (const phrase of firstVerse.phrases) {
      const leadNotes = song.segments[phrase.segment].parts.lead?.length ?? 0;
      expect(phrase.segment).toBeGreaterThanOrEqual(verseSegments.startSegment);
      if (leadNotes >= 4) expect(phrase.syllableTarget).toBe(Math.min(12, leadNotes));
    }
    const segmentsWithLines = new Set(firstVerse.phrases.map((phrase) => phrase.segment));
    expect(segmentsWithLines.size).toBe(firstVerse.phrases.length);
  });

  it("hands the end of a long verse to a pre-chorus and gives every chorus the same targets", () => {
    for (const { style, filter } of SONGS) {
      const plan = phrasePlan(composition(style, filter));
      const choruses = plan.sections.filter((section) => section.type === "chorus");
      for (const chorus of choruses) {
        chorus.phrases.forEach((phrase, line) => {
          for (const other of choruses) if (other.phrases[line]) expect(other.phrases[line].syllableTarget).toBe(phrase.syllableTarget);
        });
      }
      plan.sections.forEach((section, index) => {
        if (section.type === "pre_chorus") expect(plan.sections[index + 1]?.type).toBe("chorus");
      });
    }
    const lofi = phrasePlan(composition("wd_lofi", "rainy_nights"));
    expect(lofi.sections.map((section) => section.type)).toContain("pre_chorus");
  });
});
