// PUT /api/release/{id} (spec 3 §7 "Admin releases"): staff correct a release under review (title, artist
// name, genre, language, explicit; the release form's rules), while it is Submitted or on Hold and under
// the review lock. Distro admin; audited with before and after.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { IdParams, releaseJson, ReleaseSchema, releaseView } from "~/services/releases/index.server";
import { editReleaseAsStaff } from "~/services/review/index.server";

const operation = registerApiOperation({
  method: "PUT",
  path: "/api/release/{id}",
  summary: "Staff edit a release under review",
  tags: ["admin"],
  request: {
    params: IdParams,
    body: z.object({
      title: z.string().max(400),
      artistName: z.string().max(400),
      genre: z.string().max(40).optional(),
      language: z.string().max(20).nullable().optional(),
      explicit: z.union([z.literal(0), z.literal(1), z.null(), z.string().max(20)]).optional(),
    }),
  },
  responses: {
    200: { description: "The release now", schema: z.object({ album: ReleaseSchema }) },
    400: { description: "Invalid fields, naming each" },
    403: { description: "Missing distro admin" },
    404: { description: "No such release" },
    409: { description: "Not Submitted or on Hold" },
    423: { description: "Another admin holds the review lock" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const admin = await requirePermission(request, "distro:admin");
  return { album: releaseJson(await releaseView(await editReleaseAsStaff(admin, params.id, body))) };
});
