// Releases (spec 2 §2–5, §7): the public surface of the domain. Routes, api routes and jobs import from here.
// It is a .server module so the browser build replaces it with an empty one: Remix's classic compiler
// parses every module a route imports, and sharp and pg-boss cannot be parsed for the browser.
export * from "./status";
export * from "./limits";
export * from "./release-form";
export * from "./find-release";
export * from "./artist-names";
export * from "./release-view";
export * from "./save-release";
export * from "./release-songs";
export * from "./submit-release";
export * from "./archive-release";
export * from "./list-releases";
export * from "./cover-art-upload";
export * from "./cover-art-request";
export * from "./generated-art";
export * from "./cover-art-access";
export * from "./release-page";
export * from "./release-loader";
export * from "./release-stats";
export * from "./api-schemas";
export * from "./limits-json";
export * from "./featured";
export * from "./download-release";
