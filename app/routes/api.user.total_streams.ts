import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { totals } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/total_streams",
  summary: "All streams of the user's songs, ever",
  tags: ["stats"],
  responses: { 200: { description: "Total streams", schema: z.object({ totalStreams: z.number().int() }) } },
});

export const loader = apiRoute(operation, async ({ request }) => ({ totalStreams: (await totals(db, (await requireVerifiedUser(request)).id)).streams }));
