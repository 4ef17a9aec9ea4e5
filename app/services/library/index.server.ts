// The library's public surface (spec 2 §2, §4, §7; spec 3 §2 tag pages). A .server module for the same
// reason as app/services/releases/index.server.ts.
export * from "./library-status";
export * from "./archive-song";
export * from "./public-songs";
export * from "./copy-song";
