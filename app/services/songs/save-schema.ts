// The body of POST /user/save/{songId} (spec 1 §7, spec 2 §7): both names optional.
import { z } from "zod";
import { ARTIST_NAME_MAX, SONG_NAME_MAX } from "~/utils/field-limits";
import { typedText } from "~/utils/input-schemas";

// The limits the info page and the create page use too (app/utils/field-limits.ts), so a name the API
// takes is always one the pages can show and edit.
const optionalName = (max: number, what: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    typedText().trim().max(max, `The ${what} can be at most ${max} characters.`).optional(),
  );

export const SaveSongSchema = z.object({
  songName: optionalName(SONG_NAME_MAX, "song name").describe('Leave out (or send "New Song") to keep the song unnamed'),
  artistName: optionalName(ARTIST_NAME_MAX, "artist name"),
});
