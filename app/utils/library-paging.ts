// Library paging constants, shared by the server and the page (pages cannot take values from *.server
// modules: the browser gets those as empty modules).

/** Spec 2 §9: the song library's page size. */
export const LIBRARY_PAGE_SIZE = 15;
/** Spec 2 §9: the albums list's page size. */
export const RELEASES_PAGE_SIZE = 20;
/** Page sizes a person can pick (spec 2 §2's 10/25/50), plus the library's own default of 15. */
export const PAGE_SIZE_OPTIONS = [10, 15, 25, 50] as const;
/** Spec 2 §2 list texts. */
export const EMPTY_LIST = "We could not find any results.";
export const LOAD_FAILED = "There was an error loading this data.";
