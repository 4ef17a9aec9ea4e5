// The spec 1 §8 error codes of generated vocals and the words the user reads for each: one list for the server
// (the POST's 422s, the job's failures, the save's 409) and the browser (the poll that turns a code into what
// the page shows). Plain data and one pure function, so the client bundle can import it (no `.server`, no
// engine imports). docs/vocals-flow.md "Generated vocals" has the table of when each code happens.

/** Spec 1 §8 "Vocal create failure": also what every generic code shows. */
export const GENERIC_VOCAL_ERROR = "Unable to create vocal track";

/** Spec 1 §8 "Vocal wait timeout": a pending vocal not on the song in time. */
export const VOCAL_TIMEOUT_MESSAGE = "Timed out waiting for vocal";

/** The codes of §8 with a message of their own (generic codes show GENERIC_VOCAL_ERROR). */
export const VOCAL_ERROR_MESSAGES = {
  // Refusals of POST …/generative_vocals (400/422), checked by generative-vocals-rules.ts.
  missing_voice_selection: "Choose a voice first.",
  at_least_one_section_error: "The lyrics need at least one section with lines.",
  lyrics_are_empty: "The lyrics are empty. Write or generate some lyrics first.",
  insufficient_language_content: "There are not enough words in the lyrics to check their language. Add a few more lines.",
  language_check_error: "Sung vocals need lyrics in English.",
  copyright_check_error: "The lyrics contain words from a protected song. Please write your own.",
  lyrics_have_not_changed: "This voice has already sung these lyrics. Change the lyrics or pick another voice.",
  invalid_syllable_count: "A line has more syllables than its phrase can carry.",
  // The job's failures (the vocal's status becomes error with the code).
  copyright_violation_error: "The lyrics now contain words from a protected song, so they were not sung. Please write your own.",
  syllable_count_error: "A line has more syllables than the melody has notes for. Shorten the line or split it.",
  vocal_melody_error: "We could not write a melody for these lyrics. Try changing a few lines.",
  // POST …/generative_vocals/save when the newest generated vocal is not finished (409).
  generative_vocal_invalid_status: "This vocal is not finished, so there is nothing to save yet.",
} as const;

export type VocalErrorCode = keyof typeof VOCAL_ERROR_MESSAGES;

/** How the page shows an error: generic (one message), content (about the lyrics), specific (its own message). */
export type VocalErrorKind = "generic" | "content" | "specific";

export interface VocalError {
  kind: VocalErrorKind;
  code: string;
  message: string;
}

/** §8 "content errors". invalid_syllable_count is listed as content and as specific: it is kept specific so its line is named. */
const CONTENT_CODES: readonly string[] = ["copyright_check_error", "insufficient_language_content", "syllable_count_error"];
/** §8 "kept as the specific error", plus missing_voice_selection (its own message: the user can act on it). */
const SPECIFIC_CODES: readonly string[] = [
  "at_least_one_section_error",
  "vocal_melody_error",
  "copyright_violation_error",
  "invalid_syllable_count",
  "lyrics_have_not_changed",
  "lyrics_are_empty",
  "missing_voice_selection",
];

/** A code's own message; undefined for generic and unknown codes. */
export function vocalErrorMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(VOCAL_ERROR_MESSAGES, code) ? VOCAL_ERROR_MESSAGES[code as VocalErrorCode] : undefined;
}

/**
 * What the page shows for a code. §8: generic_error, language_check_error (the user sees the generic error,
 * as the spec maps it), generative_vocal_invalid_status and unknown codes are the generic error; content and
 * specific codes keep a message: the server's when it sent a particular one (a line named), else the code's.
 */
export function vocalError(code: string | null | undefined, serverMessage?: string | null): VocalError {
  const key = code ?? "generic_error";
  const own = serverMessage && serverMessage !== GENERIC_VOCAL_ERROR ? serverMessage : vocalErrorMessage(key);
  if (SPECIFIC_CODES.includes(key) && own) return { kind: "specific", code: key, message: own };
  if (CONTENT_CODES.includes(key) && own) return { kind: "content", code: key, message: own };
  return { kind: "generic", code: key, message: GENERIC_VOCAL_ERROR };
}
