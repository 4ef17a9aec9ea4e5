// GET /api/admin/releases/{id}/dsp_statuses (distro viewer, spec 3 §6-7): the release's status at each
// store (spec 2 §4 platform statuses), with the validator's or the store's error for staff, filtered by
// distribution (distributed, not_distributed, all).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { releases } from "../../drizzle/schema/releases";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { storeStatuses } from "~/services/distribution/index.server";

const StatusSchema = z
  .object({
    releaseId: z.string(),
    upc: z.string().nullable(),
    status: z.number().int().nullable(),
    dspStatuses: z.array(
      z.object({
        storeId: z.string(),
        storeName: z.string(),
        status: z.number().int().min(0).max(5),
        statusLabel: z.string(),
        distributed: z.boolean(),
        error: z.string().nullable(),
        storeMessage: z.string().nullable().describe("The store's own words from its DDEX acknowledgement, as the owner sees them"),
        updatedAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "AdminReleaseDspStatuses" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/releases/{id}/dsp_statuses",
  summary: "A release's status at each store",
  tags: ["admin"],
  request: {
    params: z.object({ id: z.string().min(1).max(64) }),
    query: z.object({ filter: z.enum(["distributed", "not_distributed", "all"]).default("all") }),
  },
  responses: { 200: { description: "Per-store statuses", schema: StatusSchema }, 403: { description: "Missing distro viewer" }, 404: { description: "No such release" } },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  await requirePermission(request, "distro:viewer");
  const [release] = await db.select({ id: releases.id, upc: releases.upc, status: releases.status }).from(releases).where(eq(releases.id, params.id));
  if (!release) throw new ApiError(404, "not_found", "No such release.");
  return { releaseId: release.id, upc: release.upc, status: release.status, dspStatuses: await storeStatuses(db, release.id, query.filter) };
});
