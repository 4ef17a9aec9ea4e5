// Length limits of the release form (shared by the server's schema and the pages that show them; see
// field-limits.ts for why pages cannot take them from *.server modules).
export const RELEASE_TITLE_MAX = 100;
export const RELEASE_ARTIST_MAX = 80;
export const RELEASE_CREDIT_MAX = 200;
/** Characters of a generated-art prompt (spec 2 §5: "has a character limit"). */
export const ART_PROMPT_MAX = 200;
