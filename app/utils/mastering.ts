// What the mastering page and its server share, safe in the browser: the error codes (spec 2 §8) with the
// words the page shows for each (each produced by one real failure path, named beside it; docs/mastering.md
// has the table), the four steps and the tracking poll's interval.

export const MASTERING_ERRORS = {
  /** A preset chosen that is not one of a–n, or before the previews are ready. */
  ERROR_PRESET_SELECTION: "That preset could not be chosen. Pick one of the previews once they are ready.",
  /** The song's WAV could not be prepared for the previews (its export failed): trying again may work. */
  ERROR_LOADING_PREVIEW: "The previews could not be made from this song just now. Try again.",
  /** The previews job failed on every attempt. */
  ERROR_LOADING_PREVIEW_UNRECOVERABLE: "The previews of this song could not be made. Please contact support@songloom.test and we will look into it.",
  /** The mastering product is not on sale (no price configured) or could not be loaded. */
  ERROR_LOADING_PRODUCT: "Mastering could not be loaded. Refresh the page to try again.",
  /** The master could not start: the song changed since its previews, or a paid purchase is missing. */
  ERROR_PROCESSING: "Your song could not be mastered right now. Check the steps above and try again.",
  /** The master job failed on every attempt. */
  ERROR_PROCESSING_UNRECOVERABLE: "Your song could not be mastered. Please contact support@songloom.test: your purchase is safe and we will finish it.",
} as const;

export type MasteringErrorCode = keyof typeof MASTERING_ERRORS;

export const isMasteringErrorCode = (code: unknown): code is MasteringErrorCode => typeof code === "string" && code in MASTERING_ERRORS;

export const MASTERING_STEPS = ["Song Sample", "Select Preview", "Checkout", "Master Song"] as const;

/** The pages poll the tracking call this often (spec 2 §9). */
export const POLL_MS = 2500;
