// POST /api/admin/restricted_artist_names/confirmations: step one of the bulk delete (spec 3 §2 "bulk
// deletion of restricted artist names ... asks for confirmation"): a single-use token for this admin and
// exactly these ids, lapsing after CONFIRMATION_TTL_MINUTES. Step two is DELETE with confirmationToken.
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { prepareRestrictedNamesDelete, RestrictedIdsSchema } from "~/services/admin";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/restricted_artist_names/confirmations",
  summary: "Ask for a confirmation token to delete restricted artist names",
  tags: ["admin"],
  request: { body: z.object({ ids: RestrictedIdsSchema }) },
  responses: {
    201: {
      description: "The names that will be deleted, and the token",
      schema: z.object({ confirmationToken: z.string(), expiresAt: z.date().transform((d) => d.toISOString()), ids: z.array(z.string()), names: z.array(z.string()) }),
    },
    400: { description: "Invalid ids" },
    403: { description: "Missing restricted-artist-names admin" },
    404: { description: "A name is not on the list" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requirePermission(request, "restricted_artist_names:admin");
  const prepared = await asApi(() => prepareRestrictedNamesDelete(db, user.id, body.ids));
  return { confirmationToken: prepared.token, expiresAt: prepared.expiresAt, ids: prepared.ids, names: prepared.names.map((row) => row.name) };
});
