// Page sizes of the pickers (spec 1 §9), shared by the page's browser code and the server's searches (a
// .server module's exports do not reach the browser).
export const INSTRUMENT_PAGE_SIZE = 20;
/** The drum tab search shows more at once ("Tab search page size"). */
export const DRUM_TAB_PAGE_SIZE = 50;
