// GET /api/admin/feature_flags (feature flag viewer): every flag (spec 3 §3: id, key, description, active).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listFeatureFlags } from "~/services/admin";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/feature_flags",
  summary: "Every feature flag",
  tags: ["admin"],
  responses: { 200: { description: "Flags by key", schema: z.object({ flags: z.array(z.object({ id: z.string(), key: z.string(), description: z.string(), active: z.boolean() })) }) }, 403: { description: "Missing feature flag viewer" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "feature_flag:viewer");
  return { flags: await listFeatureFlags(db) };
});
