// POST /api/track_songs (spec 1 §4, §7): statuses of songs being generated. The client polls every 2.5 s
// and stops only on a 400, which is what an id that is not one of the user's songs gets.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongStatusSchema, SongSummarySchema } from "~/services/songs/api-schemas";
import { VocalStateSchema } from "~/services/vocals/take-api-schemas";
import { trackSongs } from "~/services/songs/create.server";
import { IdSchema } from "~/utils/input-schemas";

const songIds = z.preprocess(
  // A form sends one id per field, or a comma-separated list.
  (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
  z.array(IdSchema).min(1, "Send at least one song id.").max(50, "Track at most 50 songs at once."),
);

const TrackSchema = z.object({
  songIds,
  vocals: z.preprocess((value) => (typeof value === "string" ? value === "true" || value === "1" : value), z.boolean().optional()),
});

const TrackedSchema = z.object({
  songs: z.array(
    z.object({
      id: z.string(),
      status: z.union([SongStatusSchema, z.literal("timeout")]).describe("timeout: failed, or not complete after 10 minutes"),
      song: SongSummarySchema.nullable().describe("The song once complete"),
      previewUrl: z.string().nullable().describe("While it renders: an MP3 of its first seconds, once made"),
      vocal: VocalStateSchema.nullable().optional().describe("With vocals: the song's newest vocal (the pending vocal until applied)"),
    }),
  ),
});

const operation = registerApiOperation({
  method: "POST",
  path: "/api/track_songs",
  summary: "Statuses of songs being generated",
  description: "With vocals, each song also reports its newest vocal: the client tracks a pending vocal until `applied` (spec 1 §4).",
  tags: ["songs"],
  request: { body: TrackSchema },
  responses: {
    200: { description: "One entry per id, in the order asked", schema: TrackedSchema },
    400: { description: "songIds missing, malformed, or not the user's songs: stop polling" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  return { songs: await trackSongs(user, body.songIds, { vocals: body.vocals }) };
});
