// App-wide constants from the specification (spec 3 §9). Shared by server and browser code.

/** The client build version the API reports and every response carries in the Client-Build header. */
export const CLIENT_BUILD = "2.67.2";

/** A pending navigation shows the page loader only after this delay, so fast pages never flash it. */
export const PAGE_LOADER_DELAY_MS = 400;
/** A pending navigation that takes longer than this gives up and shows the timeout page. */
export const PAGE_LOAD_TIMEOUT_MS = 10_000;

/** The promo banner appears at most this many times on pages other than Home (counted per browser). */
export const ADVERT_MAX_VIEWS = 5;

/** The message of the timeout page and of failed page loads (spec 3 §8). */
export const PAGE_LOAD_FAILED_MESSAGE = "We could not load this page... please try again";

export const SUPPORT_EMAIL = "support@songloom.app";
