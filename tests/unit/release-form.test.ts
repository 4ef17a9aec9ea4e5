// The release form's schema (spec 2 §3, §5): explicit as the server stores it (0 clean, 1 explicit, null
// No Lyrics), None as no language (and so No Lyrics), genre from the store list (default alt), per-field errors.
import { ReleaseFormSchema } from "~/services/releases/release-form";

const base = { title: " Night  Drive ", artistName: "Loomer" };

test("defaults: genre alt, no language, No Lyrics; text is tidied", () => {
  expect(ReleaseFormSchema.parse(base)).toEqual({ title: "Night Drive", artistName: "Loomer", genre: "alt", language: null, explicit: null, coverArtCreditName: null, coverArtCreditUrl: null });
});

test("explicit: the form's words and the API's numbers both store 0 or 1", () => {
  expect(ReleaseFormSchema.parse({ ...base, language: "en", explicit: "explicit" }).explicit).toBe(1);
  expect(ReleaseFormSchema.parse({ ...base, language: "en", explicit: "clean" }).explicit).toBe(0);
  expect(ReleaseFormSchema.parse({ ...base, language: "fr", explicit: 1 }).explicit).toBe(1);
});

test("language None (or No Lyrics) means no lyrics, whatever explicit says", () => {
  for (const language of ["", "None", "No Lyrics", null]) {
    expect(ReleaseFormSchema.parse({ ...base, language, explicit: "explicit" })).toMatchObject({ language: null, explicit: null });
  }
});

test("errors name their field", () => {
  const result = ReleaseFormSchema.safeParse({ title: "", artistName: "x".repeat(81), genre: "polka", language: "xx", coverArtCreditUrl: "ftp://x" });
  expect(result.success).toBe(false);
  const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
  expect(fields).toEqual({
    title: "The title is required.",
    artistName: "The artist name can be at most 80 characters.",
    genre: "Choose a genre from the list.",
    language: "Choose a language from the list.",
    coverArtCreditUrl: "Enter a web address starting with http:// or https://.",
  });
  expect(ReleaseFormSchema.safeParse({ ...base, language: "en" }).error?.issues[0]).toMatchObject({ path: ["explicit"], message: "A release with lyrics is Explicit or Clean." });
});
