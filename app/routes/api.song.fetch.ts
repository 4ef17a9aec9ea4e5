// POST /api/song/fetch (spec 1 §7): a pre-generated song of the filter, or 204 when none is ready.
// Behind the enable_song_fetch flag: off, the call answers 403 feature_disabled.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireFeatureFlag, requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongResponseSchema } from "~/services/songs/api-schemas";
import { CREATION_API_VERSION, fetchPooledSong } from "~/services/songs/create.server";

const FetchSchema = z.object({
  api_version: z.coerce.number().int().refine((value) => value === CREATION_API_VERSION, "api_version must be 3").default(CREATION_API_VERSION),
  filter: z.string().trim().min(1, "Choose a filter."),
});

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/fetch",
  summary: "Take a pre-generated song of a filter",
  description: "The song becomes the caller's. 204 when the filter's pool has no finished song; it is refilled in the background.",
  tags: ["songs"],
  request: { body: FetchSchema },
  responses: {
    200: { description: "A finished song, now the caller's", schema: SongResponseSchema },
    204: { description: "No song is available right now" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or enable_song_fetch is off" },
    429: { description: "Daily creation limit reached" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  await requireFeatureFlag(request, "enable_song_fetch");
  const song = await fetchPooledSong(user, body.filter);
  if (!song) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  return { song };
});
