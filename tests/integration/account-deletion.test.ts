// DELETE /api/user/account against Postgres and the Stripe stand-in: confirmation required, signed out
// everywhere, personal data and the user's songs erased, the membership cancelled at Stripe, and the
// books (ledger, withdrawals) and songs someone else owns kept.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { identities, journalEntries, sessions, songOwnerships, songs, users } from "#drizzle/schema/index";
import * as deleteRoute from "~/routes/api.user.account";
import { db } from "~/server/db.server";
import { getUserPlan } from "~/server/plans.server";
import { createMembershipCheckout } from "~/services/billing";
import { payCheckoutSession } from "~/services/billing/standin/checkout.server";
import { deliveriesSettled } from "~/services/billing/standin/events.server";
import { postRoyaltyCredit, userBalances } from "~/services/ledger";
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

const del = (body: unknown, cookie: string) =>
  new Request("http://localhost:3000/api/user/account", { method: "DELETE", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function song(ownerId: string) {
  const [row] = await db.insert(songs).values({ userId: ownerId, style: "wd_lofi", filter: "morning_sun", params: {} as never, seed: 1, productionSeed: 1, batchId: "b", status: "complete" }).returning({ id: songs.id });
  return row.id;
}

it("needs the confirmation, then erases the account but keeps the books", async () => {
  const user = await createUser(db);
  const { cookie } = await createSession(db, user.id);
  await createSession(db, user.id);
  const url = await createMembershipCheckout(user, 1);
  await payCheckoutSession(new URL(url).pathname.split("/").pop()!, { number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123", name: "" });
  await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `royalty:del:${user.id}`, userId: user.id, songId: "s", store: "spotify", day: "2026-11-01", streams: 10, grossMicros: 1_000_000 }));
  const mine = await song(user.id);
  const sold = await song(user.id);
  const buyer = await createUser(db);
  await db.insert(songOwnerships).values({ songId: sold, userId: buyer.id, legalName: "B", email: "b@example.com", method: "code" });

  const refused = await callRoute(deleteRoute.action, del({ confirmation: "delete me" }, cookie));
  expect(refused.status).toBe(400);
  expect((await refused.json()).error.fields.confirmation).toEqual(["Type DELETE to confirm."]);

  const deleted = await callRoute(deleteRoute.action, del({ confirmation: "DELETE" }, cookie));
  expect(deleted.status).toBe(204);
  expect(deleted.headers.get("set-cookie")).toContain("__session=;");
  await deliveriesSettled();
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  expect(row).toMatchObject({ email: `deleted-${user.id}@deleted.songloom.invalid`, displayName: "Deleted user", accountStatus: "INACTIVE", emailVerifiedAt: null });
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  expect(await db.select().from(identities).where(eq(identities.userId, user.id))).toEqual([]);
  expect(await db.select({ id: songs.id }).from(songs).where(eq(songs.userId, user.id))).toEqual([{ id: sold }]);
  expect(mine).not.toBe(sold);
  expect((await getUserPlan(user)).plan.key).toBe("free");
  expect((await db.select().from(journalEntries).where(eq(journalEntries.userId, user.id))).length).toBe(2);
  expect((await userBalances(db, user.id)).availableMicros).toBe(800_000);
});
