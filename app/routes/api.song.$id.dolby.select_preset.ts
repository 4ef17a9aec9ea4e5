// POST /api/song/{id}/dolby/select_preset (spec 2 §4, §7): the preset (a–n) the song will be mastered
// with, chosen from its ready previews. 409 ERROR_PRESET_SELECTION before the previews are ready, or
// once a master is being made.
import { z } from "zod";
import { PRESET_LETTERS } from "~/engine/master/presets";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireMasteringSong, selectPreset } from "~/services/mastering/index.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/dolby/select_preset",
  summary: "Choose the mastering preset",
  tags: ["mastering"],
  request: { params: z.object({ id: IdSchema }), body: z.object({ preset: z.enum(PRESET_LETTERS, "One of the presets a to n") }) },
  responses: {
    200: {
      description: "The chosen preset and the master's settings",
      schema: z.object({ preset: z.string(), intensity: z.number(), platform: z.string(), targetLufs: z.number() }),
    },
    400: { description: "Not a preset letter" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
    409: { description: "ERROR_PRESET_SELECTION: the previews are not ready, or a master is already being made" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const { user, song } = await requireMasteringSong(request, params.id);
  return selectPreset(song, user.id, body.preset);
});
