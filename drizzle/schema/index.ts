// The whole schema, one `export *` per domain file (column helpers live in ./columns and are imported
// directly). drizzle-kit and `db` both read this file, so a table that is not exported here does not exist.
export * from "./catalogue";
export * from "./relations";
export * from "./auth";
export * from "./access";
export * from "./faq";
export * from "./songs";
export * from "./billing";
export * from "./vocals";
export * from "./security";
export * from "./mastering";
export * from "./admin";
export * from "./money";
export * from "./releases";
export * from "./review";
export * from "./distribution";
export * from "./labs";
export * from "./royalties";
export * from "./email-changes";
export * from "./onboarding";
export * from "./page-versions";
export * from "./platform";
