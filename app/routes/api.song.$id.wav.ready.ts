// GET /api/song/{id}/wav/ready (spec 1 §4, §7): the WAV export's state for the version the song plays
// now, with the download URL once it is ready. Polled every 2 s for at most 60 s.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { wavReadiness } from "~/services/songs/wav.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/wav/ready",
  summary: "Whether the WAV of a song is ready",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: {
      description: "The export's state",
      schema: z.object({ status: z.enum(["none", "fetching", "ready", "error"]), url: z.string().optional() }),
    },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return wavReadiness(song);
});
