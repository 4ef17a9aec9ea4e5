// /api/admin/restricted_artist_names (restricted-artist-names admin, spec 3 §7): GET lists the names
// (paged), PUT adds many at once (artistNames), DELETE removes a list of ids, a confirmed action: its
// confirmationToken comes from POST /api/admin/restricted_artist_names/confirmations; without it, 428.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { addRestrictedNames, ArtistNamesSchema, deleteRestrictedNames, listRestrictedNames, RestrictedIdsSchema, RestrictedKindSchema, RestrictedNamesPageSchema } from "~/services/admin";
import { RestrictedArtistNameSchema } from "~/services/admin/api-schemas";

const PERMISSION = "restricted_artist_names:admin";
const page = RestrictedNamesPageSchema.shape;

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/restricted_artist_names",
  summary: "Restricted artist names, paged",
  tags: ["admin"],
  request: { query: z.object({ page: page.page, perPage: page.itemsPerPage.describe("10, 25 or 50") }) },
  responses: {
    200: { description: "One page of names, alphabetically", schema: z.object({ names: z.array(RestrictedArtistNameSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() }) },
    400: { description: "Invalid paging" },
    403: { description: "Missing restricted-artist-names admin" },
  },
});

export const loader = apiRoute(listOperation, async ({ request, query }) => {
  await requirePermission(request, PERMISSION);
  const { names, page, itemsPerPage, total } = await listRestrictedNames(db, { page: query.page, itemsPerPage: query.perPage });
  return { names, page, perPage: itemsPerPage, total };
});

const putOperation = registerApiOperation({
  method: "PUT",
  path: "/api/admin/restricted_artist_names",
  summary: "Add restricted artist names (many at once)",
  tags: ["admin"],
  request: { body: z.object({ artistNames: ArtistNamesSchema, kind: RestrictedKindSchema.default("artist").describe("artist: a well-known artist; generic: a word stores refuse") }) },
  responses: {
    200: { description: "How many were added and how many were already listed", schema: z.object({ added: z.number().int(), alreadyListed: z.number().int() }) },
    400: { description: "Invalid names" },
    403: { description: "Missing restricted-artist-names admin" },
  },
});

const put = apiRoute(putOperation, async ({ request, body }) => {
  const user = await requirePermission(request, PERMISSION);
  return addRestrictedNames(db, body.artistNames, body.kind, user.id);
});

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/admin/restricted_artist_names",
  summary: "Delete restricted artist names by id (needs a confirmation)",
  tags: ["admin"],
  request: { body: z.object({ ids: RestrictedIdsSchema, confirmationToken: z.string().max(200).optional().describe("From POST /api/admin/restricted_artist_names/confirmations for exactly these ids") }) },
  responses: {
    200: { description: "How many were deleted", schema: z.object({ deleted: z.number().int() }) },
    400: { description: "Invalid ids" },
    403: { description: "Missing restricted-artist-names admin" },
    404: { description: "A name is no longer on the list" },
    428: { description: "No valid confirmation token for exactly these ids" },
  },
});

const remove = apiRoute(deleteOperation, async ({ request, body }) => {
  const user = await requirePermission(request, PERMISSION);
  return { deleted: await asApi(() => deleteRestrictedNames(db, user.id, body.ids, body.confirmationToken)) };
});

export function action(args: ActionFunctionArgs) {
  return args.request.method === "DELETE" ? remove(args) : put(args);
}
