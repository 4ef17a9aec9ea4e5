import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { CheckoutSchema } from "~/services/billing/api-schemas";
import { buySong } from "~/services/song-ownership";
import { EmailField } from "~/utils/forms";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/buy_song",
  summary: "Buy ownership of a song ($4.99): starts Stripe Checkout; ownership is recorded when the payment lands",
  tags: ["payments"],
  request: {
    body: z.object({
      song_id: z.string().min(1),
      email: EmailField,
      legal_name: z.string().trim().min(1, { message: "Enter your legal name." }).max(200),
      stripeToken: z.string().optional().describe("Unused: the card is taken on Stripe Checkout's page"),
    }),
  },
  responses: {
    200: { description: "Send the browser to the checkout page", schema: CheckoutSchema },
    404: { description: "No such song visible to the user" },
    409: { description: "Already owned" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  return { url: await buySong(user, { songId: body.song_id, email: body.email, legalName: body.legal_name }) };
});
