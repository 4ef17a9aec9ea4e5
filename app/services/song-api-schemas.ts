// The JSON shapes of the song API (OpenAPI components), shared by the api.song* routes.
import { z } from "zod";

export const SongStatusSchema = z
  .enum(["queue", "composing_instrumental", "recording_instrumental", "complete", "failed"])
  .describe("Creation status; only moves forward (queue, composing_instrumental, recording_instrumental, complete)");

export const SongSummarySchema = z
  .object({
    id: z.string(),
    status: SongStatusSchema,
    songName: z.string().describe('"New Song" means unnamed'),
    artistName: z.string().nullable(),
    style: z.string(),
    filter: z.string(),
    tempo: z.number().int().nullable(),
    key: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    audioUrl: z.string().nullable().describe("MP3 of the version the song plays, on the media route once complete; supports HTTP range requests"),
    previewUrl: z.string().nullable().describe("While the song renders: an MP3 of its first seconds to start playing (progressive playback)"),
    previewSeconds: z.number().nullable(),
    peaks: z.array(z.number()).nullable().describe("Interleaved min/max pairs of the whole song, about 100 pairs"),
    saved: z.boolean(),
    private: z.boolean(),
    locked: z.boolean().describe("Saved beyond the plan's song limit"),
    compositionId: z.string().nullable().describe("Send as re_c to reproduce (same notes, new sounds)"),
    productionId: z.string().nullable().describe("Send as re_p to rewrite (new notes, same sounds)"),
    hasVocal: z.boolean().describe("The song sings with a vocal"),
    createdAt: z.string(),
  })
  .meta({ id: "SongSummary" });

export const SongResponseSchema = z.object({ song: SongSummarySchema });
