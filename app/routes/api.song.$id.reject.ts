// POST /api/song/{id}/reject: the listener turned the current song down (spec 1 §4, create_reject).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { rejectSong } from "~/services/library/song-library.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/reject",
  summary: "Reject a generated song",
  description: "Records a create_reject event; the song is hidden from the create flow from then on.",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "Rejected", schema: z.object({ rejected: z.literal(true) }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requireVerifiedUser(request);
  await rejectSong(user, params.id);
  return { rejected: true as const };
});
