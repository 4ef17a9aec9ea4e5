// POST /api/admin/schedule/{id}/royalties/process (royalty admin; spec 3 §7): import a registered store
// report ({id}). date: the statement date it is processed for; credit: false reads and matches it without
// writing (a dry run); referenceId: the store's statement reference; fullJob: true queues the
// royalties.import job and answers at once, false imports within the request. Audited.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { asApi } from "~/server/admin-api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { processReport } from "~/services/royalties";
import { ImportSummarySchema, ProcessBodySchema } from "~/services/royalties/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/schedule/{id}/royalties/process",
  summary: "Import (or dry-run) a store royalty report (royalty admin)",
  tags: ["admin", "royalties"],
  request: { params: z.object({ id: z.string().min(1).max(64) }), body: ProcessBodySchema },
  responses: {
    200: { description: "queued: the job will import it; otherwise what the import (or the dry run) did", schema: z.object({ queued: z.boolean(), reportId: z.string(), summary: ImportSummarySchema.nullable() }) },
    400: { description: "A field is missing or malformed (named in the answer)" },
    403: { description: "Without royalty admin" },
    404: { description: "No such report" },
    409: { description: "The report has been imported already, or its file cannot be read (gone, changed, columns missing)" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const staff = await requirePermission(request, "royalty:admin");
  const result = await asApi(() => processReport(params.id, body, staff.id));
  return result.queued ? { queued: true, reportId: result.reportId, summary: null } : { queued: false, reportId: params.id, summary: result.summary };
});
