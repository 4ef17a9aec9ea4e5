// The body of POST /user/save/{songId} (spec 1 §7, spec 2 §7): both names optional.
import { z } from "zod";
import { typedText } from "~/utils/input-schemas";

const optionalName = (max: number) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), typedText().trim().max(max).optional());

export const SaveSongSchema = z.object({
  songName: optionalName(100).describe('Leave out (or send "New Song") to keep the song unnamed'),
  artistName: optionalName(100),
});
