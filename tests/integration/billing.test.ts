// Memberships on Stripe through the local Stripe stand-in and the official SDK, on both databases:
// checkout with Stripe's test cards, the signed webhooks (400 on a bad signature), replays and
// out-of-order deliveries applied once, plan changes (prorated upgrade, downgrade at the period end,
// interval change, cancel = downgrade to free, renew), the 429 on too many changes, and the books
// balancing after every test.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { billingCustomers, journalEntries, stripeEvents, subscriptions } from "#drizzle/schema/index";
import { getUserPlan } from "~/server/plans.server";
import { ApiError } from "~/server/http.server";
import {
  cancelMembership,
  changeMembership,
  createCardSetupCheckout,
  createMembershipCheckout,
  createOneTimeCheckout,
  getMembership,
  listCards,
  registerOneTimePaymentHandler,
  renewMembership,
  setDefaultCard,
  SUBSCRIPTION_UPDATE_LIMIT,
  TOO_MANY_UPDATES_MESSAGE,
} from "~/services/billing";
import { payCheckoutSession } from "~/services/billing/standin/checkout.server";
import { deliver, deliveriesSettled } from "~/services/billing/standin/events.server";
import { getStripe } from "~/services/billing/stripe.server";
import { createUser } from "../support/auth";
import { backends, setupTestDatabase } from "../support/database";
import { expectBooksBalance, standinEvents, startStripeStandin, TEST_WEBHOOK_SECRET, type StandinServer } from "../support/money";

const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const card = (number: string, expYear = new Date().getUTCFullYear() + 3) => ({ number, expMonth: 12, expYear, cvc: "123", name: "Test Buyer" });

describe.each(backends)("memberships on %s", (backend) => {
  const database = setupTestDatabase(backend);
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

  async function member(productId = 1) {
    const user = await createUser(database().db);
    const url = await createMembershipCheckout(user, productId);
    const result = await payCheckoutSession(sessionIdOf(url), card("4242424242424242"));
    expect(result.ok).toBe(true);
    await deliveriesSettled();
    return user;
  }

  it("refuses webhooks without a valid signature with 400", async () => {
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "customer.subscription.deleted", created: 1, data: { object: { id: "sub_x" } } });
    const post = (headers: Record<string, string>) => fetch(`${standin.url}/api/webhooks/stripe`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: payload });
    expect((await post({})).status).toBe(400);
    const wrongSecret = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
    expect((await post({ "Stripe-Signature": wrongSecret })).status).toBe(400);
    const tampered = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload: payload.replace("sub_x", "sub_y"), secret: TEST_WEBHOOK_SECRET });
    expect((await post({ "Stripe-Signature": tampered })).status).toBe(400);
    const signed = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
    const accepted = await post({ "Stripe-Signature": signed });
    expect(accepted.status).toBe(200);
    expect(await database().db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toHaveLength(1);
  });

  it("buys Creator monthly through checkout with 4242…: the plan and its features follow the webhook", async () => {
    const user = await createUser(database().db);
    expect((await getUserPlan(user)).plan.key).toBe("free");
    const result = await payCheckoutSession(sessionIdOf(await createMembershipCheckout(user, 1)), card("4242424242424242"));
    expect(result).toMatchObject({ ok: true });
    const plan = await getUserPlan(user);
    expect(plan.plan.key).toBe("creator");
    expect(plan.limits.features).toContain("downloads");
    const membership = await getMembership(user.id);
    expect(membership).toMatchObject({ productId: 1, planKey: "creator", interval: "monthly", active: true, card: { last4: "4242" } });
    const [entry] = await database().db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
    expect(entry).toMatchObject({ category: "membership" });
  });

  it("a declined card leaves the user on free and says why", async () => {
    const user = await createUser(database().db);
    const url = await createMembershipCheckout(user, 1);
    expect(await payCheckoutSession(sessionIdOf(url), card("4000000000000002"))).toEqual({ ok: false, message: "Your card was declined." });
    expect(await payCheckoutSession(sessionIdOf(url), card("4000000000000069"))).toEqual({ ok: false, message: "Your card has expired." });
    expect((await getUserPlan(user)).plan.key).toBe("free");
  });

  it("applies each webhook once: every event replayed 20 times, shuffled, gives one effect", async () => {
    const before = (await standinEvents(database().db)).length;
    const user = await member(1);
    await changeMembership(user, 2);
    await deliveriesSettled();
    const rowBefore = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const entriesBefore = await database().db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
    expect(entriesBefore).toHaveLength(2);
    const events = (await standinEvents(database().db)).slice(before);
    const deliveries = events.flatMap((event) => Array.from({ length: 20 }, () => event));
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    for (const event of deliveries) expect(await deliver(event, `${standin.url}/api/webhooks/stripe`)).toBe(true);
    // The oldest subscription event last: the row still follows Stripe's current state.
    const created = events.find((event) => event.type === "customer.subscription.created")!;
    await deliver(created, `${standin.url}/api/webhooks/stripe`);
    expect(await database().db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual(rowBefore);
    expect(await database().db.select().from(journalEntries).where(eq(journalEntries.userId, user.id))).toEqual(entriesBefore);
    expect((await getUserPlan(user)).plan.key).toBe("pro");
  });

  it("upgrades now with a prorated charge, switches interval now, downgrades and cancels at the period end, renews", async () => {
    const user = await member(1);
    expect(await changeMembership(user, 2)).toBe("upgrade");
    expect((await getMembership(user.id)).planKey).toBe("pro");
    await deliveriesSettled();
    const charges = await database().db.select().from(journalEntries).where(eq(journalEntries.userId, user.id));
    expect(charges.map((entry) => entry.description)).toContain("Pro membership (monthly), prorated change");

    expect(await changeMembership(user, 10)).toBe("interval");
    let membership = await getMembership(user.id);
    expect(membership).toMatchObject({ productId: 10, interval: "annual" });
    const yearAway = Date.now() + 360 * 86_400_000;
    expect(new Date(membership.currentPeriodEnd!).getTime()).toBeGreaterThan(yearAway);

    expect(await changeMembership(user, 9)).toBe("downgrade");
    membership = await getMembership(user.id);
    expect(membership).toMatchObject({ productId: 10, planKey: "pro", pendingProductId: 9, downgradeEffectiveTimestamp: membership.currentPeriodEnd });

    await cancelMembership(user);
    membership = await getMembership(user.id);
    expect(membership).toMatchObject({ planKey: "pro", cancelAtPeriodEnd: true, pendingProductId: 7, downgradeEffectiveTimestamp: membership.currentPeriodEnd });
    expect((await getUserPlan(user)).plan.key).toBe("pro");

    await renewMembership(user);
    expect(await getMembership(user.id)).toMatchObject({ cancelAtPeriodEnd: false, pendingProductId: null, downgradeEffectiveTimestamp: null });
  });

  it("a downgrade takes effect when the period ends; a cancellation ends the membership", async () => {
    const user = await member(2);
    await changeMembership(user, 1);
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await getStripe().rawRequest("POST", "/v1/test_helpers/standin/advance", { subscription: row.externalId! });
    await deliveriesSettled();
    expect(await getMembership(user.id)).toMatchObject({ productId: 1, planKey: "creator", pendingProductId: null });
    await cancelMembership(user);
    await getStripe().rawRequest("POST", "/v1/test_helpers/standin/advance", { subscription: row.externalId! });
    await deliveriesSettled();
    expect((await getUserPlan(user)).plan.key).toBe("free");
  });

  it("adds a card through checkout in setup mode; it becomes the default, and another can be chosen", async () => {
    const user = await member(1);
    const first = (await getMembership(user.id)).card!;
    const url = await createCardSetupCheckout(user);
    expect(await payCheckoutSession(sessionIdOf(url), { ...card("5555555555554444"), expMonth: 3 })).toMatchObject({ ok: true });
    await deliveriesSettled();
    expect((await getMembership(user.id)).card).toMatchObject({ last4: "4444", expMonth: 3 });
    const cards = await listCards(user.id);
    expect(cards.map((saved) => [saved.last4, saved.isDefault]).sort()).toEqual([["4242", false], ["4444", true]]);
    await setDefaultCard(user, cards.find((saved) => saved.last4 === "4242")!.id);
    expect((await getMembership(user.id)).card).toEqual(first);
    const [row] = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect((await getStripe().subscriptions.retrieve(row.externalId!)).default_payment_method).toBe(cards.find((saved) => saved.last4 === "4242")!.id);
    await expect(setDefaultCard(user, "pm_someone_else")).rejects.toMatchObject({ status: 400 });
  });

  it(`answers the spec's 429 after ${SUBSCRIPTION_UPDATE_LIMIT} changes in the window`, async () => {
    const user = await member(1);
    for (let i = 0; i < SUBSCRIPTION_UPDATE_LIMIT; i++) {
      if (i % 2 === 0) await cancelMembership(user);
      else await renewMembership(user);
    }
    const refused = await cancelMembership(user).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, message: TOO_MANY_UPDATES_MESSAGE });
  });

  it("one-time checkout (payment mode) reaches the registered handler once and is Songloom's revenue", async () => {
    const user = await createUser(database().db);
    const calls: unknown[] = [];
    registerOneTimePaymentHandler("test_addon", async (_tx, payment) => {
      calls.push(payment);
    });
    const url = await createOneTimeCheckout({ user, product: "test_addon", description: "Test add-on", amountCents: 1_299, metadata: { songId: "song-1" }, successUrl: "/done", cancelUrl: "/back" });
    expect(await payCheckoutSession(sessionIdOf(url), card("4242424242424242"))).toMatchObject({ ok: true, redirectTo: `${standin.url}/done` });
    const completed = (await standinEvents(database().db)).filter((event) => event.type === "checkout.session.completed").pop()!;
    for (let i = 0; i < 5; i++) await deliver(completed, `${standin.url}/api/webhooks/stripe`);
    expect(calls).toEqual([expect.objectContaining({ userId: user.id, amountCents: 1_299, metadata: expect.objectContaining({ songId: "song-1", songloom_product: "test_addon" }) })]);
    const [customer] = await database().db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    expect(customer.stripeCustomerId).toMatch(/^cus_/);
  });
});
