// The production page's APIs and page action against real Postgres, called the way Remix calls them:
// catalogue ids are checked (400 naming the field), only the owner may change a song (404 for anyone
// else), a paid user's mastered song is read-only (403), searches page and filter, and the media route
// serves earlier versions to the owner only.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { songs, songVersions, subscriptions } from "#drizzle/schema/index";
import { DRUM_SOUNDS, INSTRUMENTS } from "~/engine/catalogue";
import { findSong } from "~/models/song.server";
import * as drumsCount from "~/routes/api.instrumentation.drums.count";
import * as drumsSearch from "~/routes/api.instrumentation.drums.search";
import * as drumsRoute from "~/routes/api.song.$id.instrumentation.drums";
import * as drumsReroll from "~/routes/api.song.$id.instrumentation.drums.reroll";
import * as harmonicRoute from "~/routes/api.song.$id.instrumentation.harmonic";
import * as harmonicCount from "~/routes/api.song.$id.instrumentation.harmonic.count";
import * as harmonicReroll from "~/routes/api.song.$id.instrumentation.harmonic.reroll";
import * as harmonicSearch from "~/routes/api.song.$id.instrumentation.harmonic.search";
import * as productionRoute from "~/routes/api.song.$id.production";
import * as productionPage from "~/routes/edit.$songId.production";
import * as mediaRoute from "~/routes/media.songs.$songId.$file";
import { buildOpenApiDocument, registeredApiOperations } from "~/server/openapi.server";
import { loadProduction, renderSongVersion } from "~/services/songs/edit.server";
import { callRoute, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong as completeTestSong, signedIn as signedInUser, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");

useSongServices(database);
const signedIn = () => signedInUser(database);
const completeSong = () => completeTestSong(database);

const json = (path: string, body: unknown, cookie?: string) =>
  new Request(new URL(path, "http://localhost"), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

async function answer(response: Response) {
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

async function versionRow(songId: string, version: number) {
  const [row] = await database().db.select().from(songVersions).where(eq(songVersions.songId, songId)).orderBy(songVersions.version).offset(version - 2).limit(1);
  return row!;
}

describe("changing the production", () => {
  test("an ensemble, a kit, re-rolls and single choices each queue the next version (202) with the choice applied", async () => {
    const { songId, cookie } = await completeSong();
    const before = await loadProduction((await findSong(songId))!.productionId!);

    const ensemble = await answer(await callRoute(harmonicRoute.action, json(`/api/song/${songId}/instrumentation/harmonic`, { instrument_ensemble: "rock_band" }, cookie), { id: songId }));
    expect(ensemble).toEqual({ status: 202, body: { version: 2, status: "queue" } });
    expect((await versionRow(songId, 2)).params.ensemble).toBe("rock_band");

    const kit = await answer(await callRoute(drumsRoute.action, json(`/api/song/${songId}/instrumentation/drums`, { drum_ensemble: "edm" }, cookie), { id: songId }));
    expect(kit).toEqual({ status: 202, body: { version: 3, status: "queue" } });
    expect((await versionRow(songId, 3)).params.drumKit).toBe("edm");

    const single = await answer(
      await callRoute(
        productionRoute.action,
        json(`/api/song/${songId}/production`, { instruments: { bass: "gm_acoustic_bass" }, drums: { kick: "tr808_kick" }, mix: "lofi", sfx: "rain_light", levels: { lead: 1.5 } }, cookie),
        { id: songId },
      ),
    );
    expect(single).toEqual({ status: 202, body: { version: 4, status: "queue" } });
    const produced = await loadProduction((await versionRow(songId, 4)).productionId);
    expect(produced.instruments.bass).toBe("gm_acoustic_bass");
    expect(produced.drums.kick).toBe("tr808_kick");
    expect(produced).toMatchObject({ mix: "lofi", sfx: "rain_light" });
    expect(produced.levels.lead).toBe(1.5);

    const rerolled = await answer(await callRoute(harmonicReroll.action, json(`/api/song/${songId}/instrumentation/harmonic/reroll`, {}, cookie), { id: songId }));
    expect(rerolled).toEqual({ status: 202, body: { version: 5, status: "queue" } });
    const drumsRerolled = await answer(await callRoute(drumsReroll.action, json(`/api/song/${songId}/instrumentation/drums/reroll`, {}, cookie), { id: songId }));
    expect(drumsRerolled.body.version).toBe(6);
    // Every one kept the song's notes.
    for (const version of [2, 3, 4, 5, 6]) expect((await versionRow(songId, version)).compositionId).toBe((await findSong(songId))!.compositionId);
    expect(before.id).not.toBe(produced.id);
  });

  test("unknown catalogue ids and out-of-range levels are 400s naming each field; nothing is queued", async () => {
    const { songId, cookie } = await completeSong();
    const badEnsemble = await answer(await callRoute(harmonicRoute.action, json("/x", { instrument_ensemble: "kazoo_choir" }, cookie), { id: songId }));
    expect(badEnsemble.status).toBe(400);
    expect(Object.keys(badEnsemble.body.error.fields)).toEqual(["instrument_ensemble"]);
    const badKit = await answer(await callRoute(drumsRoute.action, json("/x", {}, cookie), { id: songId }));
    expect(badKit.status).toBe(400);
    expect(Object.keys(badKit.body.error.fields)).toEqual(["drum_ensemble"]);

    const bad = await answer(
      await callRoute(
        productionRoute.action,
        json("/x", { instruments: { drums: "gm_acoustic_bass", bass: "nope" }, drums: { kick: "standard_snare", cowbell: "standard_cowbell" }, mix: "loud", sfx: "thunder", levels: { lead: 3, kazoo: 1 } }, cookie),
        { id: songId },
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["drums.cowbell", "drums.kick", "instruments.bass", "instruments.drums", "levels.kazoo", "levels.lead", "mix", "sfx"]);
    expect(bad.body.error.fields["drums.kick"][0]).toContain("not a kick");

    const empty = await answer(await callRoute(productionRoute.action, json("/x", {}, cookie), { id: songId }));
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain("at least one");
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });

  test("someone else's song is a 404 to every production API; signed out is a 401", async () => {
    const { songId } = await completeSong();
    const stranger = await signedIn();
    const calls = [
      () => callRoute(harmonicRoute.action, json("/x", { instrument_ensemble: "rock_band" }, stranger.cookie), { id: songId }),
      () => callRoute(drumsRoute.action, json("/x", { drum_ensemble: "edm" }, stranger.cookie), { id: songId }),
      () => callRoute(productionRoute.action, json("/x", { mix: "lofi" }, stranger.cookie), { id: songId }),
      () => callRoute(harmonicReroll.action, json("/x", {}, stranger.cookie), { id: songId }),
      () => callRoute(drumsReroll.action, json("/x", {}, stranger.cookie), { id: songId }),
      () => callRoute(harmonicSearch.loader, get(`/api/song/${songId}/instrumentation/harmonic/search`, stranger.cookie), { id: songId }),
      () => callRoute(harmonicCount.loader, get(`/api/song/${songId}/instrumentation/harmonic/count`, stranger.cookie), { id: songId }),
    ];
    for (const call of calls) expect((await call()).status).toBe(404);
    expect((await callRoute(productionRoute.action, json(`/api/song/${songId}/production`, { mix: "lofi" }), { id: songId })).status).toBe(401);
    expect((await callRoute(drumsSearch.loader, get("/api/instrumentation/drums/search"))).status).toBe(401);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });

  test("a paid user's mastered song is read-only: 403 for changes, searching still answers", async () => {
    const { user, songId, cookie } = await completeSong();
    await database().db.insert(subscriptions).values({ userId: user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
    const locked = await answer(await callRoute(harmonicRoute.action, json("/x", { instrument_ensemble: "rock_band" }, cookie), { id: songId }));
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe("read_only");
    expect((await callRoute(productionRoute.action, json("/x", { mix: "lofi" }, cookie), { id: songId })).status).toBe(403);
    expect((await callRoute(drumsReroll.action, json("/x", {}, cookie), { id: songId })).status).toBe(403);
    expect((await callRoute(harmonicSearch.loader, get(`/api/song/${songId}/instrumentation/harmonic/search`, cookie), { id: songId })).status).toBe(200);
    // The page's action sends a read-only song back to its options page.
    const page = await callRoute(productionPage.action, post(`/edit/${songId}/production`, { intent: "mix", mixing_style: "lofi" }, cookie), { songId });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(new RegExp(`^/edit/${songId}\\?error=`));
  });
});

describe("searching instruments and drums", () => {
  test("instruments page 20 at a time by default, filter by group, type, subtype and words, and count the same", async () => {
    const { songId, cookie } = await completeSong();
    const search = async (query: string) => answer(await callRoute(harmonicSearch.loader, get(`/api/song/${songId}/instrumentation/harmonic/search?${query}`, cookie), { id: songId }));
    const count = async (query: string) => (await answer(await callRoute(harmonicCount.loader, get(`/x?${query}`, cookie), { id: songId }))).body.count;

    const first = await search("");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, per_page: 20, total: INSTRUMENTS.length });
    expect(first.body.instruments).toHaveLength(20);
    expect(Object.keys(first.body.instruments[0]).sort()).toEqual(["group", "id", "name", "roles", "subtype", "type"]);
    const second = await search("page=2");
    expect(second.body.instruments[0].id).toBe(INSTRUMENTS[20].id);
    const last = await search(`page=${Math.ceil(INSTRUMENTS.length / 50)}&per_page=50`);
    expect(last.body.instruments).toHaveLength(INSTRUMENTS.length % 50 || 50);

    const keys = await search("instrument_group=keys&per_page=50");
    const keysCount = INSTRUMENTS.filter((instrument) => instrument.group === "keys").length;
    expect(keys.body.total).toBe(keysCount);
    expect(keys.body.instruments.every((instrument: { group: string }) => instrument.group === "keys")).toBe(true);
    expect(await count("instrument_group=keys")).toBe(keysCount);

    const pianos = await search("instrument_type=piano&instrument_subtype=electric");
    expect(pianos.body.instruments.map((instrument: { name: string }) => instrument.name)).toContain("Electric Piano 1");
    expect(pianos.body.instruments.every((instrument: { type: string; subtype: string }) => instrument.type === "piano" && instrument.subtype === "electric")).toBe(true);
    const words = await search("instrument_query=grand%20piano");
    expect(words.body.instruments.map((instrument: { name: string }) => instrument.name)).toEqual(expect.arrayContaining(["Acoustic Grand Piano", "Electric Grand Piano"]));
    expect(await count("instrument_query=grand%20piano")).toBe(words.body.total);

    const bad = await search("instrument_group=kazoos&page=0&per_page=51");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["instrument_group", "page", "per_page"]);
  });

  test("drums search by kind (id or display name) with the tab page size of 50, and count the same", async () => {
    const { cookie } = await signedIn();
    const search = async (query: string) => answer(await callRoute(drumsSearch.loader, get(`/api/instrumentation/drums/search?${query}`, cookie)));
    const openHats = DRUM_SOUNDS.filter((sound) => sound.kind === "open_hat");

    const byName = await search("drum_kind=Open%20hi-hat");
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(openHats.length);
    expect(byName.body.drums.every((drum: { kind: string }) => drum.kind === "open_hat")).toBe(true);
    expect((await search("drum_kind=open_hat")).body).toEqual(byName.body);

    const all = await search("");
    expect(all.body).toMatchObject({ per_page: 20, total: DRUM_SOUNDS.length });
    expect(all.body.drums).toHaveLength(20);
    const tab = await search("drum_kind=auxiliary&per_page=50");
    expect(tab.body.drums).toHaveLength(Math.min(50, DRUM_SOUNDS.filter((sound) => sound.kind === "auxiliary").length));
    const tr808 = await search("drum_kind=kick&query=tr-808");
    expect(tr808.body.drums.map((drum: { id: string }) => drum.id)).toEqual(["tr808_kick", "tr808_deep_kick"]);

    const counted = await answer(await callRoute(drumsCount.loader, get("/api/instrumentation/drums/count?drum_kind=Kick", cookie)));
    expect(counted.body.count).toBe(DRUM_SOUNDS.filter((sound) => sound.kind === "kick").length);
    const bad = await search("drum_kind=cymbal&per_page=500");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["drum_kind", "per_page"]);
  });
});

describe("the production page", () => {
  test("a plain form post queues a version and redirects back; a bad id comes back as a field error", async () => {
    const { songId, cookie } = await completeSong();
    const done = await callRoute(productionPage.action, post(`/edit/${songId}/production`, { intent: "drum_kit", drum_ensemble: "trap_808" }, cookie), { songId });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/edit/${songId}/production`);
    expect((await versionRow(songId, 2)).params.drumKit).toBe("trap_808");

    const levels = await callRoute(productionPage.action, post(`/edit/${songId}/production`, { intent: "levels", level_bass: "0.5", level_lead: "1.25" }, cookie), { songId });
    expect(levels.status).toBe(302);
    expect((await versionRow(songId, 3)).params.levels).toMatchObject({ bass: 0.5, lead: 1.25 });

    const bad = await callRoute(productionPage.action, post(`/edit/${songId}/production`, { intent: "drum", kind: "kick", drum_id: "standard_snare" }, cookie), { songId });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("drum_id");
    const badLevel = await callRoute(productionPage.action, post(`/edit/${songId}/production`, { intent: "levels", level_bass: "9" }, cookie), { songId });
    expect((await badLevel.json()).errors).toHaveProperty("level_bass");
  });

  test("the loader shows the current choices by name and, without JavaScript, the picker's search results", async () => {
    const { songId, cookie } = await completeSong();
    const page = await callRoute(productionPage.loader, get(`/edit/${songId}/production?pick=lead&instrument_group=keys&page=2`, cookie), { songId });
    const data = await page.json();
    expect(data.production.instruments.find((row: { part: string }) => row.part === "lead").name).toBe(INSTRUMENTS.find((instrument) => instrument.id === data.production.instruments.find((row: { part: string }) => row.part === "lead").id)!.name);
    expect(data.picker.part).toBe("lead");
    expect(data.picker.results).toMatchObject({ tab: "keys", page: 2, perPage: 20 });
    expect(data.picker.tabs[0]).toEqual({ value: "", label: "All", count: INSTRUMENTS.length });
    const drums = await (await callRoute(productionPage.loader, get(`/edit/${songId}/production?drum_kind=snare`, cookie), { songId })).json();
    expect(drums.drumPicker.results.perPage).toBe(50);
    expect(drums.drumPicker.results.items.every((item: { kind: string }) => item.kind === "snare")).toBe(true);
    const stranger = await signedIn();
    const away = await callRoute(productionPage.loader, get(`/edit/${songId}/production`, stranger.cookie), { songId });
    expect(away.headers.get("location")).toBe(`/s/${songId}`);
  });
});

describe("media of earlier versions", () => {
  test("?version=N: the owner hears any version (ranges work); others only the current one", async () => {
    const { songId, cookie } = await completeSong();
    const callMedia = (query: string, headers: Record<string, string> = {}, who = cookie) =>
      callRoute(mediaRoute.loader, get(`/media/songs/${songId}/song.mp3${query}`, who, headers), { songId, file: "song.mp3" });
    const original = Buffer.from(await (await callMedia("")).arrayBuffer());

    await callRoute(productionRoute.action, json("/x", { mix: "underwater" }, cookie), { id: songId });
    await renderSongVersion(songId, 2);

    const v1 = await callMedia("?version=1");
    expect(v1.status).toBe(200);
    expect(Buffer.from(await v1.arrayBuffer()).equals(original)).toBe(true);
    const v2 = Buffer.from(await (await callMedia("?version=2")).arrayBuffer());
    expect(v2.equals(original)).toBe(false);
    expect(Buffer.from(await (await callMedia("")).arrayBuffer()).equals(v2)).toBe(true);

    const part = await callMedia("?version=1", { Range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${original.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 200))).toBe(true);

    const visitor = await signedIn();
    expect((await callMedia("?version=2", {}, visitor.cookie)).status).toBe(200);
    expect((await callMedia("?version=1", {}, visitor.cookie)).status).toBe(404);
    expect((await callMedia("?version=1", {}, "")).status).toBe(404);
    expect((await callMedia("?version=9")).status).toBe(404);
    expect((await callMedia("?version=abc")).status).toBe(404);

    // The page offers both for A/B.
    const data = await (await callRoute(productionPage.loader, get(`/edit/${songId}/production`, cookie), { songId })).json();
    expect(data.ab).toEqual({
      a: { url: `/media/songs/${songId}/song.mp3?version=1`, label: "version 1" },
      b: { url: `/media/songs/${songId}/song.mp3?version=2`, label: "version 2" },
    });
  });
});

test("every production operation is in the OpenAPI document", () => {
  const paths = [
    "/api/song/{id}/instrumentation/harmonic",
    "/api/song/{id}/instrumentation/drums",
    "/api/song/{id}/instrumentation/harmonic/reroll",
    "/api/song/{id}/instrumentation/drums/reroll",
    "/api/song/{id}/production",
    "/api/song/{id}/instrumentation/harmonic/search",
    "/api/song/{id}/instrumentation/harmonic/count",
    "/api/instrumentation/drums/search",
    "/api/instrumentation/drums/count",
  ];
  const document = buildOpenApiDocument(registeredApiOperations().filter((operation) => paths.includes(operation.path)));
  expect(Object.keys(document.paths).sort()).toEqual([...paths].sort());
  expect(Object.keys(document.paths["/api/song/{id}/production"]!)).toEqual(["post"]);
  expect(Object.keys(document.paths["/api/instrumentation/drums/search"]!)).toEqual(["get"]);
});
