// Which parts play in a segment. Contrast makes a chorus feel big (MUSIC.md), so each section kind brings in
// its own layers; intensity adds or removes the optional ones (pad and arp outside the chorus).
import type { PartName } from "../types";
import type { SegmentPlan } from "./songPlan";

/** full: the groove; light: hats and percussion only (no kick or snare); none: silent. */
export type DrumMode = "full" | "light" | "none";

export interface SegmentLayers {
  parts: Set<PartName>;
  drums: DrumMode;
}

export function layersFor(segment: SegmentPlan, songParts: readonly PartName[], intensity: number): SegmentLayers {
  const firstHalf = segment.indexInSection < segment.sectionSegments / 2;
  const lastSegment = segment.indexInSection === segment.sectionSegments - 1;
  const rich = intensity >= 7;
  const spare = intensity <= 3;
  let parts: PartName[];
  let drums: DrumMode;
  switch (segment.section) {
    case "intro":
      parts = ["chords", "pad"];
      drums = firstHalf ? "none" : "light";
      break;
    case "verse":
      // The verse leaves the pad and arp to the chorus (contrast is what makes a chorus big), except at
      // high intensity, where the second verse already carries the pad.
      parts = ["drums", "bass", "chords", "lead"];
      if (rich && segment.sectionNumber > 0) parts.push("pad");
      drums = "full";
      break;
    case "chorus":
    case "drop":
      parts = ["drums", "bass", "chords", "lead", "pad", "arp"];
      drums = "full";
      break;
    case "break":
      parts = ["chords", "pad", "arp"];
      drums = lastSegment && !spare ? "light" : "none";
      break;
    case "bridge":
      parts = ["drums", "bass", "chords", "pad", "arp"];
      drums = "light";
      break;
    case "outro":
      parts = lastSegment ? ["chords", "pad"] : ["drums", "bass", "chords", "pad"];
      drums = lastSegment ? "none" : firstHalf ? "full" : "light";
      break;
  }
  // A song with drums keeps its time-keeper (compose/drumPart.ts) where the kit rests, except on the last
  // segment of the song: the drum writer is called with drums "none" and writes only that soft pulse.
  const ending = segment.section === "outro" && lastSegment;
  if (drums !== "none" || !ending) parts.push("drums");
  return { parts: new Set(parts.filter((part) => songParts.includes(part))), drums: songParts.includes("drums") ? drums : "none" };
}
