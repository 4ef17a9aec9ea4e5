import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { byDay, byStore, totals } from "~/services/ledger";
import { StatsRangeQuery } from "~/services/ledger/stats-query";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/stats/streams",
  summary: "The user's streams by day and by store for a date range (default the last 30 days), from the daily rollup",
  tags: ["stats"],
  request: { query: StatsRangeQuery },
  responses: {
    200: {
      description: "Streams per day and per store (amazon, youtube_ad, spotify, apple_music, other); revenue in micro-dollars",
      schema: z.object({
        start_date: z.string(),
        end_date: z.string(),
        total: z.number(),
        days: z.array(z.object({ date: z.string(), value: z.number() })),
        stores: z.array(z.object({ store: z.string(), value: z.number() })),
      }),
    },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireVerifiedUser(request);
  const [sum, days, stores] = await Promise.all([totals(db, user.id, query), byDay(db, user.id, query), byStore(db, user.id, query)]);
  const pick = (row: { streams: number; revenueMicros: number }) => row.streams;
  return { start_date: query.start, end_date: query.end, total: pick(sum), days: days.map((day) => ({ date: day.day, value: pick(day) })), stores: stores.map((store) => ({ store: store.store, value: pick(store) })) };
});
