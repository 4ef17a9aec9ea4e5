// Library paging constants, shared by the server and the page (pages cannot take values from *.server
// modules: the browser gets those as empty modules).

/** Spec 2 §9: the song library's page size. */
export const LIBRARY_PAGE_SIZE = 15;
/** Spec 2 §9: the albums list's page size. */
export const RELEASES_PAGE_SIZE = 20;
/** Spec 2 §7: GET /labs/generations pages 20 by default; the library's Labs tab too. */
export const LABS_PAGE_SIZE = 20;
/** Page sizes a person can pick (spec 2 §2's 10/25/50), plus the library's own default of 15. */
export const PAGE_SIZE_OPTIONS = [10, 15, 25, 50] as const;
/** Spec 2 §2 list texts. */
export const EMPTY_LIST = "We could not find any results.";
export const LOAD_FAILED = "There was an error loading this data.";

export interface LibraryState {
  tab: "songs" | "releases" | "labs";
  query: string;
  tag: string;
  page: number;
  itemsPerPage: number;
}

/** The library URL with some parameters changed and the others kept (page 1 and empty values left out). */
export function libraryHref(state: LibraryState, changes: Partial<Record<keyof LibraryState, string | number | null>>): string {
  const values: Record<string, string | number | null> = { tab: state.tab, query: state.query || null, tag: state.tag || null, page: state.page, itemsPerPage: state.itemsPerPage, ...changes };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== "" && !(key === "page" && value === 1)) params.set(key, String(value));
  return `/library?${params}`;
}
