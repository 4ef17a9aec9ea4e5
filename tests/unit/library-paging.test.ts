// The library's links keep its query string (spec 2 §2): page, itemsPerPage, search and tag.
import { EMPTY_LIST, LOAD_FAILED, libraryHref } from "~/utils/library-paging";

const state = { tab: "songs" as const, query: "rain", tag: "lo fi", page: 2, itemsPerPage: 25 };

test("changing one parameter keeps the others", () => {
  expect(libraryHref(state, { page: 3 })).toBe("/library?tab=songs&query=rain&tag=lo+fi&page=3&itemsPerPage=25");
  expect(libraryHref(state, { itemsPerPage: 10, page: 1 })).toBe("/library?tab=songs&query=rain&tag=lo+fi&itemsPerPage=10");
  expect(libraryHref(state, { tag: null, page: 1 })).toBe("/library?tab=songs&query=rain&itemsPerPage=25");
});

test("the spec's list texts", () => {
  expect(EMPTY_LIST).toBe("We could not find any results.");
  expect(LOAD_FAILED).toBe("There was an error loading this data.");
});
