// The ledger and withdrawals against real Postgres (and PGlite where one connection allows): entries
// must balance (in code and by the commit-time trigger), lines are append-only, royalties credit the
// creator's share once, withdrawals round to cents keeping the remainder, two concurrent withdrawals of
// the whole balance let exactly one through, a frozen account cannot withdraw, a failed payout gives
// the money back, held withdrawals wait for staff. The books balance after every test.
import "../support/auth-env";
import { eq, sql } from "drizzle-orm";
import { journalEntries, journalLines, users, withdrawals } from "#drizzle/schema/index";
import { db, rawRows } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import {
  accountId,
  checkLedger,
  debitCredit,
  PLATFORM_REVENUE,
  postEntry,
  postRoyaltyCredit,
  storeReceivables,
  transactionHistory,
  UnbalancedEntryError,
  userBalanceAccount,
  userBalances,
} from "~/services/ledger";
import { addExternalAccount, approveWithdrawal, findWithdrawal, FROZEN_MESSAGE, requestWithdrawal } from "~/services/withdrawals";
import { createUser } from "../support/auth";
import { backends, setupTestDatabase } from "../support/database";
import { expectBooksBalance, startStripeStandin, type StandinServer } from "../support/money";
import { waitFor } from "../support/wait";

let lineCounter = 0;
async function earn(userId: string, grossMicros: number, store: "spotify" | "apple_music" = "spotify") {
  lineCounter += 1;
  return db.transaction((tx) =>
    postRoyaltyCredit(tx, { reference: `royalty:test:${userId}:${lineCounter}`, userId, songId: "song-1", store, day: "2026-11-01", streams: 1000, grossMicros }),
  );
}

describe.each(backends)("ledger on %s", (backend) => {
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

  it("refuses an unbalanced entry in code, and the database refuses one at commit", async () => {
    await expect(
      db.transaction((tx) => postEntry(tx, { reference: "bad:1", description: "x", category: "adjustment", lines: [{ account: PLATFORM_REVENUE, amountMicros: 5 }, { account: storeReceivables("spotify"), amountMicros: -4 }] })),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    const revenue = await accountId(db, PLATFORM_REVENUE);
    await expect(
      db.transaction(async (tx) => {
        const [entry] = await tx.insert(journalEntries).values({ reference: "bad:2", description: "x", category: "adjustment" }).returning();
        await tx.insert(journalLines).values({ entryId: entry.id, accountId: revenue, amountMicros: 7 });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(journalEntries).where(eq(journalEntries.reference, "bad:2"))).toEqual([]);
  });

  it("keeps lines append-only", async () => {
    const user = await createUser(db);
    await earn(user.id, 1_000_000);
    await expect(db.execute(sql`update journal_lines set amount_micros = amount_micros * 2`)).rejects.toThrow();
    await expect(db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });

  it("credits the creator's 80 % of a royalty once, in micro-dollars, and rolls up the day", async () => {
    const user = await createUser(db);
    expect(await earn(user.id, 3_333)).toBe(true);
    const again = await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `royalty:test:${user.id}:${lineCounter}`, userId: user.id, songId: "song-1", store: "spotify", day: "2026-11-01", streams: 1000, grossMicros: 3_333 }));
    expect(again).toBe(false);
    expect(await userBalances(db, user.id)).toEqual({ availableMicros: 2_666, heldMicros: 0, withdrawableCents: 0 });
    const [rollup] = await rawRows<{ streams: number; revenue_micros: string }>(db, sql`select streams, revenue_micros::text from stream_daily where user_id = ${user.id}`);
    expect(rollup).toEqual({ streams: 1000, revenue_micros: "2666" });
    const history = await transactionHistory(db, user.id, 1, 25);
    expect(history).toMatchObject({ total: 1, items: [{ category: "royalty", amountMicros: 2_666 }] });
  });

  it("withdraws whole cents and keeps the remainder; the payout is paid through Connect", async () => {
    const user = await createUser(db);
    await earn(user.id, 25_012_345); // creator gets 20_009_876 micro-dollars = $20.009876
    const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000123456789" });
    expect(bank).toMatchObject({ last4: "6789", bankName: "STRIPE TEST BANK" });
    expect((await userBalances(db, user.id)).withdrawableCents).toBe(2_000);
    const withdrawal = await requestWithdrawal(user.id, { amountCents: 2_000, externalAccountId: bank.id });
    expect(withdrawal.state).toBe("requested");
    await waitFor(async () => (await findWithdrawal(withdrawal.id))?.state === "paid", { what: "the payout to be paid" });
    expect(await userBalances(db, user.id)).toEqual({ availableMicros: 9_876, heldMicros: 0, withdrawableCents: 0 });
  });

  it("a failed payout gives the money back", async () => {
    const user = await createUser(db);
    await earn(user.id, 50_000_000);
    const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000111111116" });
    const withdrawal = await requestWithdrawal(user.id, { amountCents: 4_000, externalAccountId: bank.id });
    await waitFor(async () => (await findWithdrawal(withdrawal.id))?.state === "failed", { what: "the payout to fail" });
    expect((await userBalances(db, user.id)).availableMicros).toBe(40_000_000);
  });

  it("refuses below the minimum, above the balance, a stranger's bank account, and a frozen account", async () => {
    const user = await createUser(db);
    await earn(user.id, 25_000_000);
    const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000123456789" });
    await expect(requestWithdrawal(user.id, { amountCents: 999, externalAccountId: bank.id })).rejects.toMatchObject({ status: 400, fields: { amount: [expect.stringContaining("minimum")] } });
    await expect(requestWithdrawal(user.id, { amountCents: 2_001, externalAccountId: bank.id })).rejects.toMatchObject({ status: 409 });
    const stranger = await createUser(db);
    await expect(requestWithdrawal(stranger.id, { amountCents: 1_000, externalAccountId: bank.id })).rejects.toMatchObject({ status: 400 });
    await db.update(users).set({ accountStatus: "FROZEN" }).where(eq(users.id, user.id));
    await expect(requestWithdrawal(user.id, { amountCents: 1_000, externalAccountId: bank.id })).rejects.toMatchObject({ status: 403, message: FROZEN_MESSAGE });
    await db.update(users).set({ accountStatus: "ACTIVE", withdrawalStatus: "FROZEN" }).where(eq(users.id, user.id));
    await expect(requestWithdrawal(user.id, { amountCents: 1_000, externalAccountId: bank.id })).rejects.toBeInstanceOf(ApiError);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toEqual([]);
  });

  it("holds large withdrawals for staff; approval pays them", async () => {
    const user = await createUser(db);
    await earn(user.id, 1_500_000_000);
    const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000123456789" });
    const withdrawal = await requestWithdrawal(user.id, { amountCents: 100_000, externalAccountId: bank.id });
    expect(withdrawal.state).toBe("held");
    expect(await userBalances(db, user.id)).toMatchObject({ heldMicros: 1_000_000_000, withdrawableCents: 20_000 });
    await approveWithdrawal(withdrawal.id);
    await waitFor(async () => (await findWithdrawal(withdrawal.id))?.state === "paid", { what: "the approved payout to be paid" });
    expect(await userBalances(db, user.id)).toMatchObject({ heldMicros: 0, withdrawableCents: 20_000 });
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  if (backend === "postgres") {
    it("two concurrent withdrawals of the whole balance: exactly one succeeds", async () => {
      for (let round = 0; round < 5; round++) {
        const user = await createUser(db);
        await earn(user.id, 12_500_000); // $10.00 to the creator
        const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000123456789" });
        const results = await Promise.allSettled([1, 2].map(() => requestWithdrawal(user.id, { amountCents: 1_000, externalAccountId: bank.id })));
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
        const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 409 });
        expect((await userBalances(db, user.id)).availableMicros).toBe(0);
      }
    });
  }

  it("debitCredit moves money in one balanced entry", async () => {
    const user = await createUser(db);
    await earn(user.id, 10_000_000);
    await db.transaction((tx) => postEntry(tx, { reference: `adjust:${user.id}`, description: "Correction", category: "adjustment", userId: user.id, lines: debitCredit(userBalanceAccount(user.id), PLATFORM_REVENUE, 1_000_000) }));
    expect((await userBalances(db, user.id)).availableMicros).toBe(7_000_000);
  });
});
