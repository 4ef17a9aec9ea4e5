// GET /api/user/total_streams (spec 2 §7): the streams of all the user's songs, all time, from the daily
// rollup that royalty imports fill (zero until stores report streams).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { totals } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/total_streams",
  summary: "All streams of the user's songs, ever",
  description: "Zero until stores report streams (royalty imports). Release pages use it, so it is not verified-only (spec 2 §2).",
  tags: ["stats"],
  responses: { 200: { description: "Total streams", schema: z.object({ totalStreams: z.number().int() }) }, 401: { description: "Not signed in" } },
});

export const loader = apiRoute(operation, async ({ request }) => ({ totalStreams: (await totals(db, (await requireUser(request)).id)).streams }));
