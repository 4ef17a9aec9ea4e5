// GET/PUT /api/admin/restricted_artist_names/settings (restricted-artist-names admin): how close a release's
// artist name must be to a restricted one to be refused (maxDistance edits; 0 = the same name only).
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getRestrictedNameSettings, RestrictedSettingsSchema, updateRestrictedNameSettings } from "~/services/admin";
import { RestrictedSettingsResponseSchema } from "~/services/admin/api-schemas";

const PERMISSION = "restricted_artist_names:admin";

const getOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/restricted_artist_names/settings",
  summary: "How close an artist name must be to a restricted one to be refused",
  tags: ["admin"],
  responses: { 200: { description: "The settings", schema: RestrictedSettingsResponseSchema }, 403: { description: "Missing restricted-artist-names admin" } },
});

export const loader = apiRoute(getOperation, async ({ request }) => {
  await requirePermission(request, PERMISSION);
  return getRestrictedNameSettings(db);
});

const putOperation = registerApiOperation({
  method: "PUT",
  path: "/api/admin/restricted_artist_names/settings",
  summary: "Set how close an artist name must be to a restricted one to be refused",
  tags: ["admin"],
  request: { body: RestrictedSettingsSchema },
  responses: { 200: { description: "The new settings", schema: RestrictedSettingsResponseSchema }, 400: { description: "Invalid settings" }, 403: { description: "Missing restricted-artist-names admin" } },
});

const put = apiRoute(putOperation, async ({ request, body }) => {
  const user = await requirePermission(request, PERMISSION);
  return updateRestrictedNameSettings(db, body, user.id);
});

export const action = (args: ActionFunctionArgs) => put(args);
