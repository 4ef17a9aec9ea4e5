// The JSON shape of a public song in lists (homepage tracks, tag songs).
import { z } from "zod";

export const PublicSongSchema = z.object({
  id: z.string(),
  songName: z.string(),
  artistName: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  audioUrl: z.string(),
  peaks: z.array(z.number()).nullable(),
  tags: z.array(z.string()),
  shareUrl: z.string(),
});
