// Songloom Labs in the library (spec 2 §2, §6, §7). A .server module so pages only reach it from loaders
// and actions.
export * from "./generations";
export * from "./schemas";
export * from "./access";
