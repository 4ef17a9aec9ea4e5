// GET /api/admin/releases/review/user (spec 3 §7 "GET admin/releases/review/user"): who is reviewing whose
// releases right now (the live review locks).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listReviewLocks } from "~/services/review/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/releases/review/user",
  summary: "The review locks held now: which admin reviews which user's releases",
  tags: ["admin"],
  responses: {
    200: { description: "Live locks, newest first", schema: z.object({ locks: z.array(z.object({ userId: z.string(), adminId: z.string(), adminEmail: z.string(), expiresAt: z.string() })) }) },
    403: { description: "Missing distro viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "distro:viewer");
  return { locks: await listReviewLocks(db) };
});
