// Identity verification (flag enable_kyc_verification_service) against Postgres: the inquiry through the
// labelled identity stand-in, withdrawals above the threshold refused until APPROVED, and the staff route
// guarded by kyc:actions.
import "../support/auth-env";
import * as inquiryRoute from "~/routes/api.user.inquiry";
import * as resumeRoute from "~/routes/api.user.$id.kyc_resume";
import * as staffRoute from "~/routes/api.admin.user.$id.verification";
import { db } from "~/server/db.server";
import { setFlag } from "~/server/flags.server";
import { completeInquiry, verificationOf } from "~/services/identity";
import { postRoyaltyCredit } from "~/services/ledger";
import { addExternalAccount, KYC_THRESHOLD_CENTS, requestWithdrawal } from "~/services/withdrawals";
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

const post = (path: string, body: unknown, cookie: string) =>
  new Request(new URL(path, "http://localhost:3000"), { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });

it("is off by default, then verifies through the stand-in; large withdrawals wait for APPROVED", async () => {
  const user = await createUser(db);
  const { cookie } = await createSession(db, user.id);
  expect((await callRoute(inquiryRoute.action, post("/api/user/inquiry", {}, cookie))).status).toBe(403);
  await setFlag("enable_kyc_verification_service", true);

  await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `royalty:kyc:${user.id}`, userId: user.id, songId: "s", store: "spotify", day: "2026-11-01", streams: 1, grossMicros: 1_000_000_000 }));
  const bank = await addExternalAccount(user, { accountHolderName: "A Person", routingNumber: "110000000", accountNumber: "000123456789" });
  await expect(requestWithdrawal(user.id, { amountCents: KYC_THRESHOLD_CENTS + 1, externalAccountId: bank.id })).rejects.toMatchObject({ status: 403, code: "verification_required" });
  // At or below the threshold no verification is needed.
  expect((await requestWithdrawal(user.id, { amountCents: 1_000, externalAccountId: bank.id })).state).toBe("requested");

  const started = await (await callRoute(inquiryRoute.action, post("/api/user/inquiry", {}, cookie))).json();
  expect(started).toMatchObject({ status: "REQUESTED", url: `/dev/identity/inquiry/${started.inquiryId}` });
  const resumed = await (await callRoute(resumeRoute.loader, get(`/api/user/${user.id}/kyc_resume`, cookie), { id: user.id })).json();
  expect(resumed).toEqual(started);
  const stranger = await createUser(db);
  expect((await callRoute(resumeRoute.loader, get(`/api/user/${stranger.id}/kyc_resume`, cookie), { id: stranger.id })).status).toBe(403);

  expect(await completeInquiry(started.inquiryId, "APPROVED")).toBe(true);
  expect(await completeInquiry(started.inquiryId, "FAILED")).toBe(false);
  expect((await verificationOf(user.id))?.status).toBe("APPROVED");
  expect((await requestWithdrawal(user.id, { amountCents: KYC_THRESHOLD_CENTS + 1, externalAccountId: bank.id })).state).toBe("requested");
  await setFlag("enable_kyc_verification_service", false);
});

it("lets only staff with kyc:actions set the status", async () => {
  const user = await createUser(db);
  const regular = await createSession(db, (await createUser(db)).id);
  const bareAdmin = await createSession(db, (await createUser(db, { isAdmin: true })).id);
  const kycStaff = await createSession(db, (await createUser(db, { isAdmin: true, roles: ["engineering"] })).id);
  const path = `/api/admin/user/${user.id}/verification`;
  expect((await callRoute(staffRoute.action, post(path, { status: "APPROVED" }, regular.cookie), { id: user.id })).status).toBe(403);
  expect((await callRoute(staffRoute.action, post(path, { status: "APPROVED" }, bareAdmin.cookie), { id: user.id })).status).toBe(403);
  expect((await callRoute(staffRoute.action, post(path, { status: "SOMETHING" }, kycStaff.cookie), { id: user.id })).status).toBe(400);
  const done = await callRoute(staffRoute.action, post(path, { status: "FAILED" }, kycStaff.cookie), { id: user.id });
  expect(await done.json()).toEqual({ userId: user.id, verificationStatus: "FAILED" });
  expect((await verificationOf(user.id))?.status).toBe("FAILED");
  expect((await callRoute(staffRoute.action, post("/api/admin/user/nobody/verification", { status: "FAILED" }, kycStaff.cookie), { id: "nobody" })).status).toBe(404);
});
