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

/** GET /api/song/{id}: the summary plus spec 1 §3's other song fields (app/services/song-details). */
export const SongDetailsSchema = SongSummarySchema.extend({
  user: z.string().describe("The owner's public name (display name)"),
  smartLink: z.string().describe("Absolute URL of the song's public share page"),
  streamUrl: z.string().nullable().describe("Absolute URL of the MP3 that plays (master > merged > plain); null until complete"),
  audioFile: z.enum(["master", "merged", "plain"]).nullable().describe("Which file streamUrl plays: the master of this version, else the mix with its vocal, else the instrumental"),
  releaseTrackableId: z.string().nullable().describe("The live release the song is tracked under; null until released"),
  type: z.enum(["create", "rewrite", "reproduce", "render", "pool"]).describe("How the song was made"),
}).meta({ id: "SongDetails" });

export const SongDetailsResponseSchema = z.object({ song: SongDetailsSchema });
