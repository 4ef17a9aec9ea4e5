// GET /api/admin/royalty_reports/pending and /complete (royalty viewer; spec 3 §7): store reports waiting
// to be imported (pending, processing or failed), and those imported, newest first. Looking at pending
// reports first registers any new file in the reports folder.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { royaltyReportList, scanReportInbox } from "~/services/royalties";
import { RoyaltyReportSchema } from "~/services/royalties/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/royalty_reports/{state}",
  summary: "Royalty reports pending or complete (royalty viewer)",
  tags: ["admin", "royalties"],
  request: { params: z.object({ state: z.enum(["pending", "complete"]) }) },
  responses: {
    200: { description: "Up to 50 reports, newest first", schema: z.object({ reports: z.array(RoyaltyReportSchema) }) },
    400: { description: "state is neither pending nor complete" },
    403: { description: "Without royalty viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "royalty:viewer");
  if (params.state === "pending") await scanReportInbox(db);
  const reports = await royaltyReportList(db, params.state);
  return { reports: reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString(), completedAt: report.completedAt?.toISOString() ?? null })) };
});
