// GET /api/generative_vocals/voices (spec 1 §3 "A voice has voice_id", §7 Vocals): the voices a generated
// vocal can be sung with, each with a preview (GET /media/voices/{voice_id}/preview.mp3). Signed-in,
// verified users, like the page that shows them.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { voices } from "~/services/vocals/generative-vocals.server";

const VoiceSchema = z
  .object({
    voice_id: z.string(),
    name: z.string(),
    gender: z.enum(["female", "male"]),
    description: z.string(),
    preview_url: z.string().describe("A short sung phrase (MP3)"),
  })
  .meta({ id: "Voice" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/generative_vocals/voices",
  summary: "Voices for generated vocals",
  tags: ["vocals"],
  responses: {
    200: { description: "The voices", schema: z.object({ voices: z.array(VoiceSchema) }) },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requireVerifiedUser(request);
  return { voices: voices() };
});
