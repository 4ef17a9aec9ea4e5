// GET /api/song/{id}/dolby/track (spec 2 §4, §7): the song's mastering files (dolby_previews,
// dolby_master) with their statuses and metadata. `poll` says whether to ask again in 2.5 s: while any
// file is neither ready nor waiting, and none has failed.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireMasteringSong, trackMastering } from "~/services/mastering/index.server";
import { IdSchema } from "~/utils/input-schemas";

const LoudnessSchema = z.object({ lufs: z.number(), truePeakDb: z.number() });

export const MasteringFileSchema = z.object({
  type: z.enum(["dolby_previews", "dolby_master"]),
  status: z.enum(["waiting", "queued", "processing", "ready", "failed"]),
  songVersion: z.number(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  previews: z
    .object({
      sampleStartSeconds: z.number(),
      sampleSeconds: z.number(),
      original: z.object({ url: z.string(), after: LoudnessSchema, spectrum: z.array(z.number()) }).nullable(),
      items: z.array(
        z.object({
          letter: z.string(),
          name: z.string(),
          character: z.string(),
          url: z.string(),
          before: LoudnessSchema,
          after: LoudnessSchema,
          spectrum: z.array(z.number()),
          spectrumSvg: z.string(),
        }),
      ),
    })
    .optional(),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/dolby/track",
  summary: "Track a song's mastering previews and master",
  tags: ["mastering"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The files", schema: z.object({ files: z.array(MasteringFileSchema), poll: z.boolean() }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireMasteringSong(request, params.id);
  return trackMastering(song.id);
});
