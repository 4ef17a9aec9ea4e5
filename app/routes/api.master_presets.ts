// GET /api/master_presets (spec 2 §7): the fourteen mastering presets a–n, the platforms' loudness
// targets (with their sources) and the true-peak ceiling.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { masteringPresetList } from "~/services/mastering/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/master_presets",
  summary: "The mastering presets",
  tags: ["mastering"],
  responses: {
    200: {
      description: "Presets a–n and loudness targets",
      schema: z.object({
        presets: z.array(z.object({ letter: z.string(), id: z.string(), name: z.string(), character: z.string() })),
        platforms: z.array(z.object({ id: z.string(), name: z.string(), normalizationLufs: z.number().nullable(), targetLufs: z.number(), source: z.string() })),
        truePeakCeilingDbtp: z.number(),
      }),
    },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requireVerifiedUser(request);
  return masteringPresetList();
});
