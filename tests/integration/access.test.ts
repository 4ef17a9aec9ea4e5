// Guards, devices and bans, feature flags and terms, against a real database.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { featureFlags, termsAcceptances } from "#drizzle/schema/access";
import { devices, sessions, userEvents, users } from "#drizzle/schema/auth";
import { seed as seedAccess } from "#drizzle/seed/access";
import * as signInRoute from "~/routes/sign-in";
import * as termsAcceptRoute from "~/routes/terms.accept";
import { getActiveFlags, isFlagActive, setFlag, FEATURE_FLAGS } from "~/server/flags.server";
import {
  getOptionalUser,
  requireAdmin,
  requireFeatureFlag,
  requirePermission,
  requireUser,
  requireVerifiedUser,
} from "~/server/guards.server";
import { getCurrentTerms, getTermsDialog, needsTermsAcceptance, publishTerms } from "~/server/terms.server";
import { banUser as banUserTx, unbanUser as unbanUserTx } from "~/services/admin";
import { callRoute, cookiesFrom, createSession, createUser, get, post, TEST_PASSWORD } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { db as appDb } from "~/server/db.server";
import * as adminSplat from "~/routes/admin.$";
import * as adminDashboard from "~/routes/admin._index";
import * as adminConfirm from "~/routes/admin.confirm";
import * as adminFaqs from "~/routes/admin.faqs";
import * as adminFlags from "~/routes/admin.feature_flags";
import * as adminProtectedLyrics from "~/routes/admin.protected_lyrics";
import * as adminRoles from "~/routes/admin.roles";
import * as adminSongs from "~/routes/admin.songs";
import * as adminRestrictedNames from "~/routes/admin.restricted_artist_names";
import * as adminTags from "~/routes/admin.tags";
import * as adminSwagger from "~/routes/admin.swagger";
import * as adminSwaggerAssets from "~/routes/admin.swagger.assets.$file";
import * as adminUserAnnotations from "~/routes/admin.users.$userId.annotations";
import * as adminUserDevices from "~/routes/admin.users.$userId.devices";
import * as adminUserEvents from "~/routes/admin.users.$userId.events";
import * as adminUserTransactions from "~/routes/admin.users.$userId.transactions";
import * as adminUserView from "~/routes/admin.users.$userId.view";
import * as adminUsers from "~/routes/admin.users._index";
import * as apiConfirmations from "~/routes/api.admin.confirmations";
import * as apiFlagSwitch from "~/routes/api.admin.feature_flags.$key.$state";
import * as apiFlags from "~/routes/api.admin.feature_flags._index";
import * as apiPermissions from "~/routes/api.admin.permissions";
import * as apiReleaseLabels from "~/routes/api.admin.release_labels";
import * as apiTakedownConfirm from "~/routes/api.admin.release.$id.takedown.confirmations";
import * as apiUserEvents from "~/routes/api.admin.user-events.$id";
import * as apiUserAccount from "~/routes/api.admin.user.$id.account";
import * as apiUserLabs from "~/routes/api.admin.user.$id.labs";
import * as adminUserLabs from "~/routes/admin.users.$userId.labs";
import * as apiAnnotationDelete from "~/routes/api.admin.user.$id.annotations.$annotationId";
import * as apiAnnotations from "~/routes/api.admin.user.$id.annotations";
import * as apiDetails from "~/routes/api.admin.user.$id.details";
import * as apiDevices from "~/routes/api.admin.user.$id.devices";
import * as apiTagDelete from "~/routes/api.admin.user.$id.tags.$tagId";
import * as apiTags from "~/routes/api.admin.user.$id.tags";
import * as apiWithdrawal from "~/routes/api.admin.user.account.$status";
import * as apiBan from "~/routes/api.admin.user.ban";
import * as apiLookup from "~/routes/api.admin.user.lookup";
import * as apiSetLabels from "~/routes/api.admin.user.release_labels";
import * as apiBulkTags from "~/routes/api.admin.user.tags.bulk";
import * as apiUnban from "~/routes/api.admin.user.unban";
import * as apiSearchSongs from "~/routes/api.admin.search.songs";
import * as apiSongStats from "~/routes/api.admin.stats.song";
import * as apiUserStats from "~/routes/api.admin.stats.user";
import * as apiRestrictedNames from "~/routes/api.admin.restricted_artist_names._index";
import * as apiRestrictedNamesConfirm from "~/routes/api.admin.restricted_artist_names.confirmations";
import * as apiRestrictedNamesSettings from "~/routes/api.admin.restricted_artist_names.settings";
import * as apiSongTags from "~/routes/api.admin.tags._index";
import * as apiSongTag from "~/routes/api.admin.tags.$id";
import * as apiUserSongs from "~/routes/api.admin.stats.user.$id.songs";
import * as adminRoyalties from "~/routes/admin.royalties";
import * as adminWithdrawals from "~/routes/admin.withdrawals";
import * as adminStaffSecondFactor from "~/routes/admin.staff_second_factor";
import * as apiRoyaltyProcess from "~/routes/api.admin.schedule.$id.royalties.process";
import * as apiRecordsForDate from "~/routes/api.admin.royalties.records-for-date";
import * as apiRecordsForIsrc from "~/routes/api.admin.royalties.records-for-isrc";
import * as apiRecordsForUpc from "~/routes/api.admin.royalties.records-for-upc";
import * as apiHeldRoyalties from "~/routes/api.admin.royalties.held_transactions";
import * as apiRoyaltyReports from "~/routes/api.admin.royalty_reports.$state";
import * as apiRoyaltyReportApprove from "~/routes/api.admin.royalty_reports.$id.approve";
import * as apiTransactionApprove from "~/routes/api.admin.transaction.approve.$id";
import * as apiWithdrawalDecision from "~/routes/api.admin.withdrawal.$id";
import * as apiSongUrls from "~/routes/api.admin.song.urls";
import * as apiStaffBalance from "~/routes/api.user.$id.balance.values";
import * as staffSongMedia from "~/routes/media.staff.songs.$songId.$type";
import * as apiUserTransactions from "~/routes/api.admin.user.$id.transactions";
import * as apiUserLevelCounts from "~/routes/api.user_level_counts";
import * as adminDistro from "~/routes/admin.distro";
import * as adminDistroRelease from "~/routes/admin.distro.$releaseId";
import * as adminUserDistro from "~/routes/admin.users.$userId.distro";
import * as adminUserReleases from "~/routes/admin.users.$userId.releases";
import * as apiReviewAction from "~/routes/api.admin.release.$id.$action";
import * as apiReviewQueue from "~/routes/api.admin.releases.$queue";
import * as apiReviewSubmittedUsers from "~/routes/api.admin.releases.submitted.users";
import * as apiReviewLocks from "~/routes/api.admin.releases.review.user";
import * as apiReviewBulk from "~/routes/api.admin.releases.bulk";
import * as apiReviewBulkConfirm from "~/routes/api.admin.releases.bulk.confirmations";
import * as apiReviewLock from "~/routes/api.admin.user.$id.releases.review";
import * as apiUserReleasesDistro from "~/routes/api.admin.user.$id.releases.distro";
import * as apiStaffReleaseEdit from "~/routes/api.release.$id";
import * as adminTokens from "~/routes/admin.tokens";
import { ADMIN_ROUTE_PERMISSIONS, hasPermission, permissionsForRoles, ROLES, type Permission, type Role } from "~/server/permissions.server";

const banUser = (userId: string, actorId: string | null) => appDb.transaction((tx) => banUserTx(tx, userId, actorId));
const unbanUser = (userId: string, actorId: string | null) => appDb.transaction((tx) => unbanUserTx(tx, userId, actorId));

const database = setupTestDatabase("postgres");

/** What a guard does with a request: the user it returns, or the status and Location it throws. */
async function outcome(guard: (request: Request) => Promise<unknown>, request: Request) {
  try {
    await guard(request);
    return "allowed";
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = thrown.headers.get("Location");
    return location ? `${thrown.status} ${location}` : `${thrown.status} ${JSON.stringify(await thrown.json())}`;
  }
}

describe("guards", () => {
  test("the session user carries what pages need, and nothing for a visitor or a tampered cookie", async () => {
    const user = await createUser(database().db, { isAdmin: true, roles: ["royalty_admin"] });
    const { cookie } = await createSession(database().db, user.id);
    expect(await getOptionalUser(get("/", cookie))).toEqual({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerified: true,
      verified: true,
      isAdmin: true,
      roles: ["royalty_admin"],
      permissions: ["account:approve_transactions", "account:viewer", "kyc:viewer", "royalty:admin", "royalty:viewer", "user:viewer"],
      accountStatus: "ACTIVE",
      termsOfUseStatus: "PENDING",
    });
    expect(await getOptionalUser(get("/"))).toBeNull();
    expect(await getOptionalUser(get("/", cookie.replace(/__session=[^;.]+/, "__session=forged")))).toBeNull();
  });

  test("an expired session is no session", async () => {
    const user = await createUser(database().db);
    const { cookie, sessionId } = await createSession(database().db, user.id);
    await database().db.update(sessions).set({ expiresAt: new Date(0) }).where(eq(sessions.id, sessionId));
    expect(await getOptionalUser(get("/library", cookie))).toBeNull();
  });

  test("pages get redirects and /api gets JSON errors", async () => {
    const { db } = database();
    const unverified = await createSession(db, (await createUser(db, { verified: false })).id);
    const socialUnverified = await createSession(db, (await createUser(db, { verified: false, password: null, social: "apple" })).id);
    const regular = await createSession(db, (await createUser(db)).id);
    const bareAdmin = await createSession(db, (await createUser(db, { isAdmin: true })).id);
    const musicAdmin = await createSession(db, (await createUser(db, { isAdmin: true, roles: ["music_admin"] })).id);

    expect(await outcome(requireUser, get("/library?sort=new"))).toBe("302 /sign-in?redirectFrom=%2Flibrary%3Fsort%3Dnew");
    expect(await outcome(requireUser, get("/api/user"))).toBe(
      '401 {"error":{"status":401,"code":"unauthorized","message":"Sign in to continue."}}',
    );
    expect(await outcome(requireVerifiedUser, get("/library", unverified.cookie))).toBe("302 /verify");
    expect(await outcome(requireVerifiedUser, get("/api/library", unverified.cookie))).toMatch(/^403 .*"code":"unverified"/);
    expect(await outcome(requireVerifiedUser, get("/library", socialUnverified.cookie))).toBe("allowed");
    expect(await outcome(requireAdmin, get("/admin", regular.cookie))).toBe("302 /");
    expect(await outcome(requireAdmin, get("/admin", bareAdmin.cookie))).toBe("allowed");
    const needsFlags = (request: Request) => requirePermission(request, "feature_flag:viewer");
    expect(await outcome(needsFlags, get("/admin/feature_flags", regular.cookie))).toBe("302 /");
    expect(await outcome(needsFlags, get("/admin/feature_flags", bareAdmin.cookie))).toBe("302 /admin");
    expect(await outcome(needsFlags, get("/admin/feature_flags", musicAdmin.cookie))).toBe("allowed");
    expect(await outcome(needsFlags, get("/api/admin/feature_flags", bareAdmin.cookie))).toMatch(/^403 .*"code":"forbidden"/);
    const restricted = (request: Request) => requirePermission(request, "restricted_artist_names:admin");
    expect(await outcome(restricted, get("/admin/restricted_artist_names", musicAdmin.cookie))).toBe("302 /admin");
  });

  test("a feature-flagged page goes Home while its flag is off", async () => {
    const kyc = (request: Request) => requireFeatureFlag(request, "enable_kyc_verification_service");
    expect(await outcome(kyc, get("/verification"))).toBe("302 /");
    await setFlag("enable_kyc_verification_service", true);
    expect(await outcome(kyc, get("/verification"))).toBe("allowed");
    await setFlag("enable_kyc_verification_service", false);
    expect(await outcome((request) => requireFeatureFlag(request, "no_such_flag"), get("/x"))).toBe("302 /");
  });
});

describe("devices and bans (spec 3 §4)", () => {
  const signIn = (email: string, cookie?: string) =>
    callRoute(signInRoute.action, post("/sign-in", { email, password: TEST_PASSWORD }, cookie, { "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15" }));

  test("banning signs the user out on the next request with the ban message; unbanning reverses it", async () => {
    const { db } = database();
    const user = await createUser(db);
    const signedIn = await signIn(user.email);
    const cookie = cookiesFrom(signedIn);
    const [device] = await db.select().from(devices).where(eq(devices.id, (await db.select().from(sessions).where(eq(sessions.userId, user.id)))[0].deviceId ?? ""));
    expect(device).toMatchObject({ browser: "Safari 17", os: "Mac OS 10.15.7", banned: false });

    await banUser(user.id, null);
    const [banned] = await db.select().from(users).where(eq(users.id, user.id));
    expect(banned).toMatchObject({ accountStatus: "BANNED", withdrawalStatus: "FROZEN", releaseLabel: "SHADOWBAN" });
    expect((await db.select().from(devices).where(eq(devices.id, device.id)))[0].banned).toBe(true);

    const kicked = await callRoute(() => getOptionalUser(get("/library", cookie)), get("/library"));
    expect(kicked.headers.get("Location")).toBe("/sign-in?banned=device");
    expect(kicked.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const page = await callRoute(signInRoute.loader, get("/sign-in?banned=device"));
    expect((await page.json()).notice).toEqual({ tone: "error", message: "This device has been banned for abuse and can no longer be used." });

    const again = await signIn(user.email, cookie);
    expect(again.status).toBe(403);
    expect((await again.json()).errors.form).toEqual(["This account has been banned and can no longer be used."]);

    await unbanUser(user.id, null);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({
      accountStatus: "ACTIVE",
      withdrawalStatus: "ACTIVE",
      releaseLabel: "SONGLOOM",
    });
    expect((await signIn(user.email, cookie)).status).toBe(302);
    const events = await db.select({ type: userEvents.type }).from(userEvents).where(eq(userEvents.userId, user.id));
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["signed_in", "admin.ban", "admin.unban"]));
  });

  test("a banned device cannot sign anyone in, and an API request from it gets a 403", async () => {
    const { db } = database();
    const owner = await createUser(db);
    const session = await createSession(db, owner.id);
    await db.update(devices).set({ banned: true }).where(eq(devices.id, session.deviceId));

    const api = await callRoute(() => getOptionalUser(get("/api/user", session.cookie)), get("/api/user"));
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      error: { status: 403, code: "banned", message: "This device has been banned for abuse and can no longer be used." },
    });

    const someoneElse = await createUser(db);
    const deviceOnly = session.cookie.split("; ").filter((pair) => pair.startsWith("device=")).join("; ");
    const response = await signIn(someoneElse.email, deviceOnly);
    expect(response.status).toBe(403);
    expect((await response.json()).errors.form).toEqual(["This device has been banned for abuse and can no longer be used."]);
  });

  test("clearing cookies does not dodge a device ban: sign-ins from the banned device's public address are refused", async () => {
    const { db } = database();
    const banned = await createUser(db);
    const from = (ip: string) => ({ "X-Forwarded-For": ip, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" });
    const signedIn = await callRoute(signInRoute.action, post("/sign-in", { email: banned.email, password: TEST_PASSWORD }, undefined, from("203.0.113.77")));
    expect(signedIn.status).toBe(302);
    await banUser(banned.id, null);

    // A fresh browser (no device cookie) on the same address, signing in to another account.
    const other = await createUser(db);
    const fresh = await callRoute(signInRoute.action, post("/sign-in", { email: other.email, password: TEST_PASSWORD }, undefined, from("203.0.113.77")));
    expect(fresh.status).toBe(403);
    expect((await fresh.json()).errors.form).toEqual(["This device has been banned for abuse and can no longer be used."]);
    expect(fresh.headers.get("Set-Cookie")).toBeNull();

    // Another address is not affected, and neither are private or loopback addresses (proxies, shared networks).
    const elsewhere = await callRoute(signInRoute.action, post("/sign-in", { email: other.email, password: TEST_PASSWORD }, undefined, from("203.0.113.78")));
    expect(elsewhere.status).toBe(302);
    const lan = await createUser(db);
    const lanSignIn = await callRoute(signInRoute.action, post("/sign-in", { email: lan.email, password: TEST_PASSWORD }, undefined, from("192.168.1.20")));
    expect(lanSignIn.status).toBe(302);
    await banUser(lan.id, null);
    const sameLan = await callRoute(signInRoute.action, post("/sign-in", { email: other.email, password: TEST_PASSWORD }, undefined, from("192.168.1.20")));
    expect(sameLan.status).toBe(302);
  });
});

describe("feature flags", () => {
  test("seeded with their documented defaults; switching one shows in the active list", async () => {
    for (const [key, { defaultActive }] of Object.entries(FEATURE_FLAGS)) expect(await isFlagActive(key)).toBe(defaultActive);
    expect(await isFlagActive("unknown_flag")).toBe(false);
    expect(await getActiveFlags()).toEqual(["enable_monthly_release_limit", "enable_song_fetch", "enable_syllable_count_ui", "show_advert_banner"]);

    expect(await setFlag("enable_song_fetch", false)).toBe(true);
    expect(await getActiveFlags()).not.toContain("enable_song_fetch");
    expect(await setFlag("unknown_flag", true)).toBe(false);

    // Re-seeding (every boot) keeps what admins switched.
    await seedAccess(database().db);
    expect(await isFlagActive("enable_song_fetch")).toBe(false);
    await setFlag("enable_song_fetch", true);
    expect(await database().db.select().from(featureFlags)).toHaveLength(Object.keys(FEATURE_FLAGS).length);
  });
});

describe("terms (spec 3 §4)", () => {
  afterEach(() => setFlag("terms_of_use_enforce_for_all_users", false));

  test("acceptance is asked only while the enforcement flag is on, and again for a new version", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie } = await createSession(db, user.id);
    const sessionUser = async () => (await getOptionalUser(get("/", cookie)))!;
    // A fresh Request each time: getOptionalUser caches per request.
    expect(await needsTermsAcceptance(await sessionUser())).toBe(false);

    await setFlag("terms_of_use_enforce_for_all_users", true);
    const dialog = await getTermsDialog(await sessionUser());
    const current = await getCurrentTerms("terms_of_use");
    expect(dialog).toEqual({ termsId: current?.id, version: current?.version, body: current?.body });

    const accepted = await callRoute(termsAcceptRoute.action, post("/terms/accept", { intent: "accept", termsId: dialog!.termsId, redirectTo: "/library" }, cookie));
    expect(accepted.headers.get("Location")).toBe("/library");
    expect(await getTermsDialog(await sessionUser())).toBeNull();
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, user.id))).toHaveLength(1);

    const newer = await publishTerms(db, "terms_of_use", "Version two.");
    expect(await getTermsDialog(await sessionUser())).toMatchObject({ termsId: newer.id, version: current!.version + 1 });

    // Accepting the version the dialog showed before the new one appeared changes nothing.
    const stale = await callRoute(termsAcceptRoute.action, post("/terms/accept", { intent: "accept", termsId: dialog!.termsId, redirectTo: "/library" }, cookie));
    expect(stale.headers.get("Location")).toBe("/library");
    expect(await getTermsDialog(await sessionUser())).not.toBeNull();
  });

  test("cancel signs the user out and goes Home; bad input is a 400", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie, sessionId } = await createSession(db, user.id);
    const bad = await callRoute(termsAcceptRoute.action, post("/terms/accept", { intent: "maybe" }, cookie));
    expect(bad.status).toBe(400);
    const cancelled = await callRoute(termsAcceptRoute.action, post("/terms/accept", { intent: "cancel" }, cookie));
    expect(cancelled.headers.get("Location")).toBe("/");
    expect(cancelled.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    expect(await db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
  });

  test("an off-site redirectTo falls back to Home", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie } = await createSession(db, user.id);
    const terms = await getCurrentTerms("terms_of_use");
    const response = await callRoute(termsAcceptRoute.action, post("/terms/accept", { intent: "accept", termsId: terms!.id, redirectTo: "https://evil.example" }, cookie));
    expect(response.headers.get("Location")).toBe("/");
  });
});

// The admin permission matrix (spec 3 §6; issue 21): every admin page (ADMIN_ROUTE_PERMISSIONS through the
// route module that serves it, built page or guarded placeholder), every admin form and every /api/admin
// call, for every role, an admin without a role and a regular user. Allowed means the guard let the
// request through (the handler may still answer 4xx for the input); refused means the guard's answer:
// Home or 403 for a regular user, the dashboard or 403 for an admin without the permission.

type RouteFn = Parameters<typeof callRoute>[0];
interface Endpoint {
  name: string;
  fn: RouteFn;
  request: (cookie: string, userId: string) => Request;
  params?: (userId: string) => Record<string, string>;
  /** What it needs: permissions (any one), or "admin" for the admin flag (with the second factor) alone. */
  needs: readonly Permission[] | "admin";
}

const PAGE_MODULES: Record<string, { loader: RouteFn }> = {
  "/admin/distro": adminDistro,
  "/admin/distro/:releaseId": adminDistroRelease,
  "/admin/users/:userId/distro": adminUserDistro,
  "/admin/users/:userId/releases": adminUserReleases,
  "/admin/faqs": adminFaqs,
  "/admin/songs": adminSongs,
  "/admin/roles": adminRoles,
  "/admin/users": adminUsers,
  "/admin/users/:userId/view": adminUserView,
  "/admin/users/:userId/transactions": adminUserTransactions,
  "/admin/users/:userId/events": adminUserEvents,
  "/admin/users/:userId/annotations": adminUserAnnotations,
  "/admin/users/:userId/devices": adminUserDevices,
  "/admin/feature_flags": adminFlags,
  "/admin/swagger": adminSwagger,
  "/admin/protected_lyrics": adminProtectedLyrics,
  "/admin/tags": adminTags,
  "/admin/restricted_artist_names": adminRestrictedNames,
  "/admin/royalties": adminRoyalties,
  "/admin/withdrawals": adminWithdrawals,
  "/admin/staff_second_factor": adminStaffSecondFactor,
};

const json = (path: string, method: string, body: unknown, cookie: string) =>
  new Request(new URL(path, "http://localhost:3000"), { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } });

const ENDPOINTS: Endpoint[] = [
  { name: "GET /admin", fn: adminDashboard.loader as RouteFn, request: (c) => get("/admin", c), needs: "admin" },
  { name: "GET /admin/tokens (the staff member's own API tokens)", fn: adminTokens.loader as RouteFn, request: (c) => get("/admin/tokens", c), needs: "admin" },
  ...ADMIN_ROUTE_PERMISSIONS.map(({ pattern, anyOf }): Endpoint => ({
    name: `GET ${pattern}`,
    fn: (PAGE_MODULES[pattern] ?? adminSplat).loader as RouteFn,
    request: (c, id) => get(pattern.replace(/:[a-zA-Z]+/g, id), c),
    params: (id) => ({ userId: id, releaseId: id }),
    needs: anyOf,
  })),
  { name: "GET /admin/swagger/assets/swagger-ui.css", fn: adminSwaggerAssets.loader as RouteFn, request: (c) => get("/admin/swagger/assets/swagger-ui.css", c), params: () => ({ file: "swagger-ui.css" }), needs: ["openapi:viewer"] },
  { name: "POST /admin/confirm (prepare a ban)", fn: adminConfirm.action as RouteFn, request: (c, id) => post("/admin/confirm", { intent: "prepare", op: "user.ban", userIds: id }, c), needs: ["user:admin"] },
  { name: "POST /admin/confirm (prepare a label)", fn: adminConfirm.action as RouteFn, request: (c, id) => post("/admin/confirm", { intent: "prepare", op: "user.release_label", label: "BULK", userIds: id }, c), needs: ["distro:admin"] },
  { name: "POST /admin/users/:id/view (add a tag)", fn: adminUserView.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/view`, { intent: "add_tag", tagName: "matrix" }, c), params: (id) => ({ userId: id }), needs: ["tag:actions"] },
  { name: "POST /admin/users/:id/annotations", fn: adminUserAnnotations.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/annotations`, { intent: "add", body: "Matrix note" }, c), params: (id) => ({ userId: id }), needs: ["user:viewer"] },
  { name: "POST /admin/users/:id/devices (ban a device)", fn: adminUserDevices.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/devices`, { intent: "ban", deviceId: "none" }, c), params: (id) => ({ userId: id }), needs: ["device:admin"] },
  { name: "POST /admin/faqs", fn: adminFaqs.action as RouteFn, request: (c) => post("/admin/faqs", { intent: "create_topic", name: "" }, c), needs: ["faq:actions"] },
  { name: "POST /admin/feature_flags", fn: adminFlags.action as RouteFn, request: (c) => post("/admin/feature_flags", { key: "enable_song_fetch", active: "true" }, c), needs: ["feature_flag:admin"] },
  { name: "GET /api/admin/stats/user", fn: apiUserStats.loader as RouteFn, request: (c) => get("/api/admin/stats/user", c), needs: ["user:viewer"] },
  { name: "GET /api/admin/stats/song", fn: apiSongStats.loader as RouteFn, request: (c) => get("/api/admin/stats/song", c), needs: ["distro:viewer"] },
  { name: "GET /api/admin/stats/user/{id}/songs", fn: apiUserSongs.loader as RouteFn, request: (c, id) => get(`/api/admin/stats/user/${id}/songs`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "GET /api/user_level_counts", fn: apiUserLevelCounts.loader as RouteFn, request: (c) => get("/api/user_level_counts", c), needs: ["user:viewer"] },
  { name: "POST /admin/songs (make private)", fn: adminSongs.action as RouteFn, request: (c) => post("/admin/songs", { intent: "private", songId: "none" }, c), needs: ["distro:actions"] },
  { name: "POST /admin/songs (feature on Home)", fn: adminSongs.action as RouteFn, request: (c) => post("/admin/songs", { intent: "feature", songId: "none" }, c), needs: ["distro:admin"] },
  { name: "GET /api/admin/search/songs", fn: apiSearchSongs.loader as RouteFn, request: (c) => get("/api/admin/search/songs?q=x", c), needs: ["distro:viewer"] },
  { name: "POST /admin/roles", fn: adminRoles.action as RouteFn, request: (c) => post("/admin/roles", { intent: "grant", email: "nobody@example.com", role: "music_admin" }, c), needs: ["roles:admin"] },
  { name: "GET /api/admin/permissions", fn: apiPermissions.loader as RouteFn, request: (c) => get("/api/admin/permissions", c), needs: "admin" },
  { name: "POST /api/admin/confirmations", fn: apiConfirmations.action as RouteFn, request: (c, id) => json("/api/admin/confirmations", "POST", { action: "user.unban", userIds: [id] }, c), needs: ["user:admin"] },
  { name: "GET /api/admin/user/lookup", fn: apiLookup.loader as RouteFn, request: (c) => get("/api/admin/user/lookup?q=example", c), needs: ["user:viewer"] },
  { name: "GET /api/admin/user/{id}/details", fn: apiDetails.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/details`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "GET /api/admin/user/{id}/account", fn: apiUserAccount.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/account`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "PUT /api/admin/user/{id}/account", fn: apiUserAccount.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/account`, "PUT", { status: "FROZEN" }, c), params: (id) => ({ id }), needs: ["account:admin"] },
  { name: "GET /api/admin/user/{id}/labs", fn: apiUserLabs.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/labs`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "PUT /api/admin/user/{id}/labs", fn: apiUserLabs.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/labs`, "PUT", { hasAccessToLabs: false }, c), params: (id) => ({ id }), needs: ["user:admin"] },
  { name: "POST /admin/users/:id/labs", fn: adminUserLabs.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/labs`, { hasAccessToLabs: "false" }, c), params: (id) => ({ userId: id }), needs: ["user:admin"] },
  { name: "GET /api/admin/user-events/{id}", fn: apiUserEvents.loader as RouteFn, request: (c, id) => get(`/api/admin/user-events/${id}`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "GET /api/admin/user/{id}/annotations", fn: apiAnnotations.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/annotations`, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "POST /api/admin/user/{id}/annotations", fn: apiAnnotations.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/annotations`, "POST", { body: "API note" }, c), params: (id) => ({ id }), needs: ["user:viewer"] },
  { name: "DELETE /api/admin/user/{id}/annotations/{annotationId}", fn: apiAnnotationDelete.action as RouteFn, request: (c, id) => new Request(`http://localhost:3000/api/admin/user/${id}/annotations/none`, { method: "DELETE", headers: { Cookie: c } }), params: (id) => ({ id, annotationId: "none" }), needs: ["user:viewer"] },
  { name: "GET /api/admin/user/{id}/devices", fn: apiDevices.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/devices`, c), params: (id) => ({ id }), needs: ["device:viewer"] },
  { name: "GET /api/admin/user/{id}/tags", fn: apiTags.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/tags`, c), params: (id) => ({ id }), needs: ["tag:viewer"] },
  { name: "POST /api/admin/user/{id}/tags", fn: apiTags.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/tags`, "POST", { name: "matrix" }, c), params: (id) => ({ id }), needs: ["tag:actions"] },
  { name: "DELETE /api/admin/user/{id}/tags/{tagId}", fn: apiTagDelete.action as RouteFn, request: (c, id) => new Request(`http://localhost:3000/api/admin/user/${id}/tags/none`, { method: "DELETE", headers: { Cookie: c } }), params: (id) => ({ id, tagId: "none" }), needs: ["tag:actions"] },
  { name: "POST /api/admin/user/tags/bulk", fn: apiBulkTags.action as RouteFn, request: (c, id) => json("/api/admin/user/tags/bulk", "POST", { userIds: [id], tag_id: "none" }, c), needs: ["tag:actions"] },
  { name: "POST /api/admin/user/ban", fn: apiBan.action as RouteFn, request: (c, id) => json("/api/admin/user/ban", "POST", { userIds: [id] }, c), needs: ["user:admin"] },
  { name: "POST /api/admin/user/unban", fn: apiUnban.action as RouteFn, request: (c, id) => json("/api/admin/user/unban", "POST", { userIds: [id] }, c), needs: ["user:admin"] },
  { name: "POST /api/admin/user/account/freeze", fn: apiWithdrawal.action as RouteFn, request: (c, id) => json("/api/admin/user/account/freeze", "POST", { userIds: [id] }, c), params: () => ({ status: "freeze" }), needs: ["account:admin"] },
  { name: "POST /api/admin/user/release_labels", fn: apiSetLabels.action as RouteFn, request: (c, id) => json("/api/admin/user/release_labels", "POST", { userIds: [id], releaseLabel: "BULK" }, c), needs: ["distro:admin"] },
  // Distribution review (issue 18): distro viewer sees, distro actions acts, distro admin takes down and edits.
  { name: "POST /admin/distro (prepare a bulk approve)", fn: adminDistro.action as RouteFn, request: (c) => post("/admin/distro", { intent: "prepare_approve", releaseIds: "none" }, c), needs: ["distro:actions"] },
  { name: "POST /admin/users/:id/distro (approve)", fn: adminUserDistro.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/distro`, { intent: "approve", releaseId: "none" }, c), params: (id) => ({ userId: id }), needs: ["distro:actions"] },
  { name: "POST /admin/users/:id/distro (flag)", fn: adminUserDistro.action as RouteFn, request: (c, id) => post(`/admin/users/${id}/distro`, { intent: "flag", releaseId: "none", message: "Fix it" }, c), params: (id) => ({ userId: id }), needs: ["distro:actions"] },
  { name: "GET /api/admin/releases/submitted", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/submitted", c), params: () => ({ queue: "submitted" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/approved", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/approved", c), params: () => ({ queue: "approved" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/live", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/live", c), params: () => ({ queue: "live" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/on_hold_users", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/on_hold_users", c), params: () => ({ queue: "on_hold_users" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/paid_users", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/paid_users", c), params: () => ({ queue: "paid_users" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/free_users", fn: apiReviewQueue.loader as RouteFn, request: (c) => get("/api/admin/releases/free_users", c), params: () => ({ queue: "free_users" }), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/submitted/users", fn: apiReviewSubmittedUsers.loader as RouteFn, request: (c) => get("/api/admin/releases/submitted/users", c), needs: ["distro:viewer"] },
  { name: "GET /api/admin/releases/review/user", fn: apiReviewLocks.loader as RouteFn, request: (c) => get("/api/admin/releases/review/user", c), needs: ["distro:viewer"] },
  { name: "GET /api/admin/user/{id}/releases/distro", fn: apiUserReleasesDistro.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/releases/distro`, c), params: (id) => ({ id }), needs: ["distro:viewer"] },
  { name: "POST /api/admin/user/{id}/releases/review", fn: apiReviewLock.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/releases/review`, "POST", {}, c), params: (id) => ({ id }), needs: ["distro:actions"] },
  { name: "DELETE /api/admin/user/{id}/releases/review", fn: apiReviewLock.action as RouteFn, request: (c, id) => json(`/api/admin/user/${id}/releases/review`, "DELETE", {}, c), params: (id) => ({ id }), needs: ["distro:actions"] },
  ...(["approve", "reject", "issues", "hold"] as const).map((verb): Endpoint => ({ name: `POST /api/admin/release/{id}/${verb}`, fn: apiReviewAction.action as RouteFn, request: (c) => json(`/api/admin/release/none/${verb}`, "POST", { message: "Matrix" }, c), params: () => ({ id: "none", action: verb }), needs: ["distro:actions"] })),
  { name: "POST /api/admin/release/{id}/takedown", fn: apiReviewAction.action as RouteFn, request: (c) => json("/api/admin/release/none/takedown", "POST", {}, c), params: () => ({ id: "none", action: "takedown" }), needs: ["distro:admin"] },
  { name: "POST /api/admin/release/{id}/takedown/confirmations", fn: apiTakedownConfirm.action as RouteFn, request: (c) => json("/api/admin/release/none/takedown/confirmations", "POST", {}, c), params: () => ({ id: "none" }), needs: ["distro:admin"] },
  { name: "PUT /api/release/{id} (staff edit)", fn: apiStaffReleaseEdit.action as RouteFn, request: (c) => json("/api/release/none", "PUT", { title: "Matrix", artistName: "Matrix" }, c), params: () => ({ id: "none" }), needs: ["distro:admin"] },
  { name: "POST /api/admin/releases/bulk/confirmations", fn: apiReviewBulkConfirm.action as RouteFn, request: (c) => json("/api/admin/releases/bulk/confirmations", "POST", { action: "approve", releaseIds: ["none"] }, c), needs: ["distro:actions"] },
  { name: "POST /api/admin/releases/bulk", fn: apiReviewBulk.action as RouteFn, request: (c) => json("/api/admin/releases/bulk", "POST", { action: "reject", releaseIds: ["none"] }, c), needs: ["distro:actions"] },
  { name: "GET /api/admin/release_labels", fn: apiReleaseLabels.loader as RouteFn, request: (c) => get("/api/admin/release_labels", c), needs: ["distro:viewer"] },
  { name: "GET /api/admin/feature_flags", fn: apiFlags.loader as RouteFn, request: (c) => get("/api/admin/feature_flags", c), needs: ["feature_flag:viewer"] },
  { name: "POST /api/admin/feature_flags/{key}/enable", fn: apiFlagSwitch.action as RouteFn, request: (c) => json("/api/admin/feature_flags/enable_song_fetch/enable", "POST", {}, c), params: () => ({ key: "enable_song_fetch", state: "enable" }), needs: ["feature_flag:admin"] },
  { name: "POST /admin/tags (create)", fn: adminTags.action as RouteFn, request: (c) => post("/admin/tags", { intent: "create", name: "" }, c), needs: ["tag:admin"] },
  { name: "POST /admin/tags (delete)", fn: adminTags.action as RouteFn, request: (c) => post("/admin/tags", { intent: "delete", id: "none" }, c), needs: ["tag:admin"] },
  { name: "GET /api/admin/tags", fn: apiSongTags.loader as RouteFn, request: (c) => get("/api/admin/tags", c), needs: ["tag:admin"] },
  { name: "POST /api/admin/tags", fn: apiSongTags.action as RouteFn, request: (c) => json("/api/admin/tags", "POST", { name: "matrix" }, c), needs: ["tag:admin"] },
  { name: "PUT /api/admin/tags/{id}", fn: apiSongTag.action as RouteFn, request: (c) => json("/api/admin/tags/none", "PUT", { name: "matrix" }, c), params: () => ({ id: "none" }), needs: ["tag:admin"] },
  { name: "DELETE /api/admin/tags/{id}", fn: apiSongTag.action as RouteFn, request: (c) => new Request("http://localhost:3000/api/admin/tags/none", { method: "DELETE", headers: { Cookie: c } }), params: () => ({ id: "none" }), needs: ["tag:admin"] },
  { name: "POST /admin/restricted_artist_names (add)", fn: adminRestrictedNames.action as RouteFn, request: (c) => post("/admin/restricted_artist_names", { intent: "add", artistNames: "", kind: "artist" }, c), needs: ["restricted_artist_names:admin"] },
  { name: "POST /admin/restricted_artist_names (prepare delete)", fn: adminRestrictedNames.action as RouteFn, request: (c) => post("/admin/restricted_artist_names", { intent: "prepare_delete", ids: "none" }, c), needs: ["restricted_artist_names:admin"] },
  { name: "GET /api/admin/restricted_artist_names", fn: apiRestrictedNames.loader as RouteFn, request: (c) => get("/api/admin/restricted_artist_names", c), needs: ["restricted_artist_names:admin"] },
  { name: "PUT /api/admin/restricted_artist_names", fn: apiRestrictedNames.action as RouteFn, request: (c) => json("/api/admin/restricted_artist_names", "PUT", { artistNames: ["Matrix Artist"] }, c), needs: ["restricted_artist_names:admin"] },
  { name: "DELETE /api/admin/restricted_artist_names", fn: apiRestrictedNames.action as RouteFn, request: (c) => json("/api/admin/restricted_artist_names", "DELETE", { ids: ["none"] }, c), needs: ["restricted_artist_names:admin"] },
  { name: "POST /api/admin/restricted_artist_names/confirmations", fn: apiRestrictedNamesConfirm.action as RouteFn, request: (c) => json("/api/admin/restricted_artist_names/confirmations", "POST", { ids: ["none"] }, c), needs: ["restricted_artist_names:admin"] },
  { name: "GET /api/admin/restricted_artist_names/settings", fn: apiRestrictedNamesSettings.loader as RouteFn, request: (c) => get("/api/admin/restricted_artist_names/settings", c), needs: ["restricted_artist_names:admin"] },
  { name: "PUT /api/admin/restricted_artist_names/settings", fn: apiRestrictedNamesSettings.action as RouteFn, request: (c) => json("/api/admin/restricted_artist_names/settings", "PUT", { maxDistance: 0 }, c), needs: ["restricted_artist_names:admin"] },
  // Royalties and transactions (issue 19 §4). Approving a held line on the page needs royalty viewer (the
  // page) and approve transactions: every role with the first has the second.
  { name: "POST /admin/royalties (approve a held line)", fn: adminRoyalties.action as RouteFn, request: (c) => post("/admin/royalties", { intent: "approve_held", id: "none" }, c), needs: ["account:approve_transactions"] },
  { name: "POST /admin/royalties (approve a report)", fn: adminRoyalties.action as RouteFn, request: (c) => post("/admin/royalties", { intent: "approve_report", id: "none", date: "2026-01-01" }, c), needs: ["royalty:admin"] },
  { name: "POST /admin/withdrawals (prepare)", fn: adminWithdrawals.action as RouteFn, request: (c) => post("/admin/withdrawals", { intent: "prepare", id: "none", decision: "approve" }, c), needs: ["account:approve_transactions"] },
  { name: "POST /admin/staff_second_factor (prepare)", fn: adminStaffSecondFactor.action as RouteFn, request: (c) => post("/admin/staff_second_factor", { intent: "prepare", email: "nobody@example.com" }, c), needs: ["roles:admin"] },
  { name: "POST /api/admin/schedule/{id}/royalties/process", fn: apiRoyaltyProcess.action as RouteFn, request: (c) => json("/api/admin/schedule/none/royalties/process", "POST", { date: "2026-01-01", fullJob: false }, c), params: () => ({ id: "none" }), needs: ["royalty:admin"] },
  { name: "GET /api/admin/royalties/records-for-date", fn: apiRecordsForDate.loader as RouteFn, request: (c) => get("/api/admin/royalties/records-for-date", c), needs: ["royalty:viewer"] },
  { name: "GET /api/admin/royalties/records-for-isrc", fn: apiRecordsForIsrc.loader as RouteFn, request: (c) => get("/api/admin/royalties/records-for-isrc?isrc=QZS7J2600001", c), needs: ["royalty:viewer"] },
  { name: "GET /api/admin/royalties/records-for-upc", fn: apiRecordsForUpc.loader as RouteFn, request: (c) => get("/api/admin/royalties/records-for-upc?upc=8600000000001", c), needs: ["royalty:viewer"] },
  { name: "GET /api/admin/royalties/held_transactions", fn: apiHeldRoyalties.loader as RouteFn, request: (c) => get("/api/admin/royalties/held_transactions", c), needs: ["royalty:viewer"] },
  { name: "GET /api/admin/royalty_reports/pending", fn: apiRoyaltyReports.loader as RouteFn, request: (c) => get("/api/admin/royalty_reports/pending", c), params: () => ({ state: "pending" }), needs: ["royalty:viewer"] },
  { name: "POST /api/admin/royalty_reports/{id}/approve", fn: apiRoyaltyReportApprove.action as RouteFn, request: (c) => json("/api/admin/royalty_reports/none/approve", "POST", {}, c), params: () => ({ id: "none" }), needs: ["royalty:admin"] },
  { name: "POST /api/admin/transaction/approve/{id}", fn: apiTransactionApprove.action as RouteFn, request: (c) => json("/api/admin/transaction/approve/none", "POST", {}, c), params: () => ({ id: "none" }), needs: ["account:approve_transactions"] },
  { name: "GET /api/admin/user/{id}/transactions", fn: apiUserTransactions.loader as RouteFn, request: (c, id) => get(`/api/admin/user/${id}/transactions`, c), params: (id) => ({ id }), needs: ["account:viewer"] },
  { name: "POST /api/admin/withdrawal/{id}", fn: apiWithdrawalDecision.action as RouteFn, request: (c) => json("/api/admin/withdrawal/none", "POST", { decision: "approve" }, c), params: () => ({ id: "none" }), needs: ["account:approve_transactions"] },
  // Issue 21 leftovers: staff song URLs (and the media route they open), a user's balance for staff.
  { name: "POST /api/admin/song/urls", fn: apiSongUrls.action as RouteFn, request: (c) => json("/api/admin/song/urls", "POST", { songIds: ["none"], type: "mp3" }, c), needs: ["distro:viewer"] },
  { name: "GET /media/staff/songs/{id}/mp3", fn: staffSongMedia.loader as RouteFn, request: (c) => get("/media/staff/songs/none/mp3?expires=1&signature=x", c), params: () => ({ songId: "none", type: "mp3" }), needs: ["distro:viewer"] },
  { name: "GET /api/user/{id}/balance/values", fn: apiStaffBalance.loader as RouteFn, request: (c, id) => get(`/api/user/${id}/balance/values`, c), params: (id) => ({ id }), needs: ["account:viewer"] },
];

const MATRIX_PERSONAS: { name: string; isAdmin: boolean; roles: Role[] }[] = [
  { name: "regular user", isAdmin: false, roles: [] },
  { name: "admin without a role", isAdmin: true, roles: [] },
  ...ROLES.map((role) => ({ name: role, isAdmin: true, roles: [role] })),
];

/** "allowed", or the guard's refusal: where it redirects, or "403 forbidden". */
async function guardAnswer(response: Response): Promise<string> {
  const location = response.headers.get("Location");
  if (response.status === 302 && (location === "/" || location === "/admin")) return `302 ${location}`;
  if (response.status === 403) {
    const body = await response.clone().json().catch(() => null);
    if (body?.error?.code === "forbidden" || body?.stage === "error") return "403 forbidden";
  }
  return "allowed";
}

describe("admin permission matrix (spec 3 §6)", () => {
  test.each(MATRIX_PERSONAS)("$name gets exactly what the role grants on every admin page, form and API", async (persona) => {
    const { db } = database();
    const actor = await createUser(db, { isAdmin: persona.isAdmin, roles: persona.roles });
    const { cookie } = await createSession(db, actor.id);
    const target = await createUser(db);
    const subject = { isAdmin: persona.isAdmin, roles: persona.roles, permissions: permissionsForRoles(persona.roles) };
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const endpoint of ENDPOINTS) {
      const request = endpoint.request(cookie, target.id);
      const isApi = new URL(request.url).pathname.startsWith("/api/");
      answers[endpoint.name] = await guardAnswer(await callRoute(endpoint.fn, request, endpoint.params?.(target.id) ?? {}));
      const allowed = persona.isAdmin && (endpoint.needs === "admin" || hasPermission(subject, endpoint.needs));
      expected[endpoint.name] = allowed ? "allowed" : isApi || endpoint.name.startsWith("POST /admin/confirm") && persona.isAdmin ? "403 forbidden" : persona.isAdmin ? "302 /admin" : "302 /";
    }
    expect(answers).toEqual(expected);
  });
});
