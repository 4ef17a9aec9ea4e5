// POST /api/admin/royalty_reports/{id}/approve (royalty admin; spec 3 §7 "POST approve"): approves a
// pending report for import, credited, as the royalties.import job, for today's statement date.
// The same as the process call with its defaults; audited there.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { asApi } from "~/server/admin-api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { processReport } from "~/services/royalties";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/royalty_reports/{id}/approve",
  summary: "Approve a pending royalty report for import (royalty admin)",
  tags: ["admin", "royalties"],
  request: { params: z.object({ id: z.string().min(1).max(64) }), body: z.object({ referenceId: z.string().trim().max(100, "referenceId is at most 100 characters").optional() }) },
  responses: {
    200: { description: "The import job is queued", schema: z.object({ queued: z.boolean(), reportId: z.string() }) },
    403: { description: "Without royalty admin" },
    404: { description: "No such report" },
    409: { description: "Already imported" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const staff = await requirePermission(request, "royalty:admin");
  await asApi(() => processReport(params.id, { date: new Date().toISOString().slice(0, 10), credit: true, referenceId: body.referenceId || undefined, fullJob: true }, staff.id));
  return { queued: true, reportId: params.id };
});
