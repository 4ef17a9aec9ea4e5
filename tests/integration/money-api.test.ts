// The money calls of spec 2 §7 as Remix calls them, against Postgres and the local Stripe stand-in:
// guards (401 signed out), the error shapes (400 per field, 403 frozen, 409 over the balance, 429 with the
// spec's message), stats answered from the ledger's rollup, the paged history, and the books balancing.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema/index";
import * as approveRoute from "~/routes/api.admin.withdrawal.$id";
import * as balanceRoute from "~/routes/api.user.balance.values";
import * as buyRoute from "~/routes/api.buy_subscription";
import * as plansRoute from "~/routes/api.membership_plans";
import * as statsStreamsRoute from "~/routes/api.user.stats.streams";
import * as subscriptionRoute from "~/routes/api.user.subscription";
import * as userRoute from "~/routes/api.user";
import * as upgradeRoute from "~/routes/api.user.subscription.upgrade";
import * as historyRoute from "~/routes/api.user.transaction.history";
import * as withdrawalRoute from "~/routes/api.user.withdrawal";
import { db } from "~/server/db.server";
import { SUBSCRIPTION_UPDATE_LIMIT, TOO_MANY_UPDATES_MESSAGE } from "~/services/billing";
import { payCheckoutSession } from "~/services/billing/standin/checkout.server";
import { postRoyaltyCredit } from "~/services/ledger";
import { addExternalAccount } from "~/services/withdrawals";
import { callRoute, createSession, createUser, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { expectBooksBalance, startStripeStandin, type StandinServer } from "../support/money";

const database = setupTestDatabase("postgres");
let standin: StandinServer;
beforeAll(async () => {
  standin = await startStripeStandin();
});
afterAll(async () => {
  await standin.close();
});
afterEach(async () => {
  await expectBooksBalance(database().db);
});

function send(method: string, path: string, body: Record<string, unknown> | undefined, cookie?: string): Request {
  return new Request(new URL(path, "http://localhost:3000"), {
    method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function signedIn() {
  const user = await createUser(db);
  const { cookie } = await createSession(db, user.id);
  return { user, cookie };
}

it("answers 401 to the signed-out and lists the plans to anyone", async () => {
  expect((await callRoute(subscriptionRoute.loader, get("/api/user/subscription"))).status).toBe(401);
  expect((await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "10", externalAccountId: "x" }))).status).toBe(401);
  const plans = await (await callRoute(plansRoute.loader, get("/api/membership_plans"))).json();
  expect(plans.plans.map((plan: { id: number }) => plan.id)).toEqual([7, 1, 9, 2, 10]);
});

it("buys through checkout, refuses a second purchase, checks the direction of a change, and answers the 429", async () => {
  const { cookie } = await signedIn();
  expect(await (await callRoute(subscriptionRoute.loader, get("/api/user/subscription", cookie))).json()).toMatchObject({ productId: 7, active: false });
  const bought = await callRoute(buyRoute.action, send("POST", "/api/buy_subscription", { productId: 1 }, cookie));
  expect(bought.status).toBe(200);
  const { url } = await bought.json();
  expect(await payCheckoutSession(new URL(url).pathname.split("/").pop()!, { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "" })).toMatchObject({ ok: true });
  expect((await callRoute(buyRoute.action, send("POST", "/api/buy_subscription", { productId: 2 }, cookie))).status).toBe(409);
  expect(await (await callRoute(userRoute.loader, get("/api/user", cookie))).json()).toMatchObject({
    subscriptionProductId: 1,
    features: ["downloads", "wav_downloads", "commercial_use"],
    membershipLevel: "creator",
    customer: true,
    numOwnershipCredits: 0,
    verificationStatus: null,
  });
  const wrongWay = await callRoute(upgradeRoute.action, send("POST", "/api/user/subscription/upgrade", { productId: 9 }, cookie));
  expect(wrongWay.status).toBe(400);
  expect((await wrongWay.json()).error.fields.productId).toEqual(["This would be an interval change."]);
  for (let i = 0; i < SUBSCRIPTION_UPDATE_LIMIT; i++) {
    const method = i % 2 === 0 ? "DELETE" : "POST";
    const response = await callRoute(subscriptionRoute.action, send(method, "/api/user/subscription", method === "POST" ? { productId: 1 } : undefined, cookie));
    expect(response.status).toBe(200);
  }
  const refused = await callRoute(subscriptionRoute.action, send("DELETE", "/api/user/subscription", undefined, cookie));
  expect(refused.status).toBe(429);
  expect((await refused.json()).error.message).toBe(TOO_MANY_UPDATES_MESSAGE);
});

it("stats, balance and history come from the ledger; withdrawals answer 400, 409 and 403 (frozen)", async () => {
  const { user, cookie } = await signedIn();
  const today = new Date().toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await postRoyaltyCredit(tx, { reference: `royalty:api:${user.id}:1`, userId: user.id, songId: "s1", store: "spotify", day: today, streams: 700, grossMicros: 20_000_000 });
    await postRoyaltyCredit(tx, { reference: `royalty:api:${user.id}:2`, userId: user.id, songId: "s1", store: "apple_music", day: today, streams: 300, grossMicros: 5_000_000 });
  });
  const stats = await (await callRoute(statsStreamsRoute.loader, get("/api/user/stats/streams", cookie))).json();
  expect(stats.total).toBe(1000);
  expect(stats.stores).toContainEqual({ store: "apple_music", value: 300 });
  expect(stats.days).toEqual([{ date: today, value: 1000 }]);
  expect((await callRoute(statsStreamsRoute.loader, get("/api/user/stats/streams?start_date=2026-13-01", cookie))).status).toBe(400);
  expect(await (await callRoute(balanceRoute.loader, get("/api/user/balance/values", cookie))).json()).toEqual({ availableMicros: 20_000_000, heldMicros: 0, withdrawableCents: 2_000 });

  const bank = await addExternalAccount(user, { accountHolderName: "A Person", routingNumber: "110000000", accountNumber: "000123456789" });
  const tooSmall = await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "9.99", externalAccountId: bank.id }, cookie));
  expect(tooSmall.status).toBe(400);
  expect((await tooSmall.json()).error.fields.amount[0]).toContain("minimum");
  expect((await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "20.01", externalAccountId: bank.id }, cookie))).status).toBe(409);
  const sent = await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "15", externalAccountId: bank.id }, cookie));
  expect(sent.status).toBe(201);
  expect(await sent.json()).toMatchObject({ amountCents: 1_500, state: "requested" });

  const history = await (await callRoute(historyRoute.loader, get("/api/user/transaction/history?perPage=10", cookie))).json();
  expect(history).toMatchObject({ total: 3, page: 1, perPage: 10 });
  expect(history.transactions[0]).toMatchObject({ category: "withdrawal", amountMicros: -15_000_000 });
  expect((await callRoute(historyRoute.loader, get("/api/user/transaction/history?perPage=7", cookie))).status).toBe(400);

  await db.update(users).set({ accountStatus: "FROZEN" }).where(eq(users.id, user.id));
  const frozen = await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "10", externalAccountId: bank.id }, cookie));
  expect(frozen.status).toBe(403);
});

it("staff with account:approve_transactions approve or reject held withdrawals; others get 403", async () => {
  const { user, cookie } = await signedIn();
  await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `royalty:held:${user.id}`, userId: user.id, songId: "s", store: "spotify", day: "2026-11-02", streams: 1, grossMicros: 5_000_000_000 }));
  const bank = await addExternalAccount(user, { accountHolderName: "A Person", routingNumber: "110000000", accountNumber: "000123456789" });
  const first = await (await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "1000", externalAccountId: bank.id }, cookie))).json();
  const second = await (await callRoute(withdrawalRoute.action, send("POST", "/api/user/withdrawal", { amount: "1500", externalAccountId: bank.id }, cookie))).json();
  expect([first.state, second.state]).toEqual(["held", "held"]);
  const staff = await createSession(db, (await createUser(db, { isAdmin: true, roles: ["royalty_admin"] })).id);
  const decide = (id: string, decision: string, as: string) => callRoute(approveRoute.action, send("POST", `/api/admin/withdrawal/${id}`, { decision }, as), { id });
  expect((await decide(first.id, "approve", cookie)).status).toBe(403);
  expect(await (await decide(first.id, "approve", staff.cookie)).json()).toMatchObject({ state: "requested" });
  expect((await decide(first.id, "approve", staff.cookie)).status).toBe(409);
  expect(await (await decide(second.id, "reject", staff.cookie)).json()).toMatchObject({ state: "failed", failureReason: "Rejected in review" });
  expect(await (await callRoute(balanceRoute.loader, get("/api/user/balance/values", cookie))).json()).toEqual({ availableMicros: 3_000_000_000, heldMicros: 0, withdrawableCents: 300_000 });
});
