// The create flow's server side against real Postgres: creating (400, 429, batches, pool), the jobs'
// status sequence and its forward-only rule, rewrite/reproduce/render, fetch, save with the song limit,
// reject. Renders are real engine renders of a short excerpt (the same code path, a shorter window).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { compositions, productions, songs, userEvents } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { registerWorkers } from "#jobs/worker";
import { advanceSongStatus, findSong } from "~/models/song.server";
import { PLAN_LIMITS } from "~/server/plans.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs, fetchPooledSong, trackSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, POOL_SIZE_PER_FILTER, refillPool, renderSongMedia } from "~/services/songs/generate.server";
import { refreshSongLocks, rejectSong, saveSong } from "~/services/library/song-library.server";
import { ApiError } from "~/server/http.server";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { waitFor } from "../support/wait";

const database = setupTestDatabase("postgres");
const LOFI = { style: "wd_lofi", filter: "morning_sun" };

let boss: PgBoss;
beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-"))));
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });
  boss = await startBoss(database().connection);
});
afterAll(async () => {
  await stopBoss();
});

async function thrown(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

async function status(songId: string) {
  return (await findSong(songId))?.status;
}

/** Runs a song's two jobs in this process, as a worker would. */
async function generate(songId: string) {
  await composeSong(songId);
  await renderSongMedia(songId);
}

describe("creating songs", () => {
  test("without a style or a filter: 400 with the spec's message", async () => {
    const user = await createUser(database().db);
    for (const input of [{}, { style: "wd_lofi" }, { filter: "morning_sun", style: "" }]) {
      const error = await thrown(createSongs(user, input));
      expect(error.status).toBe(400);
      expect(error.message).toBe("No style or filter has been set.");
    }
  });

  test("unknown catalogue values and out-of-range numbers: 400 naming the field", async () => {
    const user = await createUser(database().db);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...LOFI, filter: "house" }, "filter"],
      [{ ...LOFI, mixing_style: "nope" }, "mixing_style"],
      [{ ...LOFI, sfx: "thunder" }, "sfx"],
      [{ ...LOFI, instrument_ensemble: "kazoo_choir" }, "instrument_ensemble"],
      [{ ...LOFI, drum_ensemble: "pots" }, "drum_ensemble"],
      [{ ...LOFI, intensity: "11" }, "intensity"],
      [{ ...LOFI, humanness: 2 }, "humanness"],
      [{ ...LOFI, api_version: 2 }, "api_version"],
      [{ ...LOFI, user_edit: { instruments: { lead: "no_such_instrument" } } }, "user_edit.instruments.lead"],
    ];
    for (const [input, field] of cases) {
      const error = await thrown(createSongs(user, input));
      expect(error.status, field).toBe(400);
      expect(Object.keys(error.fields ?? {}), field).toContain(field);
    }
  });

  test("a batch is 3 queued songs with the spec defaults; form strings are coerced, tempo and intensity rounded", async () => {
    const user = await createUser(database().db);
    const plain = await createSongs(user, LOFI);
    expect(plain.songs.map((song) => song.status)).toEqual(["queue", "queue", "queue"]);
    const [row] = await database().db.select().from(songs).where(eq(songs.id, plain.songs[0].id));
    expect(row.params).toEqual({
      style: "wd_lofi",
      filter: "morning_sun",
      advanced: false,
      tempo: 120,
      intensity: 5,
      densities: { drums: 0.5, bass: 0.5, chords: 0.5, lead: 0.5 },
      humanness: 0.1,
      ensemble: "whole_db_harmonic",
      drumKit: "whole_db_drums",
      mix: "clean",
      sfx: "none",
    });
    const jobs = await boss.findJobs("song.compose", { data: { songId: plain.songs[0].id } });
    expect(jobs).toHaveLength(1);

    const advanced = await createSongs(user, { ...LOFI, advanced: "1", tempo: "91.6", intensity: "7.4", songs: "1", drum_density: "0.25" });
    const [advancedRow] = await database().db.select().from(songs).where(eq(songs.id, advanced.songs[0].id));
    expect(advancedRow.params).toMatchObject({ advanced: true, tempo: 92, intensity: 7, densities: { drums: 0.25 } });

    // Intensity is honoured only with advanced on.
    const notAdvanced = await createSongs(user, { ...LOFI, advanced: "0", intensity: "9", songs: "1" });
    const [notAdvancedRow] = await database().db.select().from(songs).where(eq(songs.id, notAdvanced.songs[0].id));
    expect(notAdvancedRow.params.intensity).toBe(5);
  });

  test("over the daily creation limit: 429 with the message, and a limit-reached event", async () => {
    const user = await createUser(database().db);
    const limit = PLAN_LIMITS.free.dailySongCreations;
    await database().db.insert(songs).values(
      Array.from({ length: limit }, (_, i) => ({
        userId: user.id, style: "wd_lofi", filter: "morning_sun", seed: i, productionSeed: i, batchId: "old",
        params: { style: "wd_lofi", filter: "morning_sun" } as never,
      })),
    );
    const error = await thrown(createSongs(user, LOFI));
    expect(error.status).toBe(429);
    expect(error.message).toContain(`limit of ${limit}`);
    const events = await database().db.select().from(userEvents).where(and(eq(userEvents.userId, user.id), eq(userEvents.type, "create_limit_reached")));
    expect(events).toHaveLength(1);
  });
});

describe("generation jobs", () => {
  test("status goes queue -> composing_instrumental -> recording_instrumental -> complete, with media", async () => {
    const user = await createUser(database().db);
    const { songs: [song] } = await createSongs(user, { ...LOFI, songs: 1 });
    expect(await status(song.id)).toBe("queue");

    const seen: string[] = [];
    await composeSong(song.id);
    seen.push((await status(song.id))!);
    // The render job moves to recording before the engine starts; observe it by starting the render.
    const rendering = renderSongMedia(song.id);
    await waitFor(async () => (await status(song.id)) !== "composing_instrumental", { what: "recording" });
    seen.push((await status(song.id))!);
    await rendering;
    seen.push((await status(song.id))!);
    expect(seen).toEqual(["composing_instrumental", "recording_instrumental", "complete"]);

    const done = (await findSong(song.id))!;
    expect(done.media?.mp3).toBe(`songs/${song.id}/song.mp3`);
    expect(done.compositionId).toBeTruthy();
    expect(done.wavePreview!.length).toBeGreaterThan(0);
    const [tracked] = await trackSongs(user, [song.id]);
    expect(tracked).toMatchObject({ id: song.id, status: "complete", song: { audioUrl: `/media/songs/${song.id}/song.mp3?v=1` } });
  });

  test("a retried job never moves a song back", async () => {
    const user = await createUser(database().db);
    const { songs: [song] } = await createSongs(user, { ...LOFI, songs: 1 });
    await generate(song.id);
    const before = (await findSong(song.id))!;
    // Both jobs again, as after a crash between their work and their completion.
    await composeSong(song.id);
    await renderSongMedia(song.id);
    const after = (await findSong(song.id))!;
    expect(after.status).toBe("complete");
    expect(after.completedAt).toEqual(before.completedAt);
    expect(await advanceSongStatus(song.id, "composing_instrumental")).toBe(false);

    // A compose retried while the render is already recording leaves it recording.
    const { songs: [second] } = await createSongs(user, { ...LOFI, songs: 1 });
    await composeSong(second.id);
    await advanceSongStatus(second.id, "recording_instrumental");
    await composeSong(second.id);
    expect(await status(second.id)).toBe("recording_instrumental");
  });

  test("track_songs: 400 for ids that are not the user's", async () => {
    const owner = await createUser(database().db);
    const other = await createUser(database().db);
    const { songs: [song] } = await createSongs(owner, { ...LOFI, songs: 1 });
    const error = await thrown(trackSongs(other, [song.id]));
    expect(error.status).toBe(400);
    expect((await trackSongs(owner, [song.id]))[0].status).toBe("queue");
  });
});

describe("rewrite, reproduce and render", () => {
  async function completedSong(user: { id: string }) {
    const { songs: [song] } = await createSongs(user, { ...LOFI, songs: 1 });
    await generate(song.id);
    return (await findSong(song.id))!;
  }

  test("rewrite keeps the production, reproduce the composition, each making one song", async () => {
    const user = await createUser(database().db);
    const source = await completedSong(user);

    const rewrite = await createSongs(user, { ...LOFI, re_p: source.productionId });
    expect(rewrite.songs).toHaveLength(1);
    await generate(rewrite.songs[0].id);
    const rewritten = (await findSong(rewrite.songs[0].id))!;
    expect(rewritten.origin).toBe("rewrite");
    expect(rewritten.productionId).toBe(source.productionId);
    expect(rewritten.compositionId).not.toBe(source.compositionId);

    const reproduce = await createSongs(user, { ...LOFI, re_c: source.compositionId });
    expect(reproduce.songs).toHaveLength(1);
    await generate(reproduce.songs[0].id);
    const reproduced = (await findSong(reproduce.songs[0].id))!;
    expect(reproduced.origin).toBe("reproduce");
    expect(reproduced.compositionId).toBe(source.compositionId);
    expect(reproduced.productionId).not.toBe(source.productionId);
  });

  test("render reuses both parts; its notes change what they nudge", async () => {
    const user = await createUser(database().db);
    const source = await completedSong(user);

    const same = await createSongs(user, { ...LOFI, re_p: source.productionId, re_c: source.compositionId });
    expect(same.songs).toHaveLength(1);
    await generate(same.songs[0].id);
    const plain = (await findSong(same.songs[0].id))!;
    expect(plain.origin).toBe("render");
    expect([plain.compositionId, plain.productionId]).toEqual([source.compositionId, source.productionId]);

    const noted = await createSongs(user, { ...LOFI, re_p: source.productionId, re_c: source.compositionId, notes: "darker, with piano" });
    await generate(noted.songs[0].id);
    const withNotes = (await findSong(noted.songs[0].id))!;
    expect(withNotes.params.notes).toBe("darker, with piano");
    expect(withNotes.params.reuse).toEqual({ productionId: source.productionId, compositionId: source.compositionId });
    const [production] = await database().db.select().from(productions).where(eq(productions.id, withNotes.productionId!));
    expect(production.data.instruments.chords).toBe("gm_acoustic_grand_piano");
    const [composition] = await database().db.select().from(compositions).where(eq(compositions.id, withNotes.compositionId!));
    expect(composition.data.key.mode).not.toBe("major");
  });

  test("ids that are not the user's: 400 naming re_p / re_c", async () => {
    const owner = await createUser(database().db);
    const other = await createUser(database().db);
    const source = await completedSong(owner);
    const error = await thrown(createSongs(other, { ...LOFI, re_p: source.productionId }));
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields ?? {})).toEqual(["re_p"]);
  });
});

describe("the pool and song fetch", () => {
  test("refill queues songs up to the pool size; fetch hands a finished one over, or nothing (204)", async () => {
    const filter = "afternoon_nap";
    const user = await createUser(database().db);
    expect(await fetchPooledSong(user, filter)).toBeNull();

    expect(await refillPool(filter)).toBe(POOL_SIZE_PER_FILTER);
    expect(await refillPool(filter)).toBe(0);
    const pooled = await database().db.select().from(songs).where(and(eq(songs.filter, filter), eq(songs.pooled, true)));
    expect(pooled).toHaveLength(POOL_SIZE_PER_FILTER);
    expect(pooled.every((song) => song.userId === null)).toBe(true);

    // Still generating: nothing to hand out yet.
    expect(await fetchPooledSong(user, filter)).toBeNull();
    for (const song of pooled) await generate(song.id);
    // Pool songs render on their own queue, so a paused pool render never holds song.render's slot.
    for (const song of pooled) {
      expect(await boss.findJobs("song.render-pool", { data: { songId: song.id } })).toHaveLength(1);
      expect(await boss.findJobs("song.render", { data: { songId: song.id } })).toHaveLength(0);
    }

    const fetched = await fetchPooledSong(user, filter);
    expect(fetched).toMatchObject({ status: "complete", filter });
    const row = (await findSong(fetched!.id))!;
    expect([row.userId, row.pooled]).toEqual([user.id, false]);
    // One left in the pool, so a refill adds one.
    expect(await refillPool(filter)).toBe(1);
  });

  test("a plain create takes finished pooled songs of the same parameters first", async () => {
    const filter = "rainy_nights";
    await refillPool(filter);
    const pooled = await database().db.select().from(songs).where(and(eq(songs.filter, filter), eq(songs.pooled, true)));
    for (const song of pooled) await generate(song.id);
    const user = await createUser(database().db);

    const advanced = await createSongs(user, { style: "wd_lofi", filter, advanced: 1, tempo: 80 });
    expect(advanced.songs.every((song) => song.status === "queue")).toBe(true);

    const plain = await createSongs(user, { style: "wd_lofi", filter });
    expect(plain.songs.map((song) => song.status)).toEqual(["complete", "complete", "queue"]);
  });
});

describe("saving and rejecting", () => {
  async function completeSongs(userId: string, count: number, saved = false) {
    return database().db
      .insert(songs)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId, style: "wd_lofi", filter: "morning_sun", seed: i, productionSeed: i, batchId: "b", status: "complete" as const,
          params: { style: "wd_lofi", filter: "morning_sun" } as never, saved, savedAt: saved ? new Date(Date.UTC(2024, 0, 1, 0, i)) : null,
        })),
      )
      .returning();
  }

  test("save names the song; \"New Song\" stays unnamed", async () => {
    const user = await createUser(database().db);
    const [first, second] = await completeSongs(user.id, 2);
    expect(await saveSong(user, first.id, { songName: "Night Bus", artistName: "Loomer" })).toMatchObject({ saved: true, songName: "Night Bus", artistName: "Loomer" });
    expect(await saveSong(user, second.id, { songName: "New Song" })).toMatchObject({ saved: true, songName: "New Song" });
  });

  test("the free plan keeps 25 songs: the 26th save is refused, and songs beyond the limit are locked", async () => {
    const user = await createUser(database().db);
    await completeSongs(user.id, 25, true);
    const [extra] = await completeSongs(user.id, 1);
    const error = await thrown(saveSong(user, extra.id));
    expect(error.status).toBe(403);
    expect(error.message).toContain("You have reached your song limit of 25");
    expect((await findSong(extra.id))!.saved).toBe(false);

    // A library over the limit (as after a downgrade): the latest saved are locked.
    await database().db.update(songs).set({ saved: true, savedAt: new Date() }).where(eq(songs.id, extra.id));
    expect(await refreshSongLocks(user.id, PLAN_LIMITS.free)).toBe(1);
    expect((await findSong(extra.id))!.locked).toBe(true);
    expect(await refreshSongLocks(user.id, PLAN_LIMITS.pro)).toBe(0);
  });

  test("saving a song still generating is refused; saving someone else's is not found", async () => {
    const user = await createUser(database().db);
    const { songs: [song] } = await createSongs(user, { ...LOFI, songs: 1 });
    expect((await thrown(saveSong(user, song.id))).status).toBe(409);
    const other = await createUser(database().db);
    expect((await thrown(saveSong(other, song.id))).status).toBe(404);
  });

  test("reject records a create_reject event and marks the song", async () => {
    const user = await createUser(database().db);
    const [song] = await completeSongs(user.id, 1);
    await rejectSong(user, song.id);
    expect((await findSong(song.id))!.rejectedAt).toBeInstanceOf(Date);
    const events = await database().db.select().from(userEvents).where(and(eq(userEvents.userId, user.id), eq(userEvents.type, "create_reject")));
    expect(events.map((event) => event.data)).toEqual([{ songId: song.id, style: "wd_lofi", filter: "morning_sun" }]);
  });
});

describe("through the worker", () => {
  test("a created batch completes with the real job handlers, and so does the pool it tops up", async () => {
    await registerWorkers(boss, undefined, { pollingIntervalSeconds: 0.5 });
    const user = await createUser(database().db);
    const { songs: batch } = await createSongs(user, { ...LOFI, advanced: 1 });
    await waitFor(
      async () => (await trackSongs(user, batch.map((song) => song.id))).every((song) => song.status === "complete"),
      { what: "the batch to complete", timeoutMs: 120_000, intervalMs: 500 },
    );
    const filter = "chill_wave";
    expect(await refillPool(filter)).toBe(POOL_SIZE_PER_FILTER);
    await waitFor(
      async () => {
        const pooled = await database().db.select().from(songs).where(and(eq(songs.filter, filter), eq(songs.pooled, true)));
        return pooled.length === POOL_SIZE_PER_FILTER && pooled.every((song) => song.status === "complete");
      },
      { what: "the pool songs to complete on song.render-pool", timeoutMs: 120_000, intervalMs: 500 },
    );
  });
});
