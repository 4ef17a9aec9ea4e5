// Length limits of fields people type, shared by the server's schemas and the pages that show them.
// Pages cannot import them from *.server modules: the browser's bundle gets those as empty modules, so a
// limit taken from one is undefined once the page hydrates (a hint read "Up to , each up to letters").

export const SONG_NAME_MAX = 80;
export const ARTIST_NAME_MAX = 80;
/** Tags per song, and characters per tag. */
export const TAGS_MAX = 10;
export const TAG_MAX = 30;
/** Characters of a lyrics prompt. */
export const LYRICS_PROMPT_MAX = 500;
