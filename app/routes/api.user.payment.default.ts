import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listCards, setDefaultCard } from "~/services/billing";
import { PaymentSourceSchema } from "~/services/billing/api-schemas";

const ResultSchema = z.object({ default: PaymentSourceSchema.nullable(), cards: z.array(PaymentSourceSchema) });

const get = registerApiOperation({
  method: "GET",
  path: "/api/user/payment/default",
  summary: "The default card (brand, last 4, expiry) and the other saved cards",
  tags: ["payments"],
  responses: { 200: { description: "Cards as Stripe holds them", schema: ResultSchema } },
});
const put = registerApiOperation({
  method: "PUT",
  path: "/api/user/payment/default",
  summary: "Make a saved card the default for renewals",
  tags: ["payments"],
  request: { body: z.object({ paymentMethodId: z.string().min(1) }) },
  responses: { 200: { description: "Cards after the change", schema: ResultSchema }, 400: { description: "Not one of the user's cards" } },
});

async function cards(userId: string) {
  const now = new Date();
  const list = (await listCards(userId)).map((card) => ({ ...card, expired: new Date(Date.UTC(card.expYear, card.expMonth, 1)) <= now }));
  return { default: list.find((card) => card.isDefault) ?? null, cards: list };
}

export const loader = apiRoute(get, async ({ request }) => cards((await requireVerifiedUser(request)).id));
export const action = apiRoute(put, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  await setDefaultCard(user, body.paymentMethodId);
  return cards(user.id);
});
