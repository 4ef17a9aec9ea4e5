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
