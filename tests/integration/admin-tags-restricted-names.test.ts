// Staff pages for song tags and restricted artist names (issue 21 items 3 and 6), through the route
// modules against a real database: a rename or delete keeps songs' tags and the tag rows in step; a name
// added is refused by the release form's artist check (and a near miss once staff allow one edit); a bulk
// delete runs only with the server's confirmation token.
import "../support/auth-env";
import { and, eq } from "drizzle-orm";
import { adminAuditLog } from "#drizzle/schema/admin";
import { restrictedArtistNames, tags } from "#drizzle/schema/releases";
import { songs } from "#drizzle/schema/songs";
import * as restrictedPage from "~/routes/admin.restricted_artist_names";
import * as tagsPage from "~/routes/admin.tags";
import * as restrictedApi from "~/routes/api.admin.restricted_artist_names._index";
import * as restrictedConfirmApi from "~/routes/api.admin.restricted_artist_names.confirmations";
import * as restrictedSettingsApi from "~/routes/api.admin.restricted_artist_names.settings";
import * as tagsApi from "~/routes/api.admin.tags._index";
import * as tagApi from "~/routes/api.admin.tags.$id";
import * as createReleaseRoute from "~/routes/release.create";
import { artistNameRefusal } from "~/services/releases/index.server";
import type { Role } from "~/server/permissions.server";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { backends, setupTestDatabase } from "../support/database";
import { insertSavedSong } from "../support/releases";

describe.each(backends)("on %s", (backend) => {
  const database = setupTestDatabase(backend);

  async function signedIn(options: { isAdmin?: boolean; roles?: Role[] } = {}) {
    const user = await createUser(database().db, { termsAccepted: true, ...options });
    return { user, cookie: (await createSession(database().db, user.id)).cookie };
  }

  const json = (path: string, method: string, body: unknown, cookie: string) =>
    new Request(new URL(path, "http://localhost:3000"), { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } });

  /** A form post with repeated fields (the page's checkboxes). */
  const postForm = (path: string, fields: [string, string][], cookie: string) =>
    new Request(new URL(path, "http://localhost:3000"), { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });

  const songTags = async (id: string) => (await database().db.select({ tags: songs.tags }).from(songs).where(eq(songs.id, id)))[0].tags;
  const tagByKey = async (key: string) => (await database().db.select().from(tags).where(eq(tags.key, key)))[0];

  describe("/admin/tags", () => {
    test("a rename renames the tag on every song carrying it (same id, usage kept); a taken name is refused; delete takes it off the songs", async () => {
      const staff = await signedIn({ isAdmin: true, roles: ["music_admin"] });
      const owner = await createUser(database().db);
      const a = await insertSavedSong(database().db, owner.id, { tags: ["Night", "Chill  Wave"] });
      const b = await insertSavedSong(database().db, owner.id, { tags: ["chill wave", "Rain", "CHILL WAVE"] });
      const c = await insertSavedSong(database().db, owner.id, { tags: ["Rain"] });
      const chill = await tagByKey("chill wave");
      expect(chill.usage).toBe(2);

      const renamed = await callRoute(tagsPage.action, post("/admin/tags", { intent: "rename", id: chill.id, name: "  Dream   Pop ", returnTo: "/admin/tags?itemsPerPage=10" }, staff.cookie));
      expect(renamed.status).toBe(302);
      expect(renamed.headers.get("Location")).toBe("/admin/tags?itemsPerPage=10&done=renamed");
      expect(await songTags(a)).toEqual(["Night", "Dream Pop"]);
      expect(await songTags(b)).toEqual(["Dream Pop", "Rain"]);
      expect(await songTags(c)).toEqual(["Rain"]);
      expect(await tagByKey("dream pop")).toMatchObject({ id: chill.id, name: "Dream Pop", usage: 2 });
      expect(await tagByKey("chill wave")).toBeUndefined();
      const [audit] = await database().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, chill.id), eq(adminAuditLog.action, "tag_renamed")));
      expect(audit).toMatchObject({ actorId: staff.user.id, targetType: "tag", before: { name: "Chill Wave" }, after: { name: "Dream Pop", songsChanged: 2 } });

      const taken = await callRoute(tagsPage.action, post("/admin/tags", { intent: "rename", id: chill.id, name: "rain" }, staff.cookie));
      expect(taken.status).toBe(409);
      expect((await taken.json()).errors.name).toBe("A tag with this name already exists.");
      const empty = await callRoute(tagsPage.action, post("/admin/tags", { intent: "create", name: "   " }, staff.cookie));
      expect(empty.status).toBe(400);
      expect((await empty.json()).errors.name).toBe("Enter the tag's name.");

      const page = await (await callRoute(tagsPage.loader, get("/admin/tags?itemsPerPage=10", staff.cookie))).json();
      expect(page.result).toMatchObject({ page: 1, perPage: 10, total: 3 });
      expect(page.result.tags.map((tag: { name: string; usage: number }) => [tag.name, tag.usage])).toEqual([["Dream Pop", 2], ["Night", 1], ["Rain", 2]]);
      const defaults = await (await callRoute(tagsPage.loader, get("/admin/tags", staff.cookie))).json();
      expect(defaults.result.perPage).toBe(50);
      const bad = await callRoute(tagsPage.loader, get("/admin/tags?page=zero", staff.cookie));
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe("The page is a whole number from 1.");

      const night = await tagByKey("night");
      const deleted = await callRoute(tagApi.action, new Request(`http://localhost:3000/api/admin/tags/${night.id}`, { method: "DELETE", headers: { Cookie: staff.cookie } }), { id: night.id });
      expect(deleted.status).toBe(204);
      expect(await songTags(a)).toEqual(["Dream Pop"]);
      expect(await tagByKey("night")).toBeUndefined();
    });

    test("the API creates, lists (perPage 50 by default) and renames; a created tag counts the songs later given it", async () => {
      const staff = await signedIn({ isAdmin: true, roles: ["music_admin"] });
      const created = await callRoute(tagsApi.action, json("/api/admin/tags", "POST", { name: "Ambient Drift" }, staff.cookie));
      expect(created.status).toBe(201);
      const tag = await created.json();
      expect(tag).toMatchObject({ name: "Ambient Drift", usage: 0 });
      expect((await callRoute(tagsApi.action, json("/api/admin/tags", "POST", { name: "ambient drift" }, staff.cookie))).status).toBe(409);

      const owner = await createUser(database().db);
      const song = await insertSavedSong(database().db, owner.id, { tags: ["AMBIENT DRIFT"] });
      const list = await (await callRoute(tagsApi.loader, get("/api/admin/tags", staff.cookie))).json();
      expect(list.perPage).toBe(50);
      expect(list.tags.find((row: { id: string }) => row.id === tag.id)).toMatchObject({ usage: 1 });

      const renamed = await callRoute(tagApi.action, json(`/api/admin/tags/${tag.id}`, "PUT", { name: "Deep Drift" }, staff.cookie), { id: tag.id });
      expect(await renamed.json()).toMatchObject({ id: tag.id, name: "Deep Drift", usage: 1 });
      expect(await songTags(song)).toEqual(["Deep Drift"]);
    });
  });

  describe("/admin/restricted_artist_names", () => {
    const FIELDS = { title: "Night Drive", artistName: "Loomer", genre: "electronic", language: "en", explicit: "clean", coverArtCreditName: "", coverArtCreditUrl: "" };
    const releaseAs = (cookie: string, artistName: string) => callRoute(createReleaseRoute.action, post("/release/create", { ...FIELDS, artistName }, cookie));

    test("names added many at once are refused by the release form; a near miss too once staff allow one edit", async () => {
      const staff = await signedIn({ isAdmin: true, roles: ["super_admin"] });
      const artist = await signedIn();
      expect((await releaseAs(artist.cookie, "Zed Loomis")).status).toBe(302);

      const added = await callRoute(restrictedApi.action, json("/api/admin/restricted_artist_names", "PUT", { artistNames: ["Zed Loomis", "zed   loomis", "Quiet Fox"] }, staff.cookie));
      expect(await added.json()).toEqual({ added: 2, alreadyListed: 0 });
      const form = await callRoute(restrictedPage.action, post("/admin/restricted_artist_names", { intent: "add", artistNames: "Quiet Fox\nLoud Owl\n", kind: "generic" }, staff.cookie));
      expect(form.headers.get("Location")).toBe("/admin/restricted_artist_names?done=added-1-1");

      const refused = await releaseAs(artist.cookie, " zed LOOMIS ");
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors.artistName[0]).toMatch(/well-known artist/);
      expect((await releaseAs(artist.cookie, "Loud Owl")).status).toBe(400);

      expect(await artistNameRefusal("Zed Loomiss")).toBeNull();
      const badSetting = await callRoute(restrictedPage.action, post("/admin/restricted_artist_names", { intent: "settings", maxDistance: "9" }, staff.cookie));
      expect(badSetting.status).toBe(400);
      expect((await badSetting.json()).errors.maxDistance).toBe("Enter a whole number from 0 to 3.");
      expect((await callRoute(restrictedPage.action, post("/admin/restricted_artist_names", { intent: "settings", maxDistance: "1" }, staff.cookie))).status).toBe(302);
      expect(await (await callRoute(restrictedSettingsApi.loader, get("/api/admin/restricted_artist_names/settings", staff.cookie))).json()).toEqual({ maxDistance: 1 });
      const nearMiss = await releaseAs(artist.cookie, "Zed Loomiss");
      expect(nearMiss.status).toBe(400);
      expect(await artistNameRefusal("Zed Lo")).toBeNull();
      await callRoute(restrictedSettingsApi.action, json("/api/admin/restricted_artist_names/settings", "PUT", { maxDistance: 0 }, staff.cookie));
      expect(await artistNameRefusal("Zed Loomiss")).toBeNull();

      const listed = await database().db.select({ name: restrictedArtistNames.name, kind: restrictedArtistNames.kind }).from(restrictedArtistNames);
      expect(listed.filter((row) => ["Loud Owl", "Quiet Fox", "Zed Loomis"].includes(row.name)).sort((x, y) => x.name.localeCompare(y.name))).toEqual([
        { name: "Loud Owl", kind: "generic" },
        { name: "Quiet Fox", kind: "artist" },
        { name: "Zed Loomis", kind: "artist" },
      ]);
      // The seeded list and these, 10 a page as asked in the query string.
      const page = await (await callRoute(restrictedPage.loader, get("/admin/restricted_artist_names?itemsPerPage=10&page=2", staff.cookie))).json();
      expect(page.result).toMatchObject({ page: 2, itemsPerPage: 10, total: listed.length });
      expect(page.result.names).toHaveLength(Math.min(10, listed.length - 10));
      const badPage = await callRoute(restrictedPage.loader, get("/admin/restricted_artist_names?itemsPerPage=7", staff.cookie));
      expect(badPage.status).toBe(400);
      expect((await badPage.json()).error).toBe("Show 10, 25 or 50 per page.");
    });

    test("bulk delete: refused without the server's token (page and API); done with it, once; audited", async () => {
      const staff = await signedIn({ isAdmin: true, roles: ["super_admin"] });
      const other = await signedIn({ isAdmin: true, roles: ["super_admin"] });
      const artist = await signedIn();
      await callRoute(restrictedApi.action, json("/api/admin/restricted_artist_names", "PUT", { artistNames: ["Mira Vale", "Otto Rune"] }, staff.cookie));
      const rows = await database().db.select().from(restrictedArtistNames);
      const ids = rows.filter((row) => ["mira vale", "otto rune"].includes(row.key)).map((row) => row.id);
      const remaining = async () => (await database().db.select().from(restrictedArtistNames)).filter((row) => ids.includes(row.id)).length;

      const directApi = await callRoute(restrictedApi.action, json("/api/admin/restricted_artist_names", "DELETE", { ids }, staff.cookie));
      expect(directApi.status).toBe(428);
      const directPage = await callRoute(restrictedPage.action, postForm("/admin/restricted_artist_names", [["intent", "delete"], ...ids.map((id): [string, string] => ["ids", id])], staff.cookie));
      expect(directPage.status).toBe(428);
      expect(await remaining()).toBe(2);

      // The page's confirmation step: what will go, and a token for exactly those ids and this admin.
      const prepared = await callRoute(restrictedPage.action, postForm("/admin/restricted_artist_names", [["intent", "prepare_delete"], ...ids.map((id): [string, string] => ["ids", id])], staff.cookie));
      const confirm = await prepared.json();
      expect(confirm.stage).toBe("confirm");
      expect(confirm.names.map((row: { name: string }) => row.name)).toEqual(["Mira Vale", "Otto Rune"]);
      const forOneOnly = await callRoute(restrictedPage.action, postForm("/admin/restricted_artist_names", [["intent", "delete"], ["ids", ids[0]], ["token", confirm.token]], staff.cookie));
      expect(forOneOnly.status).toBe(428);
      const byAnother = await callRoute(restrictedPage.action, postForm("/admin/restricted_artist_names", [["intent", "delete"], ...ids.map((id): [string, string] => ["ids", id]), ["token", confirm.token]], other.cookie));
      expect(byAnother.status).toBe(428);
      expect(await remaining()).toBe(2);
      const done = await callRoute(restrictedPage.action, postForm("/admin/restricted_artist_names", [["intent", "delete"], ...ids.map((id): [string, string] => ["ids", id]), ["token", confirm.token]], staff.cookie));
      expect(done.headers.get("Location")).toBe("/admin/restricted_artist_names?done=deleted-2");
      expect(await remaining()).toBe(0);
      expect((await releaseAs(artist.cookie, "Mira Vale")).status).toBe(302);
      const [audit] = await database().db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "restricted_artist_names_deleted"));
      expect(audit).toMatchObject({ actorId: staff.user.id, before: { names: ["Mira Vale", "Otto Rune"] } });

      // The API's two steps.
      await callRoute(restrictedApi.action, json("/api/admin/restricted_artist_names", "PUT", { artistNames: ["Ivy Crane"] }, staff.cookie));
      const [ivy] = await database().db.select().from(restrictedArtistNames).where(eq(restrictedArtistNames.key, "ivy crane"));
      const token = await (await callRoute(restrictedConfirmApi.action, json("/api/admin/restricted_artist_names/confirmations", "POST", { ids: [ivy.id] }, staff.cookie))).json();
      expect(token.names).toEqual(["Ivy Crane"]);
      const apiDone = await callRoute(restrictedApi.action, json("/api/admin/restricted_artist_names", "DELETE", { ids: [ivy.id], confirmationToken: token.confirmationToken }, staff.cookie));
      expect(await apiDone.json()).toEqual({ deleted: 1 });
    });
  });
});
