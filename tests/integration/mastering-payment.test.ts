// Paying for mastering through the payments layer (ADR 022, ADR 023): the checkout is a one-time Stripe
// Checkout (here the labelled local stand-in, driven through the official SDK), and only its signed webhook
// makes the purchase paid, once, however often it is delivered. A declined card leaves it pending.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { masteringPurchases } from "#drizzle/schema/index";
import { paidPurchase, startMasteringCheckout } from "~/services/mastering/checkout";
import { payCheckoutSession } from "~/services/billing/standin/checkout.server";
import { deliver, deliveriesSettled } from "~/services/billing/standin/events.server";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { expectBooksBalance, standinEvents, startStripeStandin, type StandinServer } from "../support/money";
import { insertSavedSong } from "../support/releases";

const database = setupTestDatabase("postgres");
let standin: StandinServer;
const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123", name: "Test Buyer" });

beforeAll(async () => {
  standin = await startStripeStandin();
});
afterAll(async () => {
  await standin.close();
});
afterEach(async () => {
  await expectBooksBalance(database().db);
});

async function checkout() {
  const user = await createUser(database().db);
  const songId = await insertSavedSong(database().db, user.id, { name: "To master" });
  const url = await startMasteringCheckout({ song: { id: songId, songName: "To master" }, user, preset: "g", returnUrl: `${standin.url}/master/${songId}` });
  return { user, songId, url };
}

test("the signed payment webhook makes the mastering purchase paid, once", async () => {
  const { user, songId, url } = await checkout();
  expect(await paidPurchase(songId, user.id)).toBeNull();
  const paid = await payCheckoutSession(sessionIdOf(url), card("4242424242424242"));
  expect(paid).toMatchObject({ ok: true });
  await deliveriesSettled();
  const purchase = await paidPurchase(songId, user.id);
  expect(purchase).toMatchObject({ preset: "g", status: "paid", providerReference: sessionIdOf(url) });

  // Replayed deliveries change nothing.
  const completed = (await standinEvents(database().db)).filter((event) => event.type === "checkout.session.completed").pop()!;
  for (let i = 0; i < 3; i++) await deliver(completed, `${standin.url}/api/webhooks/stripe`);
  const rows = await database().db.select().from(masteringPurchases).where(eq(masteringPurchases.songId, songId));
  expect(rows).toHaveLength(1);
  expect(rows[0].paidAt?.getTime()).toBe(purchase!.paidAt?.getTime());
});

test("a declined card leaves the purchase pending, so nothing can be mastered", async () => {
  const { user, songId, url } = await checkout();
  const declined = await payCheckoutSession(sessionIdOf(url), card("4000000000000002"));
  expect(declined).toMatchObject({ ok: false });
  await deliveriesSettled();
  expect(await paidPurchase(songId, user.id)).toBeNull();
  const [row] = await database().db.select().from(masteringPurchases).where(eq(masteringPurchases.songId, songId));
  expect(row.status).toBe("pending");
});
