// POST /api/admin/release/{id}/approve, /reject, /issues (spec 3 §7), and /hold, /takedown: one staff review
// action on a release. Refused (423) while another admin holds the review lock on its owner; of two admins
// acting at once, one wins and the other gets 409 or 423. A takedown, like the admin page's, needs the token
// from POST /api/admin/release/{id}/takedown/confirmations (428 without it), so a script cannot skip the step.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { REVIEW_ACTION_PERMISSIONS, REVIEW_FIELDS, reviewRelease, takedownRelease, type ReviewAction } from "~/services/review/index.server";
import { releaseStatusLabel } from "~/services/releases/status";
import { IdSchema } from "~/utils/input-schemas";

/** The path's action word: spec 3 §7 calls a flag "issues". */
const ACTIONS: Record<string, ReviewAction> = { approve: "approve", reject: "reject", issues: "flag", hold: "hold", takedown: "takedown" };

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/release/{id}/{action}",
  summary: "Review a release: approve, reject, issues (flag for corrections), hold or takedown",
  description:
    "issues needs `fields` (review field → note; fields: " +
    REVIEW_FIELDS.join(", ") +
    ") and/or `message` (required when no field is flagged); reject takes an optional `message`; hold and takedown an optional staff note. Approve, reject, issues and hold need distro actions; takedown needs distro admin and a `confirmationToken` from POST /api/admin/release/{id}/takedown/confirmations.",
  tags: ["admin"],
  request: {
    params: z.object({ id: IdSchema, action: z.enum(["approve", "reject", "issues", "hold", "takedown"], { message: "The action is approve, reject, issues, hold or takedown." }) }),
    body: z
      .object({
        message: z.string().max(2000).optional(),
        fields: z.record(z.string(), z.string().max(500)).optional(),
        confirmationToken: z.string().max(200).optional().describe("Takedown only: the token from POST /api/admin/release/{id}/takedown/confirmations"),
      })
      .default({}),
  },
  responses: {
    200: { description: "The release's status now", schema: z.object({ id: z.string(), status: z.number().int().nullable(), statusLabel: z.string(), issues: z.record(z.string(), z.string()).nullable() }) },
    400: { description: "Invalid input (e.g. a flag with no field and no message), naming the field" },
    403: { description: "Missing the permission" },
    404: { description: "No such release" },
    409: { description: "Not possible from the release's status, or it changed meanwhile" },
    423: { description: "Another admin holds the review lock" },
    428: { description: "Takedown without a valid confirmation token for this release" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const reviewAction = ACTIONS[params.action];
  if (!reviewAction) throw new ApiError(404, "not_found", "No such review action.");
  const admin = await requirePermission(request, REVIEW_ACTION_PERMISSIONS[reviewAction]);
  const input = reviewAction === "flag" ? { fields: body.fields ?? {}, message: body.message ?? "" } : { message: body.message ?? "" };
  const release =
    reviewAction === "takedown" ? await takedownRelease(admin, params.id, input, body.confirmationToken) : await reviewRelease(admin, params.id, reviewAction, input);
  return { id: release.id, status: release.status, statusLabel: releaseStatusLabel(release.status), issues: release.issues };
});
