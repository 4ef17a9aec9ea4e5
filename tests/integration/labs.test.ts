// Songloom Labs generations in the library (spec 2 §2, §6, §7) on Postgres, through the routes' functions:
// without labs access every call is refused (403) and the library has no Labs tab; with it the list pages,
// searches and sorts, downloads stream the stored file, and renames work over JSON and through the library's
// no-JavaScript form, with per-field errors. Another user's generation is 404, never its data.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { adminAuditLog, labsAccess, labsGenerations } from "#drizzle/schema/index";
import * as libraryRoute from "~/routes/library";
import * as listApi from "~/routes/api.labs.generations._index";
import * as renameApi from "~/routes/api.labs.generations.$id";
import * as downloadApi from "~/routes/api.labs.generations.$id.download";
import * as userApi from "~/routes/api.user";
import * as labsPage from "~/routes/labs";
import * as adminLabsApi from "~/routes/api.admin.user.$id.labs";
import * as adminLabsForm from "~/routes/admin.users.$userId.labs";
import * as adminUserView from "~/routes/admin.users.$userId.view";
import { buildOpenApiDocument } from "~/server/openapi.server";
import { getStorage, LocalDiskStorage, useStorage, type MediaStorage } from "~/server/storage.server";
import { APP, callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
type Handler = Parameters<typeof callRoute>[0];

let previous: MediaStorage;
beforeAll(() => {
  previous = getStorage();
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-labs-"))));
});
afterAll(() => useStorage(previous));

async function signedIn(options: { labs?: boolean } = {}) {
  const user = await createUser(database().db, { termsAccepted: true });
  if (options.labs) await database().db.insert(labsAccess).values({ userId: user.id });
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

let counter = 0;
async function insertGeneration(userId: string, fields: { songName?: string; prompt?: string; wav?: boolean } = {}) {
  counter += 1;
  const mp3 = `labs/${userId}/${counter}.mp3`;
  await getStorage().put(mp3, `mp3 bytes of ${mp3}`);
  const wav = fields.wav ? `labs/${userId}/${counter}.wav` : undefined;
  if (wav) await getStorage().put(wav, `wav bytes of ${wav}`);
  const [row] = await database()
    .db.insert(labsGenerations)
    .values({ userId, songName: fields.songName ?? `Take ${counter}`, prompt: fields.prompt ?? null, durationSeconds: 30, files: { mp3, ...(wav && { wav }) }, createdAt: new Date(Date.now() - (1000 - counter) * 1000) })
    .returning();
  return row!;
}

async function call(handler: Handler, method: string, url: string, cookie: string, params: Record<string, string> = {}, body?: unknown): Promise<Response> {
  const request = new Request(new URL(url, APP()), { method, headers: { Cookie: cookie, ...(body !== undefined && { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return callRoute(handler, request, params);
}

test("without labs access: the API refuses (403), /api/user says so and the library has no Labs tab", async () => {
  const owner = await signedIn();
  const generation = await insertGeneration(owner.user.id);
  const user = await (await callRoute(userApi.loader as Handler, get("/api/user", owner.cookie))).json();
  // The rest of spec 2 §3's User: the free plan's limits and no releases yet.
  expect(user).toMatchObject({ hasAccessToLabs: false, numAlbums: 0, allowedReleases: 1, allowedSongs: 25, limitEnforced: true });
  const list = await callRoute(listApi.loader as Handler, get("/api/labs/generations", owner.cookie));
  expect(list.status).toBe(403);
  expect((await list.json()).error.message).toBe("Songloom Labs is not available on your account.");
  expect((await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${generation.id}/download?format=mp3`, owner.cookie, { id: generation.id })).status).toBe(403);
  expect((await call(renameApi.action as Handler, "PUT", `/api/labs/generations/${generation.id}`, owner.cookie, { id: generation.id }, { song_name: "Mine" })).status).toBe(403);
  const page = await (await callRoute(libraryRoute.loader as Handler, get("/library?tab=labs", owner.cookie))).json();
  expect(page).toMatchObject({ tab: "songs", labsAccess: false, labs: null });
  const form = await callRoute(libraryRoute.action as Handler, post("/library?tab=labs", { intent: "rename-labs", generationId: generation.id, song_name: "Mine" }, owner.cookie));
  expect(form.status).toBe(403);
  // The labs page sign-in returns to sends them to their songs.
  expect((await callRoute(labsPage.loader as Handler, get("/labs", owner.cookie))).headers.get("Location")).toBe("/library");
  // Signed out: 401.
  expect((await callRoute(listApi.loader as Handler, get("/api/labs/generations"))).status).toBe(401);
});

test("with labs access: paged, searched and sorted lists, downloads, renames; another user's generation is 404", async () => {
  const owner = await signedIn({ labs: true });
  expect((await (await callRoute(userApi.loader as Handler, get("/api/user", owner.cookie))).json()).hasAccessToLabs).toBe(true);
  expect((await callRoute(labsPage.loader as Handler, get("/labs", owner.cookie))).headers.get("Location")).toBe("/library?tab=labs");
  expect((await callRoute(labsPage.loader as Handler, get("/labs"))).headers.get("Location")).toMatch(/^\/sign-in\?redirectFrom=%2Flabs/);
  const empty = await (await callRoute(listApi.loader as Handler, get("/api/labs/generations", owner.cookie))).json();
  expect(empty).toEqual({ generations: [], total: 0, page: 1, perPage: 20 });

  const rows = [];
  for (let index = 0; index < 23; index++) rows.push(await insertGeneration(owner.user.id, { prompt: index % 5 === 0 ? "slow ocean drums" : "bright synth", wav: index === 22 }));
  const first = await (await callRoute(listApi.loader as Handler, get("/api/labs/generations", owner.cookie))).json();
  expect(first.total).toBe(23);
  expect(first.generations).toHaveLength(20);
  expect(first.generations[0].id).toBe(rows[22]!.id);
  expect(first.generations[0].formats).toEqual(["mp3", "wav"]);
  const second = await (await callRoute(listApi.loader as Handler, get("/api/labs/generations?page=2&perPage=10&sort=oldest", owner.cookie))).json();
  expect(second.generations.map((generation: { id: string }) => generation.id)).toEqual(rows.slice(10, 20).map((row) => row.id));
  const ocean = await (await callRoute(listApi.loader as Handler, get("/api/labs/generations?query=OCEAN", owner.cookie))).json();
  expect(ocean.total).toBe(5);
  expect((await callRoute(listApi.loader as Handler, get("/api/labs/generations?sort=loudest", owner.cookie))).status).toBe(400);

  const target = rows[22]!;
  const mp3 = await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${target.id}/download?format=mp3`, owner.cookie, { id: target.id });
  expect(mp3.status).toBe(200);
  expect(mp3.headers.get("Content-Type")).toBe("audio/mpeg");
  expect(mp3.headers.get("Content-Disposition")).toContain(`filename="${target.songName}.mp3"`);
  expect(await mp3.text()).toBe(`mp3 bytes of ${target.files.mp3}`);
  const wav = await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${target.id}/download?format=wav`, owner.cookie, { id: target.id });
  expect(await wav.text()).toBe(`wav bytes of ${target.files.wav}`);
  const noWav = await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${rows[0]!.id}/download?format=wav`, owner.cookie, { id: rows[0]!.id });
  expect(noWav.status).toBe(404);
  expect((await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${target.id}/download?format=flac`, owner.cookie, { id: target.id })).status).toBe(400);

  const renamed = await call(renameApi.action as Handler, "PUT", `/api/labs/generations/${target.id}`, owner.cookie, { id: target.id }, { song_name: "  Tide Pool ", artist_name: "Loomer" });
  expect(renamed.status).toBe(200);
  expect((await renamed.json()).generation).toMatchObject({ songName: "Tide Pool", artistName: "Loomer", unnamed: false });
  const unnamed = await (await call(renameApi.action as Handler, "PUT", `/api/labs/generations/${target.id}`, owner.cookie, { id: target.id }, { song_name: "", artist_name: "" })).json();
  expect(unnamed.generation).toMatchObject({ songName: "New Song", unnamed: true, artistName: null });
  const tooLong = await call(renameApi.action as Handler, "PUT", `/api/labs/generations/${target.id}`, owner.cookie, { id: target.id }, { song_name: "x".repeat(81) });
  expect(tooLong.status).toBe(400);
  expect((await tooLong.json()).error.fields.song_name).toContain("The song name can be at most 80 characters.");

  // Another user with labs access: never sees, downloads or renames the owner's generation.
  const stranger = await signedIn({ labs: true });
  expect((await (await callRoute(listApi.loader as Handler, get("/api/labs/generations", stranger.cookie))).json()).total).toBe(0);
  const stolen = await call(downloadApi.loader as Handler, "GET", `/api/labs/generations/${target.id}/download?format=mp3`, stranger.cookie, { id: target.id });
  expect(stolen.status).toBe(404);
  expect(await stolen.text()).not.toContain("mp3 bytes");
  expect((await call(renameApi.action as Handler, "PUT", `/api/labs/generations/${target.id}`, stranger.cookie, { id: target.id }, { song_name: "Stolen" })).status).toBe(404);
  const strangerForm = await callRoute(libraryRoute.action as Handler, post("/library?tab=labs", { intent: "rename-labs", generationId: target.id, song_name: "Stolen" }, stranger.cookie));
  expect(strangerForm.status).toBe(404);
});

test("the library's Labs tab: pages keeping the query string, the empty text's data, and the no-JavaScript rename form", async () => {
  const owner = await signedIn({ labs: true });
  const library = async (query: string) => (await callRoute(libraryRoute.loader as Handler, get(`/library${query}`, owner.cookie))).json();
  expect((await library("?tab=labs")).labs).toEqual({ total: 0, items: [] });
  for (let index = 0; index < 12; index++) await insertGeneration(owner.user.id, { songName: index < 3 ? `Harbor ${index}` : `Field ${index}` });
  const page = await library("?tab=labs&page=2&itemsPerPage=10");
  expect(page).toMatchObject({ tab: "labs", page: 2, itemsPerPage: 10, labsAccess: true });
  expect(page.labs.total).toBe(12);
  expect(page.labs.items).toHaveLength(2);
  const searched = await library("?tab=labs&query=harbor");
  expect(searched.labs.total).toBe(3);
  expect(searched.itemsPerPage).toBe(20);

  const target = searched.labs.items[0];
  const saved = await callRoute(libraryRoute.action as Handler, post("/library?tab=labs&query=harbor", { intent: "rename-labs", generationId: target.id, song_name: "Harbor Night", artist_name: "Loomer" }, owner.cookie));
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe("/library?tab=labs&query=harbor");
  expect((await library("?tab=labs&query=harbor%20night")).labs.items[0]).toMatchObject({ id: target.id, songName: "Harbor Night", artistName: "Loomer" });
  const refused = await callRoute(libraryRoute.action as Handler, post("/library?tab=labs", { intent: "rename-labs", generationId: target.id, song_name: "y".repeat(81), artist_name: "z".repeat(81) }, owner.cookie));
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ generationId: target.id, fieldErrors: { song_name: "The song name can be at most 80 characters.", artist_name: "The artist name can be at most 80 characters." } });
});

test("staff with user admin grant and revoke labs access (API and the user page's form), audited; viewers only see", async () => {
  const member = await signedIn();
  const staff = await createUser(database().db, { isAdmin: true, roles: ["music_admin"] });
  const staffCookie = (await createSession(database().db, staff.id)).cookie;
  const viewer = await createUser(database().db, { isAdmin: true, roles: ["royalty_admin"] });
  const viewerCookie = (await createSession(database().db, viewer.id)).cookie;
  const id = member.user.id;
  const put = (cookie: string, value: unknown) => call(adminLabsApi.action as Handler, "PUT", `/api/admin/user/${id}/labs`, cookie, { id }, { hasAccessToLabs: value });

  expect(await (await call(adminLabsApi.loader as Handler, "GET", `/api/admin/user/${id}/labs`, viewerCookie, { id })).json()).toEqual({ hasAccessToLabs: false });
  expect((await put(viewerCookie, true)).status).toBe(403);
  expect((await put(member.cookie, true)).status).toBe(403);
  expect((await put(staffCookie, "yes")).status).toBe(400);
  const granted = await put(staffCookie, true);
  expect(await granted.json()).toEqual({ hasAccessToLabs: true });
  expect((await callRoute(listApi.loader as Handler, get("/api/labs/generations", member.cookie))).status).toBe(200);
  const audit = await database().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, "labs_access_granted")));
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actorId: staff.id, before: { hasAccessToLabs: false }, after: { hasAccessToLabs: true } });

  // The user page shows it and its form revokes it without JavaScript.
  const view = await (await callRoute(adminUserView.loader as Handler, get(`/admin/users/${id}/view`, staffCookie), { userId: id })).json();
  expect(view).toMatchObject({ labsAccess: true, may: { labs: true } });
  const revoked = await callRoute(adminLabsForm.action as Handler, post(`/admin/users/${id}/labs`, { hasAccessToLabs: "false" }, staffCookie), { userId: id });
  expect(revoked.status).toBe(302);
  expect(revoked.headers.get("Location")).toBe(`/admin/users/${id}/view`);
  expect((await callRoute(listApi.loader as Handler, get("/api/labs/generations", member.cookie))).status).toBe(403);
  expect(await database().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, "labs_access_revoked")))).toHaveLength(1);
  const refused = await callRoute(adminLabsForm.action as Handler, post(`/admin/users/${id}/labs`, { hasAccessToLabs: "true" }, viewerCookie), { userId: id });
  // Missing a permission sends staff to the admin dashboard (spec 3 §2 guards), changing nothing.
  expect(refused.headers.get("Location")).toBe("/admin");
  expect((await callRoute(listApi.loader as Handler, get("/api/labs/generations", member.cookie))).status).toBe(403);
  expect((await call(adminLabsApi.action as Handler, "PUT", `/api/admin/user/nosuchuser000000000000000/labs`, staffCookie, { id: "nosuchuser000000000000000" }, { hasAccessToLabs: true })).status).toBe(404);
});

test("the labs operations are in the OpenAPI document", () => {
  const document = buildOpenApiDocument();
  expect(Object.keys(document.paths["/api/admin/user/{id}/labs"]!).sort()).toEqual(["get", "put"]);
  expect(Object.keys(document.paths["/api/labs/generations"]!)).toEqual(["get"]);
  expect(Object.keys(document.paths["/api/labs/generations/{id}"]!)).toEqual(["put"]);
  expect(Object.keys(document.paths["/api/labs/generations/{id}/download"]!)).toEqual(["get"]);
});
