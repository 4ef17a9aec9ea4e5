// The composer's public surface.
export { compose, resolveFilter } from "./compose";
export { produce } from "./produce";
export { scheduleTracks, type SoundLookups } from "./schedule";
export { describeComposition, type CompositionDescription } from "./describe";
export { compositionId, productionId } from "./ids";
export { readNotes, type NotesNudges, type Mood } from "./notesKeywords";
export { fitArrangement, targetBars, TARGET_SONG_SECONDS, SONG_BARS } from "./arrangement";
