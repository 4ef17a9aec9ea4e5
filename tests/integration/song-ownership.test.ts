// Buying and claiming a song against Postgres: the purchase goes through the stand-in's checkout in
// payment mode and is recorded once by the webhook (and is Songloom's revenue in the ledger); a claim
// spends one code or one credit, all or nothing; someone else's private song cannot be bought.
import "../support/auth-env";
import { and, eq } from "drizzle-orm";
import { journalEntries, ownershipCodes, ownershipCredits, songOwnerships, songs } from "#drizzle/schema/index";
import * as buyRoute from "~/routes/api.buy_song";
import * as claimRoute from "~/routes/api.claim_song";
import { db } from "~/server/db.server";
import { payCheckoutSession } from "~/services/billing/standin/checkout.server";
import { deliveriesSettled } from "~/services/billing/standin/events.server";
import { numOwnershipCredits } from "~/services/song-ownership";
import { callRoute, createSession, createUser } from "../support/auth";
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

const post = (path: string, body: unknown, cookie: string) =>
  new Request(new URL(path, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function song(ownerId: string, isPrivate = false) {
  const [row] = await db
    .insert(songs)
    .values({ userId: ownerId, style: "wd_lofi", filter: "morning_sun", params: {} as never, seed: 1, productionSeed: 1, batchId: "b", status: "complete", songName: "Night Drive", private: isPrivate })
    .returning({ id: songs.id });
  return row.id;
}

it("buys a song through checkout; the webhook records ownership once and the payment is revenue", async () => {
  const owner = await createUser(db);
  const buyer = await createUser(db);
  const { cookie } = await createSession(db, buyer.id);
  const songId = await song(owner.id);
  const response = await callRoute(buyRoute.action, post("/api/buy_song", { song_id: songId, email: "Buyer@Example.com", legal_name: "Ada Buyer" }, cookie));
  expect(response.status).toBe(200);
  const { url } = await response.json();
  expect(await payCheckoutSession(new URL(url).pathname.split("/").pop()!, { number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123", name: "" })).toMatchObject({ ok: true, redirectTo: `${standin.url}/s/${songId}?purchase=success` });
  await deliveriesSettled();
  expect(await db.select().from(songOwnerships).where(eq(songOwnerships.userId, buyer.id))).toEqual([expect.objectContaining({ songId, legalName: "Ada Buyer", email: "buyer@example.com", method: "purchase" })]);
  expect(await db.select().from(journalEntries).where(and(eq(journalEntries.userId, buyer.id), eq(journalEntries.category, "purchase")))).toHaveLength(1);
  expect((await callRoute(buyRoute.action, post("/api/buy_song", { song_id: songId, email: "b@example.com", legal_name: "Ada" }, cookie))).status).toBe(409);
  const hidden = await song(owner.id, true);
  expect((await callRoute(buyRoute.action, post("/api/buy_song", { song_id: hidden, email: "b@example.com", legal_name: "Ada" }, cookie))).status).toBe(404);
});

it("claims with a code once, or with a credit; nothing is spent when the claim fails", async () => {
  const owner = await createUser(db);
  const user = await createUser(db);
  const { cookie } = await createSession(db, user.id);
  const [first, second, third] = [await song(owner.id), await song(owner.id), await song(owner.id)];
  await db.insert(ownershipCodes).values({ code: `CODE-${user.id}`.toUpperCase() });
  const claim = (body: Record<string, unknown>) => callRoute(claimRoute.action, post("/api/claim_song", { email: "u@example.com", legal_name: "U Ser", ...body }, cookie));

  expect((await claim({ song_id: first, ownershipCode: `code-${user.id}` })).status).toBe(200);
  const reused = await claim({ song_id: second, ownershipCode: `code-${user.id}` });
  expect(reused.status).toBe(400);
  expect((await reused.json()).error.fields.ownershipCode).toEqual(["This code is not valid or has been used."]);

  expect((await claim({ song_id: second, useCredits: true })).status).toBe(409);
  await db.insert(ownershipCredits).values({ userId: user.id, credits: 1 });
  expect(await (await claim({ song_id: second, useCredits: true })).json()).toEqual({ method: "credits", numOwnershipCredits: 0 });
  expect((await claim({ song_id: third, useCredits: true })).status).toBe(409);
  await db.update(ownershipCredits).set({ credits: 1 }).where(eq(ownershipCredits.userId, user.id));
  expect((await claim({ song_id: second, useCredits: true })).status).toBe(409);
  expect(await numOwnershipCredits(user.id)).toBe(1);
  expect((await claim({ song_id: third, ownershipCode: "X", useCredits: true })).status).toBe(400);
});
