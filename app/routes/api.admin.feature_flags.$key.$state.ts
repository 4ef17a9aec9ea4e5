// POST /api/admin/feature_flags/{key}/enable and /disable (feature flag admin). Other processes drop their
// copy of the flags when told (a NOTIFY), and see the change within FLAG_CACHE_MS at worst.
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { switchFeatureFlag } from "~/services/admin";
import { OkSchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/feature_flags/{key}/{state}",
  summary: "Enable or disable a feature flag",
  tags: ["admin"],
  request: { params: z.object({ key: z.string().max(100), state: z.enum(["enable", "disable"]) }) },
  responses: { 200: { description: "Switched", schema: OkSchema }, 403: { description: "Missing feature flag admin" }, 404: { description: "No such flag" } },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requirePermission(request, "feature_flag:admin");
  await asApi(() => switchFeatureFlag(db, params.key, params.state === "enable", user.id));
  return { ok: true as const };
});
