// GET /api/admin/user/{id}/details (user viewer): the user as /admin/users/{id}/view shows them.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getUserDetails } from "~/services/admin";
import { UserIdParams } from "~/services/admin/api-schemas";

const iso = z.date().transform((date) => date.toISOString());
const DetailsSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    admin: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: iso,
    statuses: z.object({ account: z.string(), withdrawal: z.string() }),
    releaseLabel: z.string(),
    termsOfUseStatus: z.string(),
    signInProviders: z.array(z.string()),
    plan: z.object({ key: z.string(), name: z.string(), productId: z.number().int(), limits: z.object({ songLimit: z.number().nullable(), limitEnforced: z.boolean(), dailySongCreations: z.number(), features: z.array(z.string()), monthlyWavDownloads: z.number() }) }),
    songs: z.object({ made: z.number().int(), saved: z.number().int() }),
    tags: z.array(z.object({ id: z.string(), name: z.string() })),
    ban: z.object({ since: iso, previous: z.object({ account: z.string(), withdrawal: z.string(), releaseLabel: z.string() }) }).nullable(),
  })
  .meta({ id: "AdminUserDetails" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/details",
  summary: "A user's details for staff",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "The user", schema: DetailsSchema }, 403: { description: "Missing user viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  const details = await getUserDetails(db, params.id);
  if (!details) throw new ApiError(404, "not_found", "No such user.");
  return details;
});
