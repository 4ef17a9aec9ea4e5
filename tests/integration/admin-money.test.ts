// Staff tools of issues 19 and 21: held withdrawals decided on /admin/withdrawals only through a
// confirmation and audited; a user's balance for staff; staff song URLs that open private songs' files
// for the staff member they were issued to, until they expire; the lost-authenticator reset (who may reset
// whom, confirmation required, audited, the staff member re-enrols). The books balance after every test.
import "../support/auth-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { staffSecondFactors } from "#drizzle/schema/admin";
import { sessions } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import * as adminWithdrawals from "~/routes/admin.withdrawals";
import * as adminReset from "~/routes/admin.staff_second_factor";
import * as songUrls from "~/routes/api.admin.song.urls";
import * as staffMedia from "~/routes/media.staff.songs.$songId.$type";
import * as staffBalance from "~/routes/api.user.$id.balance.values";
import * as staffTransactions from "~/routes/api.admin.user.$id.transactions";
import { db, rawRows } from "~/server/db.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { postRoyaltyCredit, userBalances } from "~/services/ledger";
import { addExternalAccount, findWithdrawal, requestWithdrawal } from "~/services/withdrawals";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { expectBooksBalance, startStripeStandin, type StandinServer } from "../support/money";
import { insertSavedSong } from "../support/releases";
import { waitFor } from "../support/wait";

const database = setupTestDatabase("postgres");
let standin: StandinServer;
beforeAll(async () => {
  standin = await startStripeStandin();
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-staff-media-"))));
});
afterAll(async () => {
  await standin.close();
});
afterEach(async () => {
  await expectBooksBalance(database().db);
});

const json = (url: string, body: unknown, cookie: string) =>
  new Request(new URL(url, "http://localhost:3000"), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } });
const audits = (actorId: string) => rawRows<{ action: string }>(db, sql`select action from admin_audit_log where actor_id = ${actorId} order by created_at`).then((rows) => rows.map((row) => row.action));

describe("held withdrawals", () => {
  test("approve needs the confirmation token; the decision pays, is audited, and the staff balance view agrees", async () => {
    const user = await createUser(db);
    await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `royalty:test:${user.id}`, userId: user.id, songId: "s", store: "spotify", day: "2026-10-01", streams: 1, grossMicros: 1_500_000_000 }));
    const bank = await addExternalAccount(user, { accountHolderName: "Test Person", routingNumber: "110000000", accountNumber: "000123456789" });
    const withdrawal = await requestWithdrawal(user.id, { amountCents: 100_000, externalAccountId: bank.id });
    expect(withdrawal.state).toBe("held");

    const staff = await createUser(db, { isAdmin: true, roles: ["royalty_admin"] });
    const { cookie } = await createSession(db, staff.id);
    const page = await callRoute(adminWithdrawals.loader, get("/admin/withdrawals", cookie));
    expect((await page.json()).held.map((row: { id: string }) => row.id)).toContain(withdrawal.id);

    // A direct confirm without a token is refused and changes nothing.
    const forged = await callRoute(adminWithdrawals.action, post("/admin/withdrawals", { intent: "confirm", id: withdrawal.id, decision: "approve", token: "made-up" }, cookie));
    expect(forged.status).toBe(428);
    expect((await findWithdrawal(withdrawal.id))?.state).toBe("held");

    const prepared = await callRoute(adminWithdrawals.action, post("/admin/withdrawals", { intent: "prepare", id: withdrawal.id, decision: "approve", reason: "" }, cookie));
    const { token } = await prepared.json();
    // The token is for approving, not rejecting.
    const wrong = await callRoute(adminWithdrawals.action, post("/admin/withdrawals", { intent: "confirm", id: withdrawal.id, decision: "reject", reason: "", token }, cookie));
    expect(wrong.status).toBe(428);
    const done = await callRoute(adminWithdrawals.action, post("/admin/withdrawals", { intent: "confirm", id: withdrawal.id, decision: "approve", reason: "", token }, cookie));
    expect(done.status).toBe(302);
    await waitFor(async () => (await findWithdrawal(withdrawal.id))?.state === "paid", { what: "the approved payout to be paid" });
    expect(await audits(staff.id)).toEqual(["withdrawal_approved"]);

    const balance = await callRoute(staffBalance.loader, get(`/api/user/${user.id}/balance/values`, cookie), { id: user.id });
    expect(await balance.json()).toEqual(await userBalances(db, user.id));
    expect((await callRoute(staffBalance.loader, get("/api/user/nobody/balance/values", cookie), { id: "nobody" })).status).toBe(404);
    const transactions = await (await callRoute(staffTransactions.loader, get(`/api/admin/user/${user.id}/transactions?perPage=10`, cookie), { id: user.id })).json();
    expect(transactions.withdrawals).toEqual([expect.objectContaining({ id: withdrawal.id, state: "paid", amountCents: 100_000 })]);
    expect(transactions.transactions.map((item: { category: string }) => item.category)).toEqual(expect.arrayContaining(["royalty", "withdrawal"]));
  });
});

describe("staff song URLs", () => {
  test("open a private song's file for the staff member they were issued to, not for others, not forged", async () => {
    const owner = await createUser(db);
    const songId = await insertSavedSong(db, owner.id, { private: true });
    const keys = { mp3: `songs/${songId}/song.mp3`, wav: `songs/${songId}/song.wav`, midi: `songs/${songId}/song.mid`, peaks: `songs/${songId}/peaks.json`, description: `songs/${songId}/description.json` };
    await db.update(songs).set({ media: keys }).where(eq(songs.id, songId));
    const { getStorage } = await import("~/server/storage.server");
    await getStorage().put(keys.mp3, new Uint8Array([0xff, 0xfb, 1, 2, 3]));

    const staff = await createUser(db, { isAdmin: true, roles: ["distro_ops_coordinator"] });
    const { cookie } = await createSession(db, staff.id);
    const bad = await callRoute(songUrls.action, json("/api/admin/song/urls", { songIds: [songId], type: "flac" }, cookie));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("type");
    const response = await callRoute(songUrls.action, json("/api/admin/song/urls", { songIds: [songId, "missing"], type: "mp3" }, cookie));
    const body = await response.json();
    expect(body.urls[1]).toEqual({ songId: "missing", url: null, reason: "no such song" });
    const url = new URL(body.urls[0].url, "http://localhost:3000");
    const params = { songId, type: "mp3" };
    const file = await callRoute(staffMedia.loader, get(`${url.pathname}${url.search}`, cookie), params);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xfb, 1, 2, 3]));

    // Another staff member's session, a changed signature or an expired link: not found.
    const other = await createUser(db, { isAdmin: true, roles: ["distro_ops_coordinator"] });
    const otherSession = await createSession(db, other.id);
    expect((await callRoute(staffMedia.loader, get(`${url.pathname}${url.search}`, otherSession.cookie), params)).status).toBe(404);
    const signature = url.searchParams.get("signature")!;
    const tampered = url.search.replace(signature, `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    expect((await callRoute(staffMedia.loader, get(`${url.pathname}${tampered}`, cookie), params)).status).toBe(404);
    const expired = url.search.replace(/expires=\d+/, "expires=1000");
    expect((await callRoute(staffMedia.loader, get(`${url.pathname}${expired}`, cookie), params)).status).toBe(404);
    expect(await audits(staff.id)).toEqual(["song_urls_issued"]);
  });
});

describe("lost authenticator reset", () => {
  test("a roles admin resets another staff member after confirming; never their own; a super admin only by a super admin", async () => {
    const engineer = await createUser(db, { isAdmin: true, roles: ["engineering"] });
    const lost = await createUser(db, { isAdmin: true, roles: ["royalty_admin"] });
    const boss = await createUser(db, { isAdmin: true, roles: ["super_admin"] });
    await db.insert(staffSecondFactors).values({ userId: lost.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date(), recoveryCodeHashes: ["x"] });
    const lostSession = await createSession(db, lost.id);
    const { cookie } = await createSession(db, engineer.id);
    const step = (fields: Record<string, string>) => callRoute(adminReset.action, post("/admin/staff_second_factor", fields, cookie));

    expect((await step({ intent: "prepare", email: engineer.email })).status).toBe(400);
    expect((await step({ intent: "prepare", email: boss.email })).status).toBe(403);
    expect((await step({ intent: "confirm", email: lost.email, token: "" })).status).toBe(428);
    expect(await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, lost.id))).toHaveLength(1);

    const prepared = await step({ intent: "prepare", email: lost.email });
    const { token, staff } = await prepared.json();
    expect(staff).toMatchObject({ id: lost.id, enrolled: true });
    expect((await step({ intent: "confirm", email: lost.email, token })).status).toBe(302);
    expect(await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, lost.id))).toEqual([]);
    const [session] = await db.select({ secondFactorAt: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, lostSession.sessionId));
    expect(session.secondFactorAt).toBeNull();
    // The token worked once.
    expect((await step({ intent: "confirm", email: lost.email, token })).status).toBe(428);
    expect(await audits(engineer.id)).toEqual(["second_factor_reset"]);
  });
});
