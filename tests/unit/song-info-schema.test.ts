// The one schema behind the info page and PUT /api/song/{id} (app/services/songs/info.server.ts): what a
// valid name and tag are, and how typed tags are tidied before they are stored.
import { z } from "zod";
import { SongInfoSchema } from "~/services/songs/info.server";

const parse = (input: unknown) => SongInfoSchema.safeParse(input);
const messages = (input: unknown) => {
  const result = parse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return z.flattenError(result.error).fieldErrors as Record<string, string[] | undefined>;
};

test("tags from chips, a comma-separated field or both are split, trimmed, de-duplicated ignoring case and blanks dropped", () => {
  expect(parse({ tags: ["Lo-Fi", "  late   night ", "lo-fi", ""] }).data?.tags).toEqual(["Lo-Fi", "late night"]);
  expect(parse({ tags: "dreamy, night walk,, DREAMY " }).data?.tags).toEqual(["dreamy", "night walk"]);
  expect(parse({ tags: ["café", "über 2"] }).data?.tags).toEqual(["café", "über 2"]);
  expect(parse({ tags: [] }).data?.tags).toEqual([]);
});

test("a tag is refused for other characters or more than 30 characters; more than 10 tags are refused", () => {
  expect(parse({ tags: ["R&B"] }).success).toBe(false);
  expect(parse({ tags: ["emoji 🎵"] }).success).toBe(false);
  expect(parse({ tags: ["x".repeat(30)] }).success).toBe(true);
  expect(parse({ tags: ["x".repeat(31)] }).success).toBe(false);
  expect(parse({ tags: Array.from({ length: 10 }, (_, index) => `t${index}`) }).success).toBe(true);
  expect(messages({ tags: Array.from({ length: 11 }, (_, index) => `t${index}`) }).tags).toEqual(["Use at most 10 tags."]);
  // Repeats collapse before counting, so eleven copies of one tag are one tag.
  expect(parse({ tags: Array.from({ length: 11 }, () => "same") }).data?.tags).toEqual(["same"]);
});

test("names are tidied and limited to 80 characters; every field is optional", () => {
  expect(parse({ songName: "  Night   Bus ", artistName: " Loomer " }).data).toEqual({ songName: "Night Bus", artistName: "Loomer" });
  expect(parse({ songName: "n".repeat(80) }).success).toBe(true);
  expect(messages({ songName: "n".repeat(81), artistName: "a".repeat(81) })).toEqual({
    songName: ["The song name can be at most 80 characters."],
    artistName: ["The artist name can be at most 80 characters."],
  });
  expect(parse({ songName: "bad\u0000name" }).success).toBe(false);
  expect(parse({}).data).toEqual({});
});

test("private takes booleans and the form's values; anything else is refused", () => {
  expect(parse({ private: true }).data?.private).toBe(true);
  expect(parse({ private: "on" }).data?.private).toBe(true);
  expect(parse({ private: "false" }).data?.private).toBe(false);
  expect(messages({ private: "maybe" }).private).toEqual(["Send true or false."]);
});
