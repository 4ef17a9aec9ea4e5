// Input that PostgreSQL would refuse (NUL in text, malformed ids) is bad input, answered with a field
// error, never a failed query and a 500.
import { SaveSongSchema } from "~/services/songs/save-schema";
import { IdSchema, typedText } from "~/utils/input-schemas";

test("ids are the characters our ids are made of, and nothing else", () => {
  expect(IdSchema.safeParse("k3v9x0q1w2e3r4t5y6u7i8o9").success).toBe(true);
  expect(IdSchema.safeParse("0123456789abcdef").success).toBe(true);
  for (const bad of ["", "\u0000zz", "../etc/passwd", "a b", "x".repeat(65)]) {
    expect(IdSchema.safeParse(bad).success, bad).toBe(false);
  }
});

test("typed text takes any character but NUL", () => {
  expect(typedText().safeParse("Café – «Nuit» 🎵").success).toBe(true);
  const result = typedText().safeParse("a\u0000b");
  expect(result.success).toBe(false);
  expect(result.error?.issues[0].message).toBe("Contains a character that is not allowed.");
});

test("a song name with NUL is refused with a field error", () => {
  const result = SaveSongSchema.safeParse({ songName: "Night\u0000Bus" });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0].path).toEqual(["songName"]);
});

test("isPossibleId: ids from URLs that cannot exist are told apart before any query", async () => {
  const { isPossibleId } = await import("~/utils/input-schemas");
  expect(isPossibleId("k3x9q2m8v7c4b1n5z6a0s2d4")).toBe(true);
  expect(isPossibleId("a\u0000b")).toBe(false);
  expect(isPossibleId("a, b")).toBe(false);
  expect(isPossibleId("")).toBe(false);
  expect(isPossibleId("x".repeat(65))).toBe(false);
});

test("the save API, the create page and the info page share one name limit (app/utils/field-limits.ts)", async () => {
  const { SONG_NAME_MAX, ARTIST_NAME_MAX } = await import("~/utils/field-limits");
  const { CreatePageActionSchema } = await import("~/server/create-flow.server");
  const { SongInfoSchema } = await import("~/services/songs/info.server");
  const longest = { songName: "n".repeat(SONG_NAME_MAX), artistName: "a".repeat(ARTIST_NAME_MAX) };
  const tooLong = { songName: "n".repeat(SONG_NAME_MAX + 1), artistName: "a".repeat(ARTIST_NAME_MAX + 1) };
  expect(SaveSongSchema.safeParse(longest).success).toBe(true);
  const refused = SaveSongSchema.safeParse(tooLong);
  expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ["songName", `The song name can be at most ${SONG_NAME_MAX} characters.`],
    ["artistName", `The artist name can be at most ${ARTIST_NAME_MAX} characters.`],
  ]);
  const save = (songName: string) => CreatePageActionSchema.safeParse({ intent: "save", songId: "k3v9x0q1w2e3r4t5y6u7i8o9", songName }).success;
  expect([save(longest.songName), save(tooLong.songName)]).toEqual([true, false]);
  expect(SongInfoSchema.shape.songName.safeParse(tooLong.songName).success).toBe(false);
  expect(SongInfoSchema.shape.songName.safeParse(longest.songName).success).toBe(true);
  // The two server modules pull in the database and engine layers on first import: seconds on a busy machine.
}, 30_000);
