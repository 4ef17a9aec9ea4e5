// POST /api/song/{id}/generative_vocals/save (spec 1 §4 "Generated vocals", §7 Vocals): the newest completed
// generated vocal goes on the song, as a "vocals" version (applyVocal): 202 (409 generative_vocal_invalid_status
// while the newest one is not completed), then the client tracks the
// pending vocal (GET /api/song/{id}/generative_vocals → applied) every 2.5 s.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { saveGenerativeVocal } from "~/services/vocals/generative-vocals.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/generative_vocals/save",
  summary: "Put the reviewed generated vocal on the song",
  tags: ["vocals"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    202: { description: "The song's vocals version is queued", schema: z.object({ status: z.literal("pending"), vocal_id: z.string() }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the song is locked or mastered" },
    404: { description: "Not one of the user's songs, or no finished generated vocal" },
    409: { description: "The song is still being created, or generative_vocal_invalid_status: the newest generated vocal is still being sung or failed" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => saveGenerativeVocal((await requireEditableSong(request, params.id)).song));
