// GET /api/v1/releases/{id} (public API, docs/api.md): one of the account's releases, with where each
// store stands (the release page's store list).
import { z } from "zod";
import { db } from "~/server/db.server";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { storeStatuses } from "~/services/distribution/index.server";
import { IdParams, releaseJson, ReleaseSchema, releaseView, requireOwnedRelease } from "~/services/releases/index.server";

const StoreStatusSchema = z
  .object({
    storeId: z.string(),
    storeName: z.string(),
    status: z.number().int().describe("Spec 2 §4 platform status"),
    statusLabel: z.string(),
    distributed: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "V1StoreStatus" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/v1/releases/{id}",
  summary: "One of the account's releases, with its store statuses",
  tags: ["v1 releases"],
  token: { scope: "releases:read", verified: false },
  request: { params: IdParams },
  responses: {
    200: { description: "The release and each store's status", schema: z.object({ release: ReleaseSchema, stores: z.array(StoreStatusSchema) }) },
    404: { description: "No such release of this account" },
  },
});

export const loader = publicApiRoute(operation, async ({ caller, params }) => {
  const release = await requireOwnedRelease(caller.user.id, params.id);
  return { release: releaseJson(await releaseView(release)), stores: await storeStatuses(db, release.id, "distributed") };
});
