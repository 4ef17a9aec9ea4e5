// PUT /api/labs/generations/{id} (spec 2 §7 updateLabsSong): the owner renames a Labs generation
// (song_name, artist_name). The library's rename form calls the same service.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LabsGenerationSchema, LabsRenameSchema, renameLabsGeneration } from "~/services/labs/index.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "PUT",
  path: "/api/labs/generations/{id}",
  summary: "Rename a Labs generation",
  description: 'Fields left out keep their value. A blank song_name or "New Song" leaves it unnamed; a blank artist_name clears it. Names up to 80 characters.',
  tags: ["library"],
  request: { params: z.object({ id: IdSchema }), body: LabsRenameSchema },
  responses: {
    200: { description: "The generation with its new names", schema: z.object({ generation: LabsGenerationSchema }) },
    400: { description: "A field is invalid (per-field messages)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or no labs access" },
    404: { description: "Not one of the user's generations" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const user = await requireVerifiedUser(request);
  return { generation: await renameLabsGeneration(user, params.id, body) };
});
