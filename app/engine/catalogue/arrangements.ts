// Arrangement templates: the order of sections and how long each may be. The planner starts every section
// at its minimum and grows the flexible ones, a phrase at a time, until the song lasts about three minutes.
import type { ArrangementTemplate } from "./types";

export const ARRANGEMENTS: readonly ArrangementTemplate[] = [
  {
    id: "club",
    name: "Club: build, drop, break, drop",
    sections: [
      { kind: "intro", minBars: 8, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "drop", minBars: 8, maxBars: 16 },
      { kind: "break", minBars: 8, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "drop", minBars: 8, maxBars: 16 },
      { kind: "outro", minBars: 4, maxBars: 8 },
    ],
  },
  {
    id: "song",
    name: "Song: verse, chorus, bridge",
    sections: [
      { kind: "intro", minBars: 4, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "bridge", minBars: 4, maxBars: 8 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "outro", minBars: 4, maxBars: 8 },
    ],
  },
  {
    id: "trap",
    name: "Trap: hook first",
    sections: [
      { kind: "intro", minBars: 4, maxBars: 8 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "break", minBars: 4, maxBars: 4 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "outro", minBars: 4, maxBars: 8 },
    ],
  },
  {
    id: "loop",
    name: "Beat tape: loop A, loop B",
    sections: [
      { kind: "intro", minBars: 4, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "break", minBars: 4, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "outro", minBars: 4, maxBars: 8 },
    ],
  },
  {
    id: "ambient",
    name: "Ambient: slow swells",
    sections: [
      { kind: "intro", minBars: 8, maxBars: 8 },
      { kind: "verse", minBars: 8, maxBars: 16 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "break", minBars: 8, maxBars: 8 },
      { kind: "chorus", minBars: 8, maxBars: 16 },
      { kind: "outro", minBars: 8, maxBars: 8 },
    ],
  },
];
