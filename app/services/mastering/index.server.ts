// What routes import: the public surface (index.ts) behind a `.server` name, so the browser build leaves
// it (and the database, jobs and engine behind it) out of route bundles.
export * from "./index";
