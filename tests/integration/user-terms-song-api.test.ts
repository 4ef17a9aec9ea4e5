// Spec 3 §7's user and terms calls and spec 1 §3's song fields, as Remix calls the routes, on Postgres:
// GET /api/user's fields, GET /api/user/statuses, GET /api/terms, POST /api/user/terms/accept, and
// GET /api/song/{id}'s user, smartLink, streamUrl (master > merged > plain), releaseTrackableId and type.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { masteringFiles, releases, releaseSongs, songs, terms, users } from "#drizzle/schema/index";
import * as songRoute from "~/routes/api.song.$id";
import * as termsRoute from "~/routes/api.terms";
import * as userRoute from "~/routes/api.user";
import * as statusesRoute from "~/routes/api.user.statuses";
import * as acceptRoute from "~/routes/api.user.terms.accept";
import { db } from "~/server/db.server";
import { publishTerms } from "~/server/terms.server";
import { setLabsAccess } from "~/services/labs/access";
import { APP, callRoute, createSession, createUser, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertSavedSong } from "../support/releases";

setupTestDatabase("postgres");

async function signedIn(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, options);
  return { user, cookie: (await createSession(db, user.id)).cookie };
}

function postJson(path: string, body: unknown, cookie?: string): Request {
  return new Request(new URL(path, APP()), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: APP(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("GET /api/user and /api/user/statuses", () => {
  test("answer 401 signed out", async () => {
    expect((await callRoute(userRoute.loader, get("/api/user"))).status).toBe(401);
    expect((await callRoute(statusesRoute.loader, get("/api/user/statuses"))).status).toBe(401);
  });

  test("answer the spec's user fields for a new free user, and labs access once staff grant it", async () => {
    const { user, cookie } = await signedIn();
    await db.insert(releases).values({ userId: user.id, title: "First", artistName: "Me" });
    const response = await callRoute(userRoute.loader, get("/api/user", cookie));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: user.id,
      emailVerified: true,
      customer: false,
      numOwnershipCredits: 0,
      features: [],
      numAlbums: 1,
      allowedReleases: 1,
      allowedSongs: 25,
      limitEnforced: true,
      termsOfUseStatus: "PENDING",
      statuses: { account: "ACTIVE", withdrawal: "ACTIVE", auth: "ACTIVE", distribution: "SONGLOOM" },
      subscriptionProductId: 7,
      verificationStatus: null,
      hasAccessToLabs: false,
    });
    // Labs access is granted per user by staff (app/services/labs), not given by being staff.
    const staff = await signedIn({ isAdmin: true });
    expect((await (await callRoute(userRoute.loader, get("/api/user", staff.cookie))).json()).hasAccessToLabs).toBe(false);
    await setLabsAccess(staff.user.id, user.id, true);
    expect((await (await callRoute(userRoute.loader, get("/api/user", cookie))).json()).hasAccessToLabs).toBe(true);
  });

  test("statuses follow the user's row", async () => {
    const { user, cookie } = await signedIn();
    await db.update(users).set({ withdrawalStatus: "FROZEN", releaseLabel: "SHADOWBAN" }).where(eq(users.id, user.id));
    const response = await callRoute(statusesRoute.loader, get("/api/user/statuses", cookie));
    expect(await response.json()).toEqual({ account: "ACTIVE", withdrawal: "FROZEN", auth: "ACTIVE", distribution: "SHADOWBAN" });
  });
});

describe("terms", () => {
  test("GET /api/terms names a bad terms_type, 404s before anything is published, then answers the current version", async () => {
    const bad = await callRoute(termsRoute.loader, get("/api/terms?terms_type=cookies"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("terms_type");
    expect((await callRoute(termsRoute.loader, get("/api/terms"))).status).toBe(400);
    // The seed publishes both texts: start from none.
    await db.delete(terms);
    expect((await callRoute(termsRoute.loader, get("/api/terms?terms_type=privacy_policy"))).status).toBe(404);

    await publishTerms(db, "terms_of_use", "Version one");
    const second = await publishTerms(db, "terms_of_use", "Version two");
    const response = await callRoute(termsRoute.loader, get("/api/terms?terms_type=terms_of_use"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: second.id, type: "terms_of_use", version: 2, body: "Version two" });
  });

  test("POST /api/user/terms/accept accepts the current terms by terms_id, refusing stale, unknown and missing ids", async () => {
    const { cookie } = await signedIn();
    const first = await publishTerms(db, "terms_of_use", "One");
    const current = await publishTerms(db, "terms_of_use", "Two");

    expect((await callRoute(acceptRoute.action, postJson("/api/user/terms/accept", { terms_id: current.id }))).status).toBe(401);
    const missing = await callRoute(acceptRoute.action, postJson("/api/user/terms/accept", {}, cookie));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toHaveProperty("terms_id");
    const stale = await callRoute(acceptRoute.action, postJson("/api/user/terms/accept", { terms_id: first.id }, cookie));
    expect(stale.status).toBe(409);
    expect((await callRoute(acceptRoute.action, postJson("/api/user/terms/accept", { terms_id: "00000000-0000-4000-8000-000000000000" }, cookie))).status).toBe(404);
    expect((await (await callRoute(userRoute.loader, get("/api/user", cookie))).json()).termsOfUseStatus).toBe("PENDING");

    const accepted = await callRoute(acceptRoute.action, postJson("/api/user/terms/accept", { terms_id: current.id }, cookie));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: { id: current.id, type: "terms_of_use", version: current.version }, termsOfUseStatus: "ACCEPTED" });
    expect((await (await callRoute(userRoute.loader, get("/api/user", cookie))).json()).termsOfUseStatus).toBe("ACCEPTED");
  });
});

describe("GET /api/song/{id}", () => {
  const MEDIA = { mp3: "songs/x/1/song.mp3", wav: "songs/x/1/song.wav", midi: "songs/x/1/song.mid", peaks: "songs/x/1/peaks.json", description: "songs/x/1/d.json" };
  const readSong = async (songId: string, cookie?: string) => {
    const response = await callRoute(songRoute.loader, get(`/api/song/${songId}`, cookie), { id: songId });
    expect(response.status).toBe(200);
    return (await response.json()).song;
  };

  test("answers the owner's name, share link, stream URL, type, and the file it plays: master > merged > plain", async () => {
    const { user, cookie } = await signedIn();
    await db.update(users).set({ displayName: "Night Owl" }).where(eq(users.id, user.id));
    const songId = await insertSavedSong(db, user.id, { name: "Streetlights" });
    await db.update(songs).set({ media: MEDIA }).where(eq(songs.id, songId));

    const plain = await readSong(songId);
    expect(plain).toMatchObject({
      id: songId,
      user: "Night Owl",
      smartLink: `${APP()}/s/${songId}`,
      streamUrl: `${APP()}/media/songs/${songId}/song.mp3?v=1`,
      audioFile: "plain",
      releaseTrackableId: null,
      type: "create",
    });
    expect(JSON.stringify(plain)).not.toContain(user.email);

    // A vocal's mix keeps the instrumental beside it: the song now plays the merge.
    await db.update(songs).set({ media: { ...MEDIA, instrumental: { mp3: "i.mp3", wav: "i.wav", peaks: "i.json" } } }).where(eq(songs.id, songId));
    expect((await readSong(songId, cookie)).audioFile).toBe("merged");

    // A ready master of the version the song plays wins, under a new URL; one of an older version does not.
    const masteredAt = new Date();
    await db.update(songs).set({ masteredAt }).where(eq(songs.id, songId));
    await db.insert(masteringFiles).values({ songId, userId: user.id, type: "dolby_master", status: "ready", songVersion: 1, metadata: { mp3Key: "m.mp3", wavKey: "m.wav" } as never });
    const mastered = await readSong(songId);
    expect(mastered.audioFile).toBe("master");
    expect(mastered.streamUrl).toBe(`${APP()}/media/songs/${songId}/song.mp3?v=1&m=${masteredAt.getTime()}`);
    await db.update(songs).set({ version: 2 }).where(eq(songs.id, songId));
    expect((await readSong(songId)).audioFile).toBe("merged");
  });

  test("releaseTrackableId stays null until a release holding the song is live", async () => {
    const { user } = await signedIn();
    const songId = await insertSavedSong(db, user.id);
    const [release] = await db.insert(releases).values({ userId: user.id, title: "EP", artistName: "Me", status: 0 }).returning();
    await db.insert(releaseSongs).values({ releaseId: release.id, songId, position: 1 });
    expect((await readSong(songId)).releaseTrackableId).toBeNull();
    await db.update(releases).set({ status: 1 }).where(eq(releases.id, release.id));
    expect((await readSong(songId)).releaseTrackableId).toBe(release.id);
  });

  test("a song without media has no stream URL yet", async () => {
    const { user } = await signedIn();
    const songId = await insertSavedSong(db, user.id);
    await db.update(songs).set({ status: "recording_instrumental" }).where(eq(songs.id, songId));
    expect(await readSong(songId)).toMatchObject({ streamUrl: null, audioFile: null });
  });
});
