// The notes and arrangement editors against real Postgres, called the way Remix calls them:
// GET /api/song/edit/{id} (with and without notes), POST /api/song/{id}/notes and /arrangement (400 naming
// each bad field, 404 for someone else's song, 403 for a read-only one, 202 and a rendered version that
// holds the edit), and the two pages' loaders and no-JavaScript actions.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { songs, songVersions, subscriptions } from "#drizzle/schema/index";
import { findSong } from "~/models/song.server";
import * as arrangementApi from "~/routes/api.song.$id.arrangement";
import * as notesApi from "~/routes/api.song.$id.notes";
import * as editApi from "~/routes/api.song.edit.$id";
import * as arrangementPage from "~/routes/edit.$songId.arrangement";
import * as notesPage from "~/routes/edit.$songId.notes";
import { loadComposition, renderSongVersion } from "~/services/songs/edit.server";
import { callRoute, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong as completeTestSong, signedIn as signedInUser, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");

useSongServices(database);
const signedIn = () => signedInUser(database);
const completeSong = () => completeTestSong(database);

const postJson = (url: string, body: unknown, cookie?: string) =>
  new Request(new URL(url, "http://localhost"), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

const bassNote = { step: 2, micro: 0, length: 3, pitch: 45, velocity: 90 };

describe("GET /api/song/edit/{id}", () => {
  test("the owner gets tempo, key, swing, parts and every segment with times, chords and notes; removeNotes leaves the notes out", async () => {
    const { songId, cookie } = await completeSong();
    const composition = await loadComposition((await findSong(songId))!.compositionId!);
    const full = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}`, cookie), { id: songId }));
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ songId, version: 1, tempo: composition.tempo, key: composition.key, swing: composition.swing, parts: composition.parts });
    expect(full.body.segments).toHaveLength(composition.segments.length);
    const second = full.body.segments[1];
    const segmentSeconds = (60 / composition.tempo / 4) * 32;
    expect(second.startSeconds).toBeCloseTo(segmentSeconds, 2);
    expect(second.endSeconds).toBeCloseTo(2 * segmentSeconds, 2);
    expect(second.section).toBe(composition.segments[1].section);
    expect(second.parts).toEqual(composition.segments[1].parts);

    const bare = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}?removeNotes=true`, cookie), { id: songId }));
    expect(bare.status).toBe(200);
    expect(bare.body.segments[1]).not.toHaveProperty("parts");
    expect(bare.body.segments[1].chords).toEqual(composition.segments[1].chords);

    const bad = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}?removeNotes=maybe`, cookie), { id: songId }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("removeNotes");
  });

  test("someone else gets a 404 and a visitor a 401", async () => {
    const { songId } = await completeSong();
    const stranger = await signedIn();
    expect((await callRoute(editApi.loader, get(`/api/song/edit/${songId}`, stranger.cookie), { id: songId })).status).toBe(404);
    expect((await callRoute(editApi.loader, get(`/api/song/edit/${songId}`), { id: songId })).status).toBe(401);
  });
});

describe("POST /api/song/{id}/notes", () => {
  test("bad notes are a 400 naming each field: step, length, pitch, velocity, micro, drum, the note limit", async () => {
    const { songId, cookie } = await completeSong();
    const notes = [
      { step: 32, micro: 0, length: 1, pitch: 60, velocity: 100 },
      { step: 0, micro: 0, length: 0.1, pitch: 128, velocity: 0 },
      { step: 0, micro: 0.7, length: 1, pitch: 60, velocity: 100 },
    ];
    const drumless = { segment: 0, part: "drums", notes: [{ step: 0, micro: 0, length: 1, pitch: 36, velocity: 100 }] };
    const tooMany = { segment: 0, part: "bass", notes: Array.from({ length: 513 }, () => bassNote) };
    const response = await answer(
      await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, { changes: [{ segment: 0, part: "bass", notes }, drumless, tooMany] }, cookie), { id: songId }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_input");
    expect(Object.keys(response.body.error.fields).sort()).toEqual(
      [
        "changes.0.notes.0.step",
        "changes.0.notes.1.length",
        "changes.0.notes.1.pitch",
        "changes.0.notes.1.velocity",
        "changes.0.notes.2.micro",
        "changes.1.notes.0.drum",
        "changes.2.notes",
      ].sort(),
    );
  });

  test("a segment the song does not have and a part it does not play are a 400 too", async () => {
    const { songId, cookie } = await completeSong();
    const composition = await loadComposition((await findSong(songId))!.compositionId!);
    const missingPart = (["pad", "arp"] as const).find((part) => !composition.parts.includes(part))!;
    const response = await answer(
      await callRoute(
        notesApi.action,
        postJson(`/api/song/${songId}/notes`, { changes: [{ segment: 999, part: "bass", notes: [] }, { segment: 0, part: missingPart, notes: [] }] }, cookie),
        { id: songId },
      ),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(["changes.0.segment", "changes.1.part"]);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });

  test("the owner's edit is a 202 with the queued version, which renders with the new notes and the same production", async () => {
    const { songId, cookie } = await completeSong();
    const before = (await findSong(songId))!;
    const drums = [{ step: 4, micro: 0, length: 1, pitch: 38, velocity: 110, drum: "snare" }];
    const response = await answer(
      await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, { changes: [{ segment: 1, part: "bass", notes: [bassNote] }, { segment: 2, part: "drums", notes: drums }] }, cookie), { id: songId }),
    );
    expect(response).toEqual({ status: 202, body: { version: 2, status: "queue" } });
    await renderSongVersion(songId, 2);
    const after = (await findSong(songId))!;
    expect(after.version).toBe(2);
    expect(after.productionId).toBe(before.productionId);
    const view = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}`, cookie), { id: songId }));
    expect(view.body.segments[1].parts.bass).toEqual([bassNote]);
    expect(view.body.segments[2].parts.drums).toEqual(drums);
  });

  test("someone else's song is a 404 and a paid owner's mastered song a 403, though it can still be viewed", async () => {
    const { user, songId, cookie } = await completeSong();
    const stranger = await signedIn();
    const change = { changes: [{ segment: 0, part: "bass", notes: [bassNote] }] };
    expect((await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, change, stranger.cookie), { id: songId })).status).toBe(404);
    expect((await callRoute(arrangementApi.action, postJson(`/api/song/${songId}/arrangement`, { order: [0] }, stranger.cookie), { id: songId })).status).toBe(404);

    await database().db.insert(subscriptions).values({ userId: user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
    const notes = await answer(await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, change, cookie), { id: songId }));
    expect(notes.status).toBe(403);
    expect(notes.body.error.code).toBe("read_only");
    expect((await callRoute(arrangementApi.action, postJson(`/api/song/${songId}/arrangement`, { order: [1, 0] }, cookie), { id: songId })).status).toBe(403);
    expect((await callRoute(editApi.loader, get(`/api/song/edit/${songId}?removeNotes=1`, cookie), { id: songId })).status).toBe(200);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });
});

describe("POST /api/song/{id}/arrangement", () => {
  test("an empty order, too many entries and indexes the song does not have are a 400 naming the field", async () => {
    const { songId, cookie } = await completeSong();
    const call = async (order: unknown) => answer(await callRoute(arrangementApi.action, postJson(`/api/song/${songId}/arrangement`, { order }, cookie), { id: songId }));
    expect((await call([])).body.error.fields).toHaveProperty("order");
    expect((await call(Array(65).fill(0))).body.error.fields).toHaveProperty("order");
    const unknown = await call([0, 999, -1]);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.fields)).toEqual(["order.2"]);
    const outOfRange = await call([0, 999]);
    expect(outOfRange.body.error.fields).toEqual({ "order.1": [expect.stringContaining("segments 0 to")] });
  });

  test("a new order renders as the next version: reordered, duplicated and deleted segments", async () => {
    const { songId, cookie } = await completeSong();
    const before = await loadComposition((await findSong(songId))!.compositionId!);
    const response = await answer(await callRoute(arrangementApi.action, postJson(`/api/song/${songId}/arrangement`, { order: [2, 0, 0] }, cookie), { id: songId }));
    expect(response).toEqual({ status: 202, body: { version: 2, status: "queue" } });
    await renderSongVersion(songId, 2);
    const view = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}`, cookie), { id: songId }));
    expect(view.body.segments.map((segment: { index: number }) => segment.index)).toEqual([0, 1, 2]);
    expect(view.body.segments[0].parts).toEqual(before.segments[2].parts);
    expect(view.body.segments[2].parts).toEqual(before.segments[0].parts);
  });
});

describe("the pages without JavaScript", () => {
  test("the note form replaces one part's notes: names or MIDI numbers, 1-based steps, deleted rows dropped, the add row added", async () => {
    const { songId, cookie } = await completeSong();
    const response = await callRoute(
      notesPage.action,
      post(
        `/edit/${songId}/notes?segment=1&part=bass`,
        {
          segment: "1",
          part: "bass",
          count: "2",
          "note.0.step": "1", "note.0.length": "2", "note.0.pitch": "C3", "note.0.velocity": "100", "note.0.micro": "0.1",
          "note.1.step": "5", "note.1.length": "2", "note.1.pitch": "50", "note.1.velocity": "90", "note.1.micro": "0", "note.1.delete": "on",
          "new.step": "9", "new.length": "4", "new.pitch": "F#2", "new.velocity": "80", "new.micro": "0",
        },
        cookie,
      ),
      { songId },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/edit/${songId}/notes?segment=1&part=bass`);
    await renderSongVersion(songId, 2);
    const composition = await loadComposition((await findSong(songId))!.compositionId!);
    expect(composition.segments[1].parts.bass).toEqual([
      { step: 0, micro: 0.1, length: 2, pitch: 48, velocity: 100 },
      { step: 8, micro: 0, length: 4, pitch: 42, velocity: 80 },
    ]);
  });

  test("a time-keeper drum note keeps its own sound through the form and the API, unless its drum is changed", async () => {
    const { songId, cookie } = await completeSong();
    const composition = await loadComposition((await findSong(songId))!.compositionId!);
    const segment = composition.segments.findIndex((candidate) => candidate.parts.drums?.some((note) => note.keeper));
    expect(segment, "the test song has a time-keeper").toBeGreaterThanOrEqual(0);
    const keeper = composition.segments[segment].parts.drums!.find((note) => note.keeper)!;

    // The page writes the keeper into each of its rows; the form sends it back.
    const page = await callRoute(notesPage.loader, get(`/edit/${songId}/notes?segment=${segment}&part=drums`, cookie), { songId });
    expect(page.status).toBe(200);
    const row = (step: number, drum: string) => ({ step: String(step + 1), length: "1", pitch: drum, velocity: "70", micro: "0", keeper: `${keeper.drum}:${keeper.pitch}` });
    const kept = row(keeper.step, keeper.drum!);
    const changed = row(keeper.step, keeper.drum === "snare" ? "clap" : "snare");
    const fields: Record<string, string> = { segment: String(segment), part: "drums", count: "2" };
    for (const [index, values] of [kept, changed].entries()) for (const [name, value] of Object.entries(values)) fields[`note.${index}.${name}`] = value;
    const response = await callRoute(notesPage.action, post(`/edit/${songId}/notes?segment=${segment}&part=drums`, fields, cookie), { songId });
    expect(response.status).toBe(302);
    await renderSongVersion(songId, 2);
    const edited = (await loadComposition((await findSong(songId))!.compositionId!)).segments[segment].parts.drums!;
    expect(edited[0]).toMatchObject({ drum: keeper.drum, pitch: keeper.pitch, keeper: true });
    expect(edited[1]).not.toHaveProperty("keeper");
    expect(edited[1].drum).toBe(changed.pitch);

    // The API answers with the keeper and takes it back.
    const api = await answer(await callRoute(editApi.loader, get(`/api/song/edit/${songId}`, cookie), { id: songId }));
    expect(api.body.segments[segment].parts.drums[0]).toMatchObject({ keeper: true, pitch: keeper.pitch });
    const change = { segment, part: "drums", notes: api.body.segments[segment].parts.drums };
    const posted = await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, { changes: [change] }, cookie), { id: songId });
    expect(posted.status).toBe(202);
    await renderSongVersion(songId, 3);
    expect((await loadComposition((await findSong(songId))!.compositionId!)).segments[segment].parts.drums![0]).toMatchObject({ keeper: true, pitch: keeper.pitch });
    const bass = await answer(await callRoute(notesApi.action, postJson(`/api/song/${songId}/notes`, { changes: [{ segment: 0, part: "bass", notes: [{ ...bassNote, keeper: true }] }] }, cookie), { id: songId }));
    expect(bass.status).toBe(400);
    expect(bass.body.error.fields).toHaveProperty(["changes.0.notes.0.keeper"]);
  });

  test("bad rows come back with an error per row and nothing is saved", async () => {
    const { songId, cookie } = await completeSong();
    const response = await callRoute(
      notesPage.action,
      post(
        `/edit/${songId}/notes`,
        {
          segment: "0", part: "bass", count: "1",
          "note.0.step": "40", "note.0.length": "2", "note.0.pitch": "H9", "note.0.velocity": "100", "note.0.micro": "0",
          "new.step": "3", "new.length": "0", "new.pitch": "C3", "new.velocity": "100", "new.micro": "0",
        },
        cookie,
      ),
      { songId },
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors["0"]).toEqual([expect.stringContaining("Step"), expect.stringContaining("Pitch")]);
    expect(body.errors.new).toEqual([expect.stringContaining("Length")]);
    expect(body.rows[0].pitch).toBe("H9");
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });

  test("the arrangement page shows the pending order from the URL and saves it once; someone else is sent to the share page", async () => {
    const { songId, cookie } = await completeSong();
    const page = await callRoute(arrangementPage.loader, get(`/edit/${songId}/arrangement?order=1,0,2`, cookie), { songId });
    const data = await page.json();
    expect(data.order).toEqual([1, 0, 2]);
    expect(data.changed).toBe(true);
    expect(data.segments[0].label).toMatch(/^1 · /);
    expect(data.segments[0].from).toBe(1);
    expect(data.segments[1].startSeconds).toBeCloseTo(data.segments[0].endSeconds, 5);
    // The test render is a 3 s excerpt, so only the first segment has a waveform.
    expect(data.segments[1].peaks.length).toBeGreaterThan(0);

    const saved = await callRoute(arrangementPage.action, post(`/edit/${songId}/arrangement`, { order: "1,0,2" }, cookie), { songId });
    expect(saved.status).toBe(302);
    const [version] = await database().db.select().from(songVersions).where(eq(songVersions.songId, songId));
    expect(version.change).toBe("arrangement");
    expect((await callRoute(arrangementPage.action, post(`/edit/${songId}/arrangement`, { order: "0,77" }, cookie), { songId })).status).toBe(400);

    const stranger = await signedIn();
    const redirected = await callRoute(arrangementPage.loader, get(`/edit/${songId}/arrangement`, stranger.cookie), { songId });
    expect(redirected.headers.get("Location")).toBe(`/s/${songId}`);
    const notesRedirect = await callRoute(notesPage.loader, get(`/edit/${songId}/notes`, stranger.cookie), { songId });
    expect(notesRedirect.headers.get("Location")).toBe(`/s/${songId}`);
  });
});
