export { arrangeSegments, CompositionEditError, editedCompositionId, withSegmentNotes } from "./notes";
