// GET /api/user/total_streams (spec 2 §7): the user's streams over all releases, all time.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/total_streams",
  summary: "All streams of the user's releases",
  description: "Zero until stores report streams (royalty imports).",
  tags: ["releases"],
  responses: { 200: { description: "Total", schema: z.object({ totalStreams: z.number().int() }) }, 401: { description: "Not signed in" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requireUser(request);
  return { totalStreams: 0 };
});
