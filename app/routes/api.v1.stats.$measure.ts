// GET /api/v1/stats/streams and /api/v1/stats/revenue (public API, docs/api.md): by day and by store for a
// date range, from the same daily rollups as /account.
import { z } from "zod";
import { db } from "~/server/db.server";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { byDay, byStore, totals } from "~/services/ledger";
import { StatsRangeQuery } from "~/services/ledger/stats-query";

const SeriesSchema = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    total: z.number(),
    days: z.array(z.object({ date: z.string(), value: z.number() })),
    stores: z.array(z.object({ store: z.string(), value: z.number() })),
  })
  .meta({ id: "V1StatsSeries" });

function statsOperation(measure: "streams" | "revenue") {
  return registerApiOperation({
    method: "GET",
    path: `/api/v1/stats/${measure}`,
    summary: measure === "streams" ? "Streams by day and by store" : "Revenue by day and by store (micro-dollars)",
    description: "For `start_date`..`end_date` (YYYY-MM-DD; default the last 30 days, from 2019-01-01 at the earliest, today at the latest).",
    tags: ["v1 stats"],
    token: { scope: "stats:read", verified: true },
    request: { query: StatsRangeQuery },
    responses: { 200: { description: measure === "streams" ? "Streams" : "Revenue in micro-dollars (1 USD = 1,000,000)", schema: SeriesSchema } },
  });
}

const operations = { streams: statsOperation("streams"), revenue: statsOperation("revenue") };
const notFound = () => Response.json({ error: { status: 404, code: "not_found", message: "Use /api/v1/stats/streams or /api/v1/stats/revenue." } }, { status: 404 });

const handlers = Object.fromEntries(
  (["streams", "revenue"] as const).map((measure) => [
    measure,
    publicApiRoute(operations[measure], async ({ caller, query }) => {
      const [sum, days, stores] = await Promise.all([totals(db, caller.user.id, query), byDay(db, caller.user.id, query), byStore(db, caller.user.id, query)]);
      const pick = (row: { streams: number; revenueMicros: number }) => (measure === "streams" ? row.streams : row.revenueMicros);
      return { start_date: query.start, end_date: query.end, total: pick(sum), days: days.map((day) => ({ date: day.day, value: pick(day) })), stores: stores.map((store) => ({ store: store.store, value: pick(store) })) };
    }),
  ]),
);

export const loader: typeof handlers.streams = (args) => {
  const handler = handlers[args.params.measure ?? ""];
  return handler ? handler(args) : Promise.resolve(notFound());
};
