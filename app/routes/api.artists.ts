// GET /api/artists?artistName= (spec 2 §5, §7): whether an artist name is already used on Songloom
// (`exists`, ignoring case and spacing; `exact_match`, the same spelling), and whether stores refuse it.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { artistNameRefusal, findArtist } from "~/services/releases/index.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/artists",
  summary: "Look up an artist name",
  tags: ["releases"],
  request: { query: z.object({ artistName: typedText().min(1, "Enter an artist name.").max(200) }) },
  responses: {
    200: {
      description: "What is known about the name",
      schema: z.object({ exists: z.boolean(), exact_match: z.boolean(), restricted: z.boolean(), message: z.string().nullable().describe("Why a release may not use it") }),
    },
    400: { description: "No name" },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requireUser(request);
  const refusal = await artistNameRefusal(query.artistName);
  return { ...(await findArtist(query.artistName)), restricted: refusal !== null, message: refusal };
});
