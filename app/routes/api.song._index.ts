// POST /api/song (spec 1 §7): creates a batch of songs, or one rewrite/reproduce/render, through the
// same service and schema as the create page's action.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongSummarySchema } from "~/services/songs/api-schemas";
import { createSongs, CreateSongSchema } from "~/services/songs/create.server";

const CreatedSchema = z.object({
  batchId: z.string(),
  songs: z.array(SongSummarySchema).describe("In generation order; pre-generated songs may already be complete"),
});

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song",
  summary: "Create songs from a style and a filter",
  description:
    "Creates `songs` (default 3) songs, or one song when re_p (rewrite), re_c (reproduce) or both (render) are given. " +
    "Track them with POST /api/track_songs. 400 when style or filter is missing (\"No style or filter has been set.\") " +
    "or a field is invalid; 429 over the plan's daily creation limit.",
  tags: ["songs"],
  // Style and filter are optional here so that a missing one reaches the service, which answers with the
  // spec's own message; parsing the parsed body again there gives the same values.
  request: { body: CreateSongSchema },
  responses: {
    201: { description: "The songs, queued (or already complete)", schema: CreatedSchema },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    429: { description: "Daily creation limit reached" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  return createSongs(user, body);
});
