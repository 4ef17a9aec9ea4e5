// The admin console's server side (issue 21): confirmation tokens, ban/unban restoring exactly what the ban
// changed, the audit log and user events, the staff second factor, lookup paging and the pages' forms,
// through the route modules against a real database.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { adminAuditLog, staffSecondFactors } from "#drizzle/schema/admin";
import { devices, sessions, userDevices, userEvents, users } from "#drizzle/schema/auth";
import * as confirmRoute from "~/routes/admin.confirm";
import * as secondFactorRoute from "~/routes/admin.second-factor";
import * as lookupRoute from "~/routes/admin.users._index";
import * as annotationsRoute from "~/routes/admin.users.$userId.annotations";
import * as viewRoute from "~/routes/admin.users.$userId.view";
import * as flagsRoute from "~/routes/admin.feature_flags";
import * as faqsRoute from "~/routes/admin.faqs";
import * as publicFaqsRoute from "~/routes/faqs";
import { db as appDb } from "~/server/db.server";
import { isFlagActive } from "~/server/flags.server";
import { getOptionalUser, requireAdmin } from "~/server/guards.server";
import { listUserTagNames, prepareConfirmedAction, runConfirmedAction, type ConfirmedAction } from "~/services/admin";
import { totpCode } from "~/services/admin/second-factor";
import type { Role } from "~/server/permissions.server";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");

async function admin(roles: Role[] = ["music_admin"]) {
  const user = await createUser(database().db, { isAdmin: true, roles });
  const session = await createSession(database().db, user.id);
  const subject = { id: user.id, isAdmin: true, roles: roles as string[], permissions: [] as string[] };
  // Permissions as the session lookup computes them (from role_permissions).
  subject.permissions = (await getOptionalUser(get("/admin", session.cookie)))!.permissions;
  return { user, cookie: session.cookie, subject };
}

async function userRow(id: string) {
  return (await database().db.select().from(users).where(eq(users.id, id)))[0];
}

async function confirmAndRun(actor: Awaited<ReturnType<typeof admin>>, action: ConfirmedAction, userIds: string[], params: Record<string, string> = {}) {
  const { token } = await prepareConfirmedAction(actor.subject, action, userIds, params);
  await runConfirmedAction(actor.subject, action, userIds, params, token);
}

describe("confirmation tokens", () => {
  test("a confirmed action runs only with a token issued to this admin for exactly this action, these users and params, once", async () => {
    const actor = await admin();
    const other = await admin();
    const target = await createUser(database().db);
    const run = (token: string | null, action: ConfirmedAction = "user.withdrawal_status", params: Record<string, string> = { status: "FROZEN" }, by = actor) =>
      runConfirmedAction(by.subject, action, [target.id], params, token).then(
        () => "ran",
        (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
      );

    expect(await run(null)).toBe("428 confirmation_required");
    const { token } = await prepareConfirmedAction(actor.subject, "user.withdrawal_status", [target.id], { status: "FROZEN" });
    expect(await run(token, "user.withdrawal_status", { status: "INACTIVE" })).toBe("428 confirmation_required");
    expect(await run(token, "user.ban", {})).toBe("428 confirmation_required");
    expect(await run(token, undefined, undefined, other)).toBe("428 confirmation_required");
    expect((await userRow(target.id)).withdrawalStatus).toBe("ACTIVE");
    expect(await run(token)).toBe("ran");
    expect((await userRow(target.id)).withdrawalStatus).toBe("FROZEN");
    expect(await run(token)).toBe("428 confirmation_required");

    const audit = await database().db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, target.id));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: actor.user.id, action: "withdrawal_status", targetType: "user", before: { withdrawalStatus: "ACTIVE" }, after: { withdrawalStatus: "FROZEN" } }),
    ]);
  });

  test("the permission is checked when the token is issued and when it is used", async () => {
    const coordinator = await admin(["creator_success_coordinator"]);
    const target = await createUser(database().db);
    await expect(prepareConfirmedAction(coordinator.subject, "user.ban", [target.id], {})).rejects.toMatchObject({ status: 403 });
    await expect(prepareConfirmedAction(coordinator.subject, "user.bulk_tag", [target.id], { tagId: "nope" })).rejects.toMatchObject({ status: 404 });
  });

  test("the confirmation page: prepare shows what will happen and a token; confirm runs it; a forged confirm without a token is refused", async () => {
    const actor = await admin();
    const target = await createUser(database().db);
    const returnTo = `/admin/users/${target.id}/view`;
    const forged = await callRoute(confirmRoute.action, post("/admin/confirm", { intent: "confirm", op: "user.ban", userIds: target.id, returnTo }, actor.cookie));
    expect(forged.status).toBe(428);
    expect((await userRow(target.id)).accountStatus).toBe("ACTIVE");

    const prepared = await callRoute(confirmRoute.action, post("/admin/confirm", { intent: "prepare", op: "user.ban", userIds: target.id, returnTo }, actor.cookie));
    const page = await prepared.json();
    expect(page).toMatchObject({ stage: "confirm", title: "Ban", users: [{ id: target.id, email: target.email }], returnTo });
    const confirmed = await callRoute(confirmRoute.action, post("/admin/confirm", { intent: "confirm", op: "user.ban", userIds: target.id, token: page.token, returnTo }, actor.cookie));
    expect(confirmed.headers.get("Location")).toBe(`${returnTo}?done=user.ban`);
    expect((await userRow(target.id)).accountStatus).toBe("BANNED");

    const offSite = await callRoute(confirmRoute.action, post("/admin/confirm", { intent: "prepare", op: "user.unban", userIds: target.id, returnTo: "https://evil.example/" }, actor.cookie));
    expect((await offSite.json()).returnTo).toBe("/admin");
  });
});

describe("ban and unban (spec 3 §4)", () => {
  test("unban restores exactly what the ban changed: a withdrawal frozen before stays frozen, a device banned before stays banned", async () => {
    const { db } = database();
    const actor = await admin();
    const target = await createUser(db);
    const first = await createSession(db, target.id);
    const second = await createSession(db, target.id);
    await db.update(users).set({ withdrawalStatus: "FROZEN", releaseLabel: "BULK", accountStatus: "INACTIVE" }).where(eq(users.id, target.id));
    await db.update(devices).set({ banned: true }).where(eq(devices.id, second.deviceId));

    await confirmAndRun(actor, "user.ban", [target.id]);
    expect(await userRow(target.id)).toMatchObject({ accountStatus: "BANNED", withdrawalStatus: "FROZEN", releaseLabel: "SHADOWBAN" });
    const banned = await db.select({ id: devices.id, banned: devices.banned }).from(devices).innerJoin(userDevices, eq(userDevices.deviceId, devices.id)).where(eq(userDevices.userId, target.id));
    expect(banned.every((device) => device.banned)).toBe(true);

    // The user's next request signs them out with the ban message.
    const kicked = await callRoute(() => getOptionalUser(get("/library", first.cookie)), get("/library"));
    expect(kicked.headers.get("Location")).toBe("/sign-in?banned=device");

    await expect(confirmAndRun(actor, "user.withdrawal_status", [target.id], { status: "ACTIVE" })).rejects.toMatchObject({ status: 409 });
    await confirmAndRun(actor, "user.unban", [target.id]);
    expect(await userRow(target.id)).toMatchObject({ accountStatus: "INACTIVE", withdrawalStatus: "FROZEN", releaseLabel: "BULK" });
    expect((await db.select().from(devices).where(eq(devices.id, first.deviceId)))[0].banned).toBe(false);
    expect((await db.select().from(devices).where(eq(devices.id, second.deviceId)))[0].banned).toBe(true);
    await expect(confirmAndRun(actor, "user.unban", [target.id])).rejects.toMatchObject({ status: 409 });

    const events = await db.select().from(userEvents).where(eq(userEvents.userId, target.id));
    expect(events.map((event) => event.type).sort()).toEqual(["admin.ban", "admin.unban"]);
    expect(events.find((event) => event.type === "admin.ban")?.data).toMatchObject({ by: actor.user.id, before: { withdrawalStatus: "FROZEN", accountStatus: "INACTIVE" } });
  });

  test("an admin cannot ban themselves", async () => {
    const actor = await admin();
    await expect(prepareConfirmedAction(actor.subject, "user.ban", [actor.user.id], {})).rejects.toMatchObject({ status: 400, code: "own_account" });
  });
});

describe("user pages", () => {
  test("lookup by email part, paged by itemsPerPage; bad paging is the spec's error text with a 400", async () => {
    const actor = await admin();
    const marker = `lookup${Date.now()}`;
    for (let i = 0; i < 12; i += 1) await createUser(database().db, { email: `${marker}-${String(i).padStart(2, "0")}@example.com` });
    const first = await (await callRoute(lookupRoute.loader, get(`/admin/users?q=${marker}&itemsPerPage=10`, actor.cookie))).json();
    expect(first.result).toMatchObject({ total: 12, page: 1, itemsPerPage: 10 });
    expect(first.result.users).toHaveLength(10);
    const second = await (await callRoute(lookupRoute.loader, get(`/admin/users?q=${marker}&itemsPerPage=10&page=2`, actor.cookie))).json();
    expect(second.result.users.map((user: { email: string }) => user.email)).toEqual([`${marker}-10@example.com`, `${marker}-11@example.com`]);
    const none = await (await callRoute(lookupRoute.loader, get(`/admin/users?q=nobody-${marker}`, actor.cookie))).json();
    expect(none.result.total).toBe(0);
    const bad = await callRoute(lookupRoute.loader, get(`/admin/users?q=${marker}&itemsPerPage=30`, actor.cookie));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ itemsPerPage: "Show 10, 25 or 50 per page." });
  });

  test("annotations keep author and time; tags are added and removed without confirmation, bulk tags with it", async () => {
    const actor = await admin();
    const target = await createUser(database().db);
    const added = await callRoute(annotationsRoute.action, post(`/admin/users/${target.id}/annotations`, { intent: "add", body: "Called about a refund." }, actor.cookie), { userId: target.id });
    expect(added.status).toBe(302);
    const empty = await callRoute(annotationsRoute.action, post(`/admin/users/${target.id}/annotations`, { intent: "add", body: "  " }, actor.cookie), { userId: target.id });
    expect(empty.status).toBe(400);
    const notes = (await (await callRoute(annotationsRoute.loader, get(`/admin/users/${target.id}/annotations`, actor.cookie), { userId: target.id })).json()).notes;
    expect(notes).toEqual([expect.objectContaining({ body: "Called about a refund.", author: `${actor.user.displayName} (${actor.user.email})`, removable: true })]);

    await callRoute(viewRoute.action, post(`/admin/users/${target.id}/view`, { intent: "add_tag", tagName: "VIP" }, actor.cookie), { userId: target.id });
    const view = await (await callRoute(viewRoute.loader, get(`/admin/users/${target.id}/view`, actor.cookie), { userId: target.id })).json();
    expect(view.user.tags.map((tag: { name: string }) => tag.name)).toEqual(["vip"]);

    const others = [await createUser(database().db), await createUser(database().db)];
    const vip = (await listUserTagNames(appDb)).find((tag) => tag.name === "vip")!;
    await expect(runConfirmedAction(actor.subject, "user.bulk_tag", others.map((u) => u.id).sort(), { tagId: vip.id }, null)).rejects.toMatchObject({ status: 428 });
    await confirmAndRun(actor, "user.bulk_tag", others.map((u) => u.id).sort(), { tagId: vip.id });
    const lookup = await (await callRoute(lookupRoute.loader, get(`/admin/users?by=id&q=${others[0].id}`, actor.cookie))).json();
    expect(lookup.result.users[0].tags).toEqual(["vip"]);

    await callRoute(viewRoute.action, post(`/admin/users/${target.id}/view`, { intent: "remove_tag", tagId: vip.id }, actor.cookie), { userId: target.id });
    const after = await (await callRoute(viewRoute.loader, get(`/admin/users/${target.id}/view`, actor.cookie), { userId: target.id })).json();
    expect(after.user.tags).toEqual([]);
    const types = (await database().db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, target.id))).map((row) => row.action).sort();
    expect(types).toEqual(["annotation_added", "tag_added", "tag_removed"]);
  });
});

describe("staff second factor", () => {
  test("admin pages need a session that passed it; enrolment shows the secret, gives recovery codes; the challenge takes a code once or a recovery code", async () => {
    const { db } = database();
    const user = await createUser(db, { isAdmin: true, roles: ["music_admin"] });
    const { cookie, sessionId } = await createSession(db, user.id, { secondFactor: false });
    const guarded = await callRoute(() => requireAdmin(get("/admin/users?q=a", cookie)), get("/"));
    expect(guarded.headers.get("Location")).toBe("/admin/second-factor?redirectFrom=%2Fadmin%2Fusers%3Fq%3Da");
    const api = await callRoute(() => requireAdmin(get("/api/admin/permissions", cookie)), get("/"));
    expect(api.status).toBe(403);

    const page = await (await callRoute(secondFactorRoute.loader, get("/admin/second-factor?redirectFrom=/admin/users", cookie))).json();
    expect(page.state).toMatchObject({ enrolled: false, otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/Songloom:.*secret=/) });
    const wrong = await callRoute(secondFactorRoute.action, post("/admin/second-factor", { intent: "enrol", code: "000000", continueTo: "/admin/users" }, cookie));
    expect(wrong.status).toBe(400);
    const enrolled = await (await callRoute(secondFactorRoute.action, post("/admin/second-factor", { intent: "enrol", code: await totpCode({ secret: page.state.secret }), continueTo: "/admin/users" }, cookie))).json();
    expect(enrolled.recoveryCodes).toHaveLength(10);
    const [stored] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, user.id));
    expect(stored.recoveryCodeHashes).toHaveLength(10);
    expect(stored.recoveryCodeHashes).not.toContain(enrolled.recoveryCodes[0]);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session.secondFactorAt).not.toBeNull();
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    expect(await callRoute(async () => { await requireAdmin(get("/admin", cookie)); return new Response("ok"); }, get("/"))).toHaveProperty("status", 200);

    // A new session: the challenge. The code just used for enrolment is not accepted again.
    const next = await createSession(db, user.id, { secondFactor: false });
    const replay = await callRoute(secondFactorRoute.action, post("/admin/second-factor", { intent: "challenge", code: await totpCode({ secret: page.state.secret }) }, next.cookie));
    expect(replay.status).toBe(400);
    const recovered = await callRoute(secondFactorRoute.action, post("/admin/second-factor", { intent: "challenge", code: enrolled.recoveryCodes[0], continueTo: "/admin/faqs" }, next.cookie));
    expect(recovered.headers.get("Location")).toBe("/admin/faqs");
    const third = await createSession(db, user.id, { secondFactor: false });
    const reused = await callRoute(secondFactorRoute.action, post("/admin/second-factor", { intent: "challenge", code: enrolled.recoveryCodes[0] }, third.cookie));
    expect(reused.status).toBe(400);
  });
});

describe("feature flags and FAQs", () => {
  test("a viewer sees the flags; only a feature flag admin switches one, audited", async () => {
    const music = await admin(["music_admin"]);
    const engineering = await admin(["engineering"]);
    const seen = await (await callRoute(flagsRoute.loader, get("/admin/feature_flags", music.cookie))).json();
    expect(seen).toMatchObject({ mayToggle: false, cacheSeconds: 5 });
    const refused = await callRoute(flagsRoute.action, post("/admin/feature_flags", { key: "show_advert_banner", active: "false" }, music.cookie));
    expect(refused.headers.get("Location")).toBe("/admin");
    const switched = await callRoute(flagsRoute.action, post("/admin/feature_flags", { key: "show_advert_banner", active: "false" }, engineering.cookie));
    expect(switched.headers.get("Location")).toBe("/admin/feature_flags?switched=show_advert_banner");
    expect(await isFlagActive("show_advert_banner")).toBe(false);
    await callRoute(flagsRoute.action, post("/admin/feature_flags", { key: "show_advert_banner", active: "true" }, engineering.cookie));
    expect(await isFlagActive("show_advert_banner")).toBe(true);
    const unknown = await callRoute(flagsRoute.action, post("/admin/feature_flags", { key: "nope", active: "true" }, engineering.cookie));
    expect(unknown.status).toBe(404);
  });

  test("a topic and question added (and moved first) show on /faqs?topic=; inactive ones do not", async () => {
    const actor = await admin();
    const send = (fields: Record<string, string>) => callRoute(faqsRoute.action, post("/admin/faqs", fields, actor.cookie));
    expect((await send({ intent: "create_topic", name: "" })).status).toBe(400);
    await send({ intent: "create_topic", name: "Payouts", active: "on" });
    const topic = (await (await callRoute(faqsRoute.loader, get("/admin/faqs", actor.cookie))).json()).topics.find((t: { name: string }) => t.name === "Payouts");
    await send({ intent: "create_question", topicId: topic.id, questionText: "When am I paid?", answerText: "Monthly.", active: "on" });
    await send({ intent: "create_question", topicId: topic.id, questionText: "Hidden?", answerText: "Yes.", active: "" });
    await send({ intent: "create_question", topicId: topic.id, questionText: "Which currency?", answerText: "USD.", active: "on" });
    const staff = (await (await callRoute(faqsRoute.loader, get("/admin/faqs", actor.cookie))).json()).topics.find((t: { id: string }) => t.id === topic.id);
    const currency = staff.questions.find((q: { questionText: string }) => q.questionText === "Which currency?");
    await send({ intent: "move", kind: "question", id: currency.id, direction: "up" });
    await send({ intent: "move", kind: "question", id: currency.id, direction: "up" });
    const shown = await (await callRoute(publicFaqsRoute.loader, get(`/faqs?topic=${topic.id}`))).json();
    expect(shown.shown[0].questions.map((q: { question: string }) => q.question)).toEqual(["Which currency?", "When am I paid?"]);
  });
});

describe("dashboard", () => {
  test("stats and attention tiles are shown only with the permission behind them", async () => {
    const dashboard = await import("~/routes/admin._index");
    const music = await admin(["music_admin"]);
    const royalty = await admin(["royalty_admin"]);
    const bare = await admin([]);
    const full = await (await callRoute(dashboard.loader, get("/admin", music.cookie))).json();
    expect(full.users.levels.map((level: { level: string }) => level.level)).toEqual(["free", "creator", "pro"]);
    expect(full.users.newPerDay).toHaveLength(14);
    expect(full.users.newToday).toBeGreaterThan(0);
    expect(full.songs.madePerDay).toHaveLength(14);
    const partial = await (await callRoute(dashboard.loader, get("/admin", royalty.cookie))).json();
    expect(partial.users).not.toBeNull();
    expect(partial.songs).toBeNull();
    const none = await (await callRoute(dashboard.loader, get("/admin", bare.cookie))).json();
    expect(none).toMatchObject({ users: null, songs: null, sections: [] });
  });
});

describe("songs", () => {
  test("search by name; make private takes a song off Home; only finished, saved, public songs are featured", async () => {
    const { songs } = await import("#drizzle/schema/songs");
    const songsRoute = await import("~/routes/admin.songs");
    const { db } = database();
    const owner = await createUser(db);
    const name = `Admin search ${Date.now()}`;
    const [song] = await db
      .insert(songs)
      .values({ userId: owner.id, style: "wd_lofi", filter: "morning_sun", params: {} as never, seed: 1, productionSeed: 1, batchId: "b", songName: name, status: "complete", saved: true })
      .returning({ id: songs.id });
    const music = await admin(["music_admin"]);
    const coordinator = await admin(["ar_coordinator"]);
    const found = await (await callRoute(songsRoute.loader, get(`/admin/songs?q=${encodeURIComponent(name)}`, coordinator.cookie))).json();
    expect(found.result.songs.map((row: { id: string }) => row.id)).toEqual([song.id]);
    expect(found.may).toEqual({ private: true, feature: false });

    const send = (cookie: string, intent: string) => callRoute(songsRoute.action, post("/admin/songs", { intent, songId: song.id }, cookie));
    expect((await send(coordinator.cookie, "feature")).headers.get("Location")).toBe("/admin");
    expect((await send(music.cookie, "feature")).status).toBe(302);
    expect((await db.select().from(songs).where(eq(songs.id, song.id)))[0].featuredAt).not.toBeNull();
    expect((await send(coordinator.cookie, "private")).status).toBe(302);
    expect((await db.select().from(songs).where(eq(songs.id, song.id)))[0]).toMatchObject({ private: true, featuredAt: null });
    expect((await send(music.cookie, "feature")).status).toBe(409);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, song.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["song_featured", "song_made_private"]);
  });
});

describe("roles", () => {
  test("a roles admin grants and revokes a staff member's role (the grant applies on their next request); others only see", async () => {
    const rolesRoute = await import("~/routes/admin.roles");
    const { db } = database();
    const engineer = await admin(["engineering"]);
    const music = await admin(["music_admin"]);
    const staff = await createUser(db, { isAdmin: true });
    const { cookie } = await createSession(db, staff.id);
    const regular = await createUser(db);
    const send = (by: string, fields: Record<string, string>) => callRoute(rolesRoute.action, post("/admin/roles", fields, by));
    expect((await send(music.cookie, { intent: "grant", email: staff.email, role: "royalty_admin" })).headers.get("Location")).toBe("/admin");
    expect((await send(engineer.cookie, { intent: "grant", email: regular.email, role: "royalty_admin" })).status).toBe(409);
    expect((await send(engineer.cookie, { intent: "grant", email: staff.email, role: "royalty_admin" })).headers.get("Location")).toBe("/admin/roles?saved=1");
    expect((await getOptionalUser(get("/admin", cookie)))!.permissions).toContain("royalty:viewer");
    const page = await (await callRoute(rolesRoute.loader, get("/admin/roles", music.cookie))).json();
    expect(page.mayAssign).toBe(false);
    expect(page.roles.find((role: { id: string }) => role.id === "royalty_admin").staff.map((s: { email: string }) => s.email)).toContain(staff.email);
    await send(engineer.cookie, { intent: "revoke", email: staff.email, role: "royalty_admin" });
    expect((await getOptionalUser(get("/admin", cookie)))!.roles).toEqual([]);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, staff.id));
    expect(audit.map((row) => [row.action, row.after])).toEqual(expect.arrayContaining([["role_granted", { roles: ["royalty_admin"] }], ["role_revoked", { roles: [] }]]));
  });
});

describe("devices", () => {
  test("a device admin bans one device (its user is signed out with the ban message) and unbans it; the device is located from its IP", async () => {
    const devicesRoute = await import("~/routes/admin.users.$userId.devices");
    const { db } = database();
    const actor = await admin(["music_admin"]);
    const target = await createUser(db);
    const session = await createSession(db, target.id);
    await db.update(devices).set({ ip: "81.2.69.160" }).where(eq(devices.id, session.deviceId));
    const page = await (await callRoute(devicesRoute.loader, get(`/admin/users/${target.id}/devices`, actor.cookie), { userId: target.id })).json();
    expect(page.devices).toEqual([expect.objectContaining({ deviceId: session.deviceId, country: "GB", continent: "Europe", numberOfUsers: 1, banned: false })]);
    await callRoute(devicesRoute.action, post(`/admin/users/${target.id}/devices`, { intent: "ban", deviceId: session.deviceId }, actor.cookie), { userId: target.id });
    const kicked = await callRoute(() => getOptionalUser(get("/library", session.cookie)), get("/library"));
    expect(kicked.headers.get("Location")).toBe("/sign-in?banned=device");
    await callRoute(devicesRoute.action, post(`/admin/users/${target.id}/devices`, { intent: "unban", deviceId: session.deviceId }, actor.cookie), { userId: target.id });
    expect((await db.select().from(devices).where(eq(devices.id, session.deviceId)))[0]).toMatchObject({ banned: false, country: "GB" });
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, session.deviceId));
    expect(audit.map((row) => row.action).sort()).toEqual(["device_banned", "device_unbanned"]);
  });
});

describe("API", () => {
  test("POST /api/admin/user/ban: 428 without a token, done with the token from POST /api/admin/confirmations, 428 when it is reused", async () => {
    const confirmations = await import("~/routes/api.admin.confirmations");
    const ban = await import("~/routes/api.admin.user.ban");
    const actor = await admin();
    const target = await createUser(database().db);
    const send = (path: string, body: unknown) =>
      new Request(`http://localhost:3000${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: actor.cookie } });
    const direct = await callRoute(ban.action, send("/api/admin/user/ban", { userIds: [target.id] }));
    expect(direct.status).toBe(428);
    expect((await direct.json()).error.code).toBe("confirmation_required");
    const issued = await callRoute(confirmations.action, send("/api/admin/confirmations", { action: "user.ban", userIds: [target.id] }));
    expect(issued.status).toBe(201);
    const { confirmationToken } = await issued.json();
    expect((await callRoute(ban.action, send("/api/admin/user/ban", { userIds: [target.id], confirmationToken }))).status).toBe(200);
    expect((await userRow(target.id)).accountStatus).toBe("BANNED");
    expect((await callRoute(ban.action, send("/api/admin/user/ban", { userIds: [target.id], confirmationToken }))).status).toBe(428);
  });
});
