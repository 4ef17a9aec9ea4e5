// GET /api/admin/royalties/records-for-date (royalty viewer; spec 3 §7): streams and money per ISRC and store in a date range.
// startDate/endDate default to the last 7 days and start no earlier than 2019-01-01; page, itemsPerPage 10/25/50.
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { RecordsQuerySchema, royaltyRecords } from "~/services/royalties";
import { RecordsPageSchema } from "~/services/royalties/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/royalties/records-for-date",
  summary: "Royalty records for a date range (royalty viewer)",
  tags: ["admin", "royalties"],
  request: { query: RecordsQuerySchema },
  responses: {
    200: { description: "One page of records and the range's totals (micro-dollars)", schema: RecordsPageSchema },
    400: { description: "A bad date, page or itemsPerPage (named in the answer)" },
    403: { description: "Without royalty viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requirePermission(request, "royalty:viewer");
  return royaltyRecords(db, { ...query, isrc: undefined, upc: undefined });
});
