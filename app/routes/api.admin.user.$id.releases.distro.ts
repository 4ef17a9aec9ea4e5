// GET /api/admin/user/{id}/releases/distro (spec 3 §7): a user's releases as staff review them: status,
// what review found (issues) and who holds the review lock.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { releases } from "#drizzle/schema/releases";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { findUserById } from "~/models/user.server";
import { UserIdParams } from "~/services/admin/api-schemas";
import { currentLock } from "~/services/review/index.server";
import { releaseStatusLabel } from "~/services/releases/status";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/releases/distro",
  summary: "A user's releases for distribution review",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: {
    200: {
      description: "Newest first, with the review lock",
      schema: z.object({
        releases: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            artistName: z.string(),
            status: z.number().int().nullable(),
            statusLabel: z.string(),
            issues: z.record(z.string(), z.string()).nullable(),
            submittedAt: z.string().nullable(),
            upc: z.string().nullable(),
          }),
        ),
        lockedBy: z.string().nullable(),
      }),
    },
    403: { description: "Missing distro viewer" },
    404: { description: "No such user" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "distro:viewer");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  const rows = await db.select().from(releases).where(eq(releases.userId, params.id)).orderBy(desc(releases.createdAt)).limit(200);
  const lock = await currentLock(db, params.id);
  return {
    releases: rows.map((row) => ({ id: row.id, title: row.title, artistName: row.artistName, status: row.status, statusLabel: releaseStatusLabel(row.status), issues: row.issues, submittedAt: row.submittedAt?.toISOString() ?? null, upc: row.upc })),
    lockedBy: lock?.adminEmail ?? null,
  };
});
