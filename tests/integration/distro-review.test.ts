// Staff review of releases (issue 18 items 1 and 5) through the route modules against real Postgres: the
// review lock (held, refused, expired, released) and two admins approving at once, flagging and the
// owner's correction and resubmission, bulk actions refused without their confirmation, the queues, and
// the owner's emails.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { adminAuditLog } from "#drizzle/schema/admin";
import { users } from "#drizzle/schema/auth";
import { releases } from "#drizzle/schema/releases";
import { releaseReviewLocks, songAudioChecks } from "#drizzle/schema/review";
import * as distroPage from "~/routes/admin.distro";
import * as reviewPage from "~/routes/admin.users.$userId.distro";
import * as apiAction from "~/routes/api.admin.release.$id.$action";
import * as apiBulk from "~/routes/api.admin.releases.bulk";
import * as apiBulkConfirm from "~/routes/api.admin.releases.bulk.confirmations";
import * as apiTakedownConfirm from "~/routes/api.admin.release.$id.takedown.confirmations";
import * as apiQueue from "~/routes/api.admin.releases.$queue";
import * as apiLock from "~/routes/api.admin.user.$id.releases.review";
import * as apiStaffEdit from "~/routes/api.release.$id";
import * as editRoute from "~/routes/release.$releaseId.edit._index";
import * as infoRoute from "~/routes/release.$releaseId._index";
import * as submitRoute from "~/routes/release.$releaseId.edit.submit";
import { getStorage, LocalDiskStorage, useStorage } from "~/server/storage.server";
import { songs } from "#drizzle/schema/songs";
import { encodeWav } from "~/engine";
import { notifyReleaseLive, releaseChecks } from "~/services/review/index.server";
import { setReleaseCoverArt } from "~/services/releases/index.server";
import { FLAG_MESSAGE_REQUIRED } from "~/services/review/fields";
import { callRoute, createSession, get, post, readOutbox } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { startBoss, stopBoss } from "#jobs/boss";
import { insertCoverArt } from "../support/releases";
import { staff, submittedRelease } from "../support/review";

const database = setupTestDatabase("postgres");

beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-review-"))));
  // Approval starts the deliveries (jobs queued in the approval's transaction); nothing works them here.
  await startBoss(database().connection);
}, 60_000);
afterAll(() => stopBoss());

const json = (url: string, method: string, body: unknown, cookie: string) =>
  new Request(new URL(url, "http://localhost:3000"), { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } });

const act = (cookie: string, id: string, action: string, body: unknown = {}) => callRoute(apiAction.action, json(`/api/admin/release/${id}/${action}`, "POST", body, cookie), { id, action });

async function statusOf(id: string) {
  return (await database().db.select().from(releases).where(eq(releases.id, id)))[0];
}

describe("the review lock", () => {
  test("two admins approving the same release at once: exactly one wins, one audit row", async () => {
    const { db } = database();
    const { release } = await submittedRelease(db);
    const [a, b] = [await staff(db), await staff(db)];
    const answers = await Promise.all([act(a.cookie, release.id, "approve"), act(b.cookie, release.id, "approve")]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 423]).toContain(statuses[1]);
    expect((await statusOf(release.id)).status).toBe(4);
    const audit = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, release.id), eq(adminAuditLog.action, "release.approve")));
    expect(audit).toHaveLength(1);
  });

  test("while one admin holds it another sees who and cannot act; it expires when abandoned; DELETE lets go", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db);
    const [a, b] = [await staff(db), await staff(db)];
    const lockPath = `/api/admin/user/${userId}/releases/review`;
    const take = (cookie: string) => callRoute(apiLock.action, json(lockPath, "POST", {}, cookie), { id: userId });

    expect((await take(a.cookie)).status).toBe(200);
    const refused = await take(b.cookie);
    expect(refused.status).toBe(423);
    expect((await refused.json()).error.message).toContain(a.user.email);

    // The review page shows B who holds it and offers no actions; B's action is refused on the server.
    const page = await (await callRoute(reviewPage.loader, get(`/admin/users/${userId}/distro`, b.cookie), { userId })).json();
    expect(page.lockedOut).toBe(true);
    expect(page.lock.adminEmail).toBe(a.user.email);
    const blocked = await callRoute(reviewPage.action, post(`/admin/users/${userId}/distro`, { intent: "approve", releaseId: release.id }, b.cookie), { userId });
    expect(blocked.status).toBe(423);
    expect((await statusOf(release.id)).status).toBe(0);

    // Abandoned: once it lapses, B takes it.
    await db.update(releaseReviewLocks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(releaseReviewLocks.userId, userId));
    expect((await take(b.cookie)).status).toBe(200);
    expect((await act(a.cookie, release.id, "approve")).status).toBe(423);

    const released = await callRoute(apiLock.action, json(lockPath, "DELETE", {}, b.cookie), { id: userId });
    expect(await released.json()).toEqual({ released: true });
    expect((await act(a.cookie, release.id, "approve")).status).toBe(200);
  });

  test("a distro viewer sees the review page but takes no lock and cannot act", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db);
    const viewer = await staff(db, ["creator_success_coordinator"]);
    const page = await (await callRoute(reviewPage.loader, get(`/admin/users/${userId}/distro`, viewer.cookie), { userId })).json();
    expect(page.release.title).toBe(release.title);
    expect(page.lock).toBeNull();
    expect((await act(viewer.cookie, release.id, "approve")).status).toBe(403);
  });
});

describe("flagging and resubmitting", () => {
  test("a flag needs a field or a message; the owner sees what to fix, fixing clears that flag, resubmitting clears the rest", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db, { title: "Fog Lights" });
    const reviewer = await staff(db);
    const owner = { ...(await createSession(db, userId)), email: (await db.select().from(users).where(eq(users.id, userId)))[0].email };

    const empty = await callRoute(reviewPage.action, post(`/admin/users/${userId}/distro`, { intent: "flag", releaseId: release.id, message: "" }, reviewer.cookie), { userId });
    expect(empty.status).toBe(400);
    const emptyBody = await empty.json();
    expect(emptyBody, JSON.stringify(emptyBody)).toMatchObject({ fields: { message: [FLAG_MESSAGE_REQUIRED] } });

    const flagged = await callRoute(
      reviewPage.action,
      post(`/admin/users/${userId}/distro`, { intent: "flag", releaseId: release.id, flag: "coverArt", "note.coverArt": "The art has a website address on it.", message: "Please replace the cover." }, reviewer.cookie),
      { userId },
    );
    expect(flagged.status).toBe(302);
    expect((await statusOf(release.id))).toMatchObject({ status: 3, issues: { coverArt: "The art has a website address on it.", message: "Please replace the cover." } });
    const [audit] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, release.id), eq(adminAuditLog.action, "release.flag")));
    expect(audit.actorId).toBe(reviewer.user.id);

    // The owner's release page and form say what to fix; an email says so too.
    const info = await (await callRoute(infoRoute.loader, get(`/release/${release.id}`, owner.cookie), { releaseId: release.id })).json();
    expect(info.release.issues).toEqual({ coverArt: "The art has a website address on it.", message: "Please replace the cover." });
    expect(info.editable).toBe(true);
    const form = await (await callRoute(editRoute.loader, get(`/release/${release.id}/edit`, owner.cookie), { releaseId: release.id })).json();
    expect(form.issues.coverArt).toBe("The art has a website address on it.");
    const [mail] = await readOutbox(owner.email);
    expect(mail.subject).toBe("Needs corrections: Fog Lights");
    expect(mail.text).toContain("Please replace the cover.");
    expect(mail.text).toContain("Cover art (The art has a website address on it.)");

    // A new cover clears the art flag; the message stays until the release is resubmitted.
    await setReleaseCoverArt({ id: userId }, release.id, await insertCoverArt(db, userId));
    expect((await statusOf(release.id)).issues).toEqual({ message: "Please replace the cover." });
    const submitted = await callRoute(submitRoute.action, post(`/release/${release.id}/edit/submit`, {}, owner.cookie), { releaseId: release.id });
    expect(submitted.status).toBe(302);
    expect(await statusOf(release.id)).toMatchObject({ status: 0, issues: null });
  });

  test("a rejection carries its message to the owner; statuses never move backwards", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db, { title: "Low Tide" });
    const reviewer = await staff(db);
    const rejected = await act(reviewer.cookie, release.id, "reject", { message: "This is someone else's recording." });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: 2, statusLabel: "Rejected", issues: { message: "This is someone else's recording." } });
    expect((await act(reviewer.cookie, release.id, "approve")).status).toBe(409);
    const [owner] = await db.select().from(users).where(eq(users.id, userId));
    const [mail] = await readOutbox(owner.email);
    expect(mail.subject).toBe("Not approved: Low Tide");
    expect(mail.text).toContain("This is someone else's recording.");
  });
});

describe("going live", () => {
  test("notifyReleaseLive (for the delivery side) emails the owner", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db, { title: "On Air", status: 1 });
    await notifyReleaseLive(release.id);
    const [owner] = await db.select().from(users).where(eq(users.id, userId));
    const [mail] = await readOutbox(owner.email);
    expect(mail.subject).toBe("Live: On Air");
    expect(mail.links).toEqual([`http://localhost:3000/release/${release.id}`]);
  });
});

describe("staff edit", () => {
  test("a distro admin corrects a release under review with the form's rules; audited; not once it is decided", async () => {
    const { db } = database();
    const { release } = await submittedRelease(db, { title: "Tipo" });
    const musicAdmin = await staff(db, ["music_admin"]);
    const edit = (body: unknown) => callRoute(apiStaffEdit.action, json(`/api/release/${release.id}`, "PUT", body, musicAdmin.cookie), { id: release.id });

    const bad = await edit({ title: " ", artistName: "Harbor Loomer" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.title).toEqual(["The title is required."]);
    const ok = await edit({ title: "Typo", artistName: "Harbor Loomer", genre: "alt", language: "en", explicit: "clean" });
    expect(ok.status).toBe(200);
    expect((await statusOf(release.id)).title).toBe("Typo");
    const [audit] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, release.id), eq(adminAuditLog.action, "release.edit")));
    expect(audit).toMatchObject({ before: { title: "Tipo" }, after: { title: "Typo" } });

    expect((await act(musicAdmin.cookie, release.id, "approve")).status).toBe(200);
    expect((await edit({ title: "Later", artistName: "Harbor Loomer", language: "en", explicit: "clean" })).status).toBe(409);
  });
});

describe("take down", () => {
  test("a distro admin takes a live release down after the confirmation step; distro actions alone cannot", async () => {
    const { db } = database();
    const { release, userId } = await submittedRelease(db, { title: "Gone Soon", status: 1 });
    const coordinator = await staff(db);
    const musicAdmin = await staff(db, ["music_admin"]);
    const page = (cookie: string, fields: Record<string, string>) => callRoute(reviewPage.action, post(`/admin/users/${userId}/distro`, { releaseId: release.id, ...fields }, cookie), { userId });

    expect((await page(coordinator.cookie, { intent: "prepare_takedown" })).status).toBe(403);
    expect((await page(musicAdmin.cookie, { intent: "takedown" })).status).toBe(428);
    expect((await statusOf(release.id)).status).toBe(1);
    const prepared = await (await page(musicAdmin.cookie, { intent: "prepare_takedown" })).json();
    expect(prepared).toMatchObject({ stage: "confirm_takedown", title: "Gone Soon" });
    const done = await page(musicAdmin.cookie, { intent: "takedown", token: prepared.token, message: "Rights claim" });
    expect(done.status).toBe(302);
    // Pending Removal, then at once Removed: no store ever received this release, so none has to answer.
    expect((await statusOf(release.id)).status).toBe(6);
    expect((await page(musicAdmin.cookie, { intent: "takedown", token: prepared.token })).status).toBe(428);
  });

  test("the API takedown needs its server-issued confirmation token too, bound to the admin and the release", async () => {
    const { db } = database();
    const { release } = await submittedRelease(db, { title: "Gone Via API", status: 1 });
    const other = await submittedRelease(db, { title: "Stays Live", status: 1 });
    const coordinator = await staff(db);
    const musicAdmin = await staff(db, ["music_admin"]);
    const otherAdmin = await staff(db, ["music_admin"]);
    const confirm = (cookie: string, id: string) => callRoute(apiTakedownConfirm.action, json(`/api/admin/release/${id}/takedown/confirmations`, "POST", {}, cookie), { id });

    // No token, an invented one: refused, and the release stays live.
    const bare = await act(musicAdmin.cookie, release.id, "takedown", { message: "Rights claim" });
    expect(bare.status).toBe(428);
    expect(await bare.json()).toMatchObject({ error: { code: "confirmation_required" } });
    expect((await act(musicAdmin.cookie, release.id, "takedown", { confirmationToken: "made-up" })).status).toBe(428);
    expect((await statusOf(release.id)).status).toBe(1);

    expect((await confirm(coordinator.cookie, release.id)).status).toBe(403);
    const answer = await confirm(musicAdmin.cookie, release.id);
    expect(answer.status).toBe(200);
    const { confirmationToken, release: described } = await answer.json();
    expect(described).toMatchObject({ id: release.id, title: "Gone Via API" });

    // The token is for this release and this admin only; a misuse does not spend it.
    expect((await act(musicAdmin.cookie, other.release.id, "takedown", { confirmationToken })).status).toBe(428);
    expect((await act(otherAdmin.cookie, release.id, "takedown", { confirmationToken })).status).toBe(428);
    expect((await statusOf(other.release.id)).status).toBe(1);

    const done = await act(musicAdmin.cookie, release.id, "takedown", { confirmationToken, message: "Rights claim" });
    expect(done.status).toBe(200);
    expect((await statusOf(release.id)).status).toBe(6);
    expect((await act(musicAdmin.cookie, release.id, "takedown", { confirmationToken })).status).toBe(428);
    // Nothing left to take down: the confirmation step already says so.
    expect((await confirm(musicAdmin.cookie, release.id)).status).toBe(409);
  });
});

describe("bulk review", () => {
  test("bulk approve is refused without its confirmation token, and runs once with it", async () => {
    const { db } = database();
    const first = await submittedRelease(db, { title: "One" });
    const second = await submittedRelease(db, { title: "Two" });
    const reviewer = await staff(db);
    const ids = [first.release.id, second.release.id];

    const noToken = await callRoute(apiBulk.action, json("/api/admin/releases/bulk", "POST", { action: "approve", releaseIds: ids }, reviewer.cookie));
    expect(noToken.status).toBe(428);
    const pageNoToken = await callRoute(distroPage.action, post("/admin/distro", { intent: "approve", releaseIds: first.release.id }, reviewer.cookie));
    expect(pageNoToken.status).toBe(428);
    expect((await statusOf(first.release.id)).status).toBe(0);

    const confirm = await (await callRoute(apiBulkConfirm.action, json("/api/admin/releases/bulk/confirmations", "POST", { action: "approve", releaseIds: ids }, reviewer.cookie))).json();
    // The token is for exactly these releases.
    const other = await callRoute(apiBulk.action, json("/api/admin/releases/bulk", "POST", { action: "approve", releaseIds: [first.release.id], confirmationToken: confirm.confirmationToken }, reviewer.cookie));
    expect(other.status).toBe(428);
    const ran = await callRoute(apiBulk.action, json("/api/admin/releases/bulk", "POST", { action: "approve", releaseIds: ids, confirmationToken: confirm.confirmationToken }, reviewer.cookie));
    expect(await ran.json()).toEqual({ moved: 2 });
    // The bulk action leaves nobody locked out of these users afterwards.
    expect(await db.select().from(releaseReviewLocks).where(eq(releaseReviewLocks.userId, first.userId))).toEqual([]);
    expect((await statusOf(second.release.id)).status).toBe(4);
    const again = await callRoute(apiBulk.action, json("/api/admin/releases/bulk", "POST", { action: "approve", releaseIds: ids, confirmationToken: confirm.confirmationToken }, reviewer.cookie));
    expect(again.status).toBe(428);
  });
});

describe("bulk review and the lock", () => {
  test("a bulk action touching a user another admin is reviewing moves nothing", async () => {
    const { db } = database();
    const free = await submittedRelease(db, { title: "Free One" });
    const held = await submittedRelease(db, { title: "Held One" });
    const [a, b] = [await staff(db), await staff(db)];
    await callRoute(apiLock.action, json(`/api/admin/user/${held.userId}/releases/review`, "POST", {}, a.cookie), { id: held.userId });
    const ids = [free.release.id, held.release.id];
    const refused = await callRoute(apiBulkConfirm.action, json("/api/admin/releases/bulk/confirmations", "POST", { action: "reject", releaseIds: ids, message: "Not ready" }, b.cookie));
    expect(refused.status).toBe(423);
    // Taken after the confirmation was issued: the run refuses it, all or nothing.
    await db.delete(releaseReviewLocks).where(eq(releaseReviewLocks.userId, held.userId));
    const confirm = await (await callRoute(apiBulkConfirm.action, json("/api/admin/releases/bulk/confirmations", "POST", { action: "reject", releaseIds: ids, message: "Not ready" }, b.cookie))).json();
    await callRoute(apiLock.action, json(`/api/admin/user/${held.userId}/releases/review`, "POST", {}, a.cookie), { id: held.userId });
    const ran = await callRoute(apiBulk.action, json("/api/admin/releases/bulk", "POST", { action: "reject", releaseIds: ids, message: "Not ready", confirmationToken: confirm.confirmationToken }, b.cookie));
    expect(ran.status).toBe(423);
    expect((await statusOf(free.release.id)).status).toBe(0);
    expect((await statusOf(held.release.id)).status).toBe(0);
  });
});

describe("queues", () => {
  test("releases by status, searchable, by date, paged; bad paging names the field", async () => {
    const { db } = database();
    const reviewer = await staff(db);
    await submittedRelease(db, { title: "Queue Old", submittedAt: new Date("2024-01-02T10:00:00Z") });
    await submittedRelease(db, { title: "Queue New", submittedAt: new Date("2024-03-02T10:00:00Z") });
    await submittedRelease(db, { title: "Queue Live", status: 1, submittedAt: new Date("2024-02-02T10:00:00Z") });
    const queue = async (path: string, params: Record<string, string>) => (await callRoute(apiQueue.loader, get(path, reviewer.cookie), params)).json();

    const all = await queue("/api/admin/releases/submitted?query=Queue", { queue: "submitted" });
    expect(all.releases.map((row: { title: string }) => row.title)).toEqual(["Queue Old", "Queue New"]);
    const dated = await queue("/api/admin/releases/submitted?query=Queue&start_date=2024-02-01&end_date=2024-12-31", { queue: "submitted" });
    expect(dated.releases.map((row: { title: string }) => row.title)).toEqual(["Queue New"]);
    const live = await queue("/api/admin/releases/live?query=Queue", { queue: "live" });
    expect(live).toMatchObject({ total: 1, perPage: 25, page: 1 });
    const paged = await queue("/api/admin/releases/submitted?query=Queue&perPage=10&page=2", { queue: "submitted" });
    expect(paged).toMatchObject({ releases: [], page: 2, perPage: 10, total: 2 });

    const bad = await callRoute(apiQueue.loader, get("/api/admin/releases/submitted?perPage=20", reviewer.cookie), { queue: "submitted" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Show 10, 25 or 50 per page.");
    const page = await callRoute(distroPage.loader, get("/admin/distro?queue=submitted&itemsPerPage=30", reviewer.cookie));
    expect(page.status).toBe(400);
  });
});

describe("automatic checks with real audio", () => {
  test("the WAV is measured once per version, and the same audio on a live release is a duplicate", async () => {
    const { db } = database();
    const rate = 44_100;
    const left = new Float32Array(rate * 50).map((_, i) => 0.25 * Math.sin((2 * Math.PI * 220 * i) / rate));
    const wav = encodeWav({ sampleRate: rate, left, right: left.slice() });
    await getStorage().put("review-test/song.wav", wav);
    const media = { mp3: "x.mp3", wav: "review-test/song.wav", midi: "x.mid", peaks: "x.json", description: "x.json" };

    const live = await submittedRelease(db, { title: "Already Out", status: 1 });
    const copy = await submittedRelease(db, { title: "Copy Of It" });
    await db.update(songs).set({ media }).where(eq(songs.id, live.songId));
    await db.update(songs).set({ media }).where(eq(songs.id, copy.songId));
    await releaseChecks(live.release, null);

    const checks = await releaseChecks(copy.release, null);
    const [track] = checks.tracks;
    expect(track.metrics?.durationSeconds).toBeCloseTo(50, 1);
    expect(track.results).toEqual([
      { label: "Audio", ok: true, detail: "Length, loudness, clipping and silence are fine." },
      { label: "Duplicate audio", ok: false, detail: "Already released on “Already Out” by Harbor Loomer." },
    ]);
    expect(checks.art).toEqual([{ label: "Cover art", ok: false, detail: "Album Art Required" }]);

    // A second look reads the stored measurement; a new version is measured again.
    const measured = async () => (await db.select().from(songAudioChecks).where(eq(songAudioChecks.songId, copy.songId)))[0].checkedAt.getTime();
    const first = await measured();
    await releaseChecks(copy.release, null);
    expect(await measured()).toBe(first);
    await db.update(songs).set({ version: 2 }).where(eq(songs.id, copy.songId));
    await releaseChecks(copy.release, null);
    expect(await measured()).toBeGreaterThan(first);
  });
});
