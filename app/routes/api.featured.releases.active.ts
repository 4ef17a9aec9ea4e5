// GET /api/featured/releases/active (spec 2 §7): releases staff feature now (live ones only).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { getOptionalUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { activeFeaturedReleases } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/featured/releases/active",
  summary: "Featured releases",
  tags: ["releases"],
  responses: {
    200: {
      description: "Live releases featured now",
      schema: z.object({ albums: z.array(z.object({ id: z.string(), title: z.string(), artistName: z.string(), coverArtUrl: z.string().nullable() })) }),
    },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await getOptionalUser(request);
  return { albums: await activeFeaturedReleases() };
});
