// POST and DELETE /api/admin/user/{id}/releases/review (spec 3 §7): take (or renew) and let go of the review
// lock on a user's releases. While another admin holds it the answer is 423 naming them; an abandoned lock
// lapses after a few minutes. The review page renews it while it stays open.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { findUserById } from "~/models/user.server";
import { releaseReviewLock, REVIEW_LOCK_MINUTES, takeReviewLock } from "~/services/review/index.server";
import { UserIdParams } from "~/services/admin/api-schemas";

const LockSchema = z.object({ userId: z.string(), adminId: z.string(), adminEmail: z.string(), expiresAt: z.string() }).meta({ id: "ReleaseReviewLock" });

const takeOperation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/{id}/releases/review",
  summary: "Take or renew the review lock on a user's releases",
  description: `The lock lasts ${REVIEW_LOCK_MINUTES} minutes from the last renewal. Review actions by other admins are refused meanwhile.`,
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: {
    200: { description: "The lock, held by the caller", schema: z.object({ lock: LockSchema }) },
    403: { description: "Missing distro actions" },
    404: { description: "No such user" },
    423: { description: "Another admin holds the lock (the message names them)" },
  },
});

const take = apiRoute(takeOperation, async ({ request, params }) => {
  const admin = await requirePermission(request, "distro:actions");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  return { lock: await db.transaction((tx) => takeReviewLock(tx, params.id, admin.id)) };
});

const releaseOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/admin/user/{id}/releases/review",
  summary: "Let go of the review lock on a user's releases",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: {
    200: { description: "released: whether the caller held a lock", schema: z.object({ released: z.boolean() }) },
    403: { description: "Missing distro actions" },
  },
});

const release = apiRoute(releaseOperation, async ({ request, params }) => {
  const admin = await requirePermission(request, "distro:actions");
  return { released: await releaseReviewLock(db, params.id, admin.id) };
});

export function action(args: ActionFunctionArgs) {
  return args.request.method === "DELETE" ? release(args) : take(args);
}
