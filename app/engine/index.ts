export * from "./types";
export * from "./catalogue";
export * as theory from "./theory";
export * from "./compose";
export { toMidiFile } from "./encode/midi";
