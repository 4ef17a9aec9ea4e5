// Editing a song (spec 1 §2 Edit flow, §6; docs/edit-flow.md): who may edit, and turning an edit into a
// new version that the song.rerender job renders. Every edit page's loader and action and every edit API
// goes through `requireEditableSong` / `loadSongForEditPage`, so the server decides, not the buttons.
//
// An edit never touches the song's status: the song stays `complete` and keeps playing its current
// version while the new one renders. A completed version replaces the song's parts and media only if it
// is newer than what the song plays (`songs.version < n`), so versions never move backwards.
import path from "node:path";
import { redirect } from "@remix-run/node";
import { and, desc, eq, sql } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { admitRenderWork } from "../../../jobs/admission";
import {
  compositions,
  productions,
  songs,
  songVersions,
  type Song,
  type SongMedia,
  type SongVersion,
  type StoredSongParams,
  type VersionChange,
} from "../../../drizzle/schema/songs";
import { arrangeSegments, compose, produce, STEPS_PER_SEGMENT, withSegmentNotes, type Composition, type Note, type PartName, type Production } from "~/engine";
import type { SongPeaks } from "~/engine/encode";
import { newId } from "../../../drizzle/schema/columns";
import { findSong, songMediaUrl, UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";
import { log } from "~/server/observability/log.server";
import { requireVerifiedUser, type SessionUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan, isPaidPlan } from "~/server/plans.server";
import { prepareEditOffThread, renderFromPartsOffThread } from "~/engine/threads";
import { getStorage, songMediaKeys } from "~/server/storage.server";
import { downsamplePeaks, engineParams, songRenderOptions, storeRenderedSong, WAVE_PREVIEW_PAIRS } from "./generate.server";
import { findVocal, instrumentalMedia, mixVersionVocal } from "../vocals/vocal-mix.server";
import { songVocals } from "../../../drizzle/schema/vocals";
import { newSeed } from "./create.server";
import { saveSong } from "../library/song-library.server";
import { announceVersionChange } from "./version-events.server";

export const MASTERED_SONG_MESSAGE = "This song has been mastered, so it can no longer be edited. Make a copy to keep working on it.";
export const SONG_NOT_READY_MESSAGE = "This song is still being created. Try again when it is ready.";
export const LOCKED_SONG_MESSAGE = "This song is locked because your library is over its song limit.";

/** The edit pages (spec 1 §2), by the path segment after /edit/{id}. */
export type EditPage = "" | "info" | "production" | "notes" | "arrangement" | "vocals" | "vocals/modes" | "vocals/addLyrics" | "vocals/generativeVocals" | "vocals/generativeVocalsReview";

export interface EditableSong {
  user: SessionUser;
  song: Song;
  /** False for a paid user's mastered song: it can be viewed and copied, not changed. */
  editable: boolean;
  /** Why it is not editable, for the page to show. */
  readOnlyReason: string | null;
}

async function readOnlyReason(user: SessionUser, song: Song): Promise<string | null> {
  if (song.status !== "complete") return SONG_NOT_READY_MESSAGE;
  if (song.locked) return LOCKED_SONG_MESSAGE;
  if (song.masteredAt && isPaidPlan(await getUserPlan(user))) return MASTERED_SONG_MESSAGE;
  return null;
}

/**
 * For edit pages' loaders and actions. Signed-out and unverified users get the usual guard redirects; a
 * song that cannot be loaded sends the user to the library with redirectFrom; someone else's song sends
 * them to its share page. The song may still be read-only (see `editable`).
 */
export async function loadSongForEditPage(request: Request, songId: string | undefined): Promise<EditableSong> {
  const user = await requireVerifiedUser(request);
  const url = new URL(request.url);
  const song = songId ? await findSong(songId) : null;
  if (!song || song.userId === null) throw redirect(`/library?${new URLSearchParams({ redirectFrom: url.pathname + url.search })}`);
  if (song.userId !== user.id) throw redirect(`/s/${song.id}`);
  const reason = await readOnlyReason(user, song);
  return { user, song, editable: reason === null, readOnlyReason: reason };
}

/** For edit pages' actions: as loadSongForEditPage, and a read-only song is sent back to its options page. */
export async function requireEditableSongPage(request: Request, songId: string | undefined): Promise<EditableSong> {
  const loaded = await loadSongForEditPage(request, songId);
  if (!loaded.editable) throw redirect(`/edit/${loaded.song.id}?error=${encodeURIComponent(loaded.readOnlyReason ?? "")}`);
  return loaded;
}

/**
 * For edit APIs: 401/403 from the guards, 404 for a missing song or someone else's (an API does not say
 * whose songs exist), 409 for a song still generating, 403 for a locked or mastered one.
 */
export async function requireEditableSong(request: Request, songId: string, options: { allowReadOnly?: boolean } = {}): Promise<EditableSong> {
  const user = await requireVerifiedUser(request);
  const song = await findSong(songId);
  if (!song || song.userId !== user.id) throw new ApiError(404, "not_found", "This song does not exist.");
  const reason = await readOnlyReason(user, song);
  if (reason && !options.allowReadOnly) {
    throw new ApiError(reason === SONG_NOT_READY_MESSAGE ? 409 : 403, reason === SONG_NOT_READY_MESSAGE ? "not_ready" : "read_only", reason);
  }
  return { user, song, editable: reason === null, readOnlyReason: reason };
}

export async function loadComposition(id: string): Promise<Composition> {
  const [row] = await db.select({ data: compositions.data }).from(compositions).where(eq(compositions.id, id));
  if (!row) throw new Error(`Composition ${id} is missing`);
  return row.data;
}

export async function loadProduction(id: string): Promise<Production> {
  const [row] = await db.select({ data: productions.data }).from(productions).where(eq(productions.id, id));
  if (!row) throw new Error(`Production ${id} is missing`);
  return row.data;
}

/** The composition and production the song plays now. */
export async function currentParts(song: Song): Promise<{ composition: Composition; production: Production }> {
  if (!song.compositionId || !song.productionId) throw new ApiError(409, "not_ready", SONG_NOT_READY_MESSAGE);
  const [composition, production] = await Promise.all([loadComposition(song.compositionId), loadProduction(song.productionId)]);
  return { composition, production };
}

/**
 * What the next edit builds on: the newest edit still on its way (queued or rendering, or complete and
 * newer than what the song plays), else the song as it plays. So two edits in a row both count: the second
 * starts from the first, not from the version the first replaces.
 */
export async function editBase(song: Song): Promise<{ composition: Composition; production: Production; params: StoredSongParams }> {
  const latest = await latestVersion(song.id);
  if (latest && latest.version > song.version && latest.status !== "failed") {
    const [composition, production] = await Promise.all([loadComposition(latest.compositionId), loadProduction(latest.productionId)]);
    return { composition, production, params: latest.params };
  }
  const { composition, production } = await currentParts(song);
  return { composition, production, params: song.params };
}

/** The newest edit of the song, if any: its status drives the pages' progress display. */
export async function latestVersion(songId: string): Promise<SongVersion | null> {
  const [row] = await db.select().from(songVersions).where(eq(songVersions.songId, songId)).orderBy(desc(songVersions.version)).limit(1);
  return row ?? null;
}

/** What the edit pages and the version API show of the newest edit; its preview only while it renders. */
export function latestVersionSummary(latest: SongVersion) {
  const rendering = latest.status === "queue" || latest.status === "rendering";
  return {
    version: latest.version,
    status: latest.status,
    change: latest.change,
    error: latest.error,
    previewUrl: rendering && latest.previewKey ? `${songMediaUrl(latest.songId, "preview.mp3")}?version=${latest.version}` : null,
  };
}

export async function findVersion(songId: string, version: number): Promise<SongVersion | null> {
  const [row] = await db
    .select()
    .from(songVersions)
    .where(and(eq(songVersions.songId, songId), eq(songVersions.version, version)));
  return row ?? null;
}

interface NewVersion {
  change: VersionChange;
  composition: Composition;
  production: Production;
  params: StoredSongParams;
  productionSeed: number;
  /**
   * The vocal the version sings with (a "vocals" change sets it; null takes it off). Left out, the version
   * keeps the vocal of the one it builds on: the newest edit on its way, else the song as it plays.
   */
  vocalId?: string | null;
}

/**
 * Stores the edit's parts and queues its render as the song's next version, in one transaction (the row
 * lock on the song serialises two edits submitted at once). Returns the new version row.
 */
export async function submitVersion(song: Song, edit: NewVersion): Promise<SongVersion> {
  // A full render queue refuses the edit before anything is written (429, Retry-After; jobs/admission.ts).
  await admitRenderWork();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ version: songs.version, media: songs.media, vocalId: songs.vocalId }).from(songs).where(eq(songs.id, song.id)).for("update");
    if (!locked) throw new ApiError(404, "not_found", "This song does not exist.");
    const [newest] = await tx
      .select({ version: songVersions.version, status: songVersions.status, vocalId: songVersions.vocalId })
      .from(songVersions)
      .where(eq(songVersions.songId, song.id))
      .orderBy(desc(songVersions.version))
      .limit(1);
    const version = Math.max(newest?.version ?? 1, locked.version) + 1;
    const builtOn = newest && newest.version > locked.version && newest.status !== "failed" ? newest.vocalId : locked.vocalId;
    const vocalId = edit.vocalId === undefined ? builtOn : edit.vocalId;
    await tx.insert(compositions).values({ id: edit.composition.id, data: edit.composition }).onConflictDoNothing();
    await tx.insert(productions).values({ id: edit.production.id, data: edit.production }).onConflictDoNothing();
    const [row] = await tx
      .insert(songVersions)
      .values({
        songId: song.id,
        version,
        change: edit.change,
        compositionId: edit.composition.id,
        productionId: edit.production.id,
        params: edit.params,
        productionSeed: edit.productionSeed,
        previousMedia: locked.media as SongMedia | null,
        previousVersion: locked.version,
        vocalId,
      })
      .returning();
    await enqueue("song.rerender", { songId: song.id, version }, { tx, user: song.userId });
    return row!;
  });
}

/** What the production page can change (spec 1 §3 Custom production options). */
export interface ProductionEdit {
  ensemble?: string;
  drumKit?: string;
  /** Per pitched part: an instrument id. */
  instruments?: Partial<Record<string, string>>;
  /** Per drum kind: a drum sound id. */
  drums?: Partial<Record<string, string>>;
  mix?: string;
  sfx?: string;
  /** Per part, linear level 0..2 (1 = as produced). */
  levels?: Partial<Record<PartName, number>>;
  /** New instruments (drums kept) or new drums (instruments kept), picked with a new production seed. */
  reroll?: "instruments" | "drums";
}

/**
 * A new production for the song's current notes: the stored parameters with the edit applied, produced
 * again. Choosing an ensemble (or kit) clears per-part picks so the ensemble's own sounds play; a re-roll
 * pins the side it keeps and draws the other with a new seed.
 */
export async function editProduction(song: Song, edit: ProductionEdit): Promise<SongVersion> {
  const base = await editBase(song);
  const { composition, production } = base;
  const params: StoredSongParams = { ...base.params };
  let productionSeed = currentProductionSeed(song, production);
  if (edit.ensemble !== undefined) {
    params.ensemble = edit.ensemble;
    delete params.instruments;
  }
  if (edit.drumKit !== undefined) {
    params.drumKit = edit.drumKit;
    delete params.drums;
  }
  if (edit.instruments) params.instruments = { ...(params.instruments ?? {}), ...definedEntries(edit.instruments) };
  if (edit.drums) params.drums = { ...(params.drums ?? {}), ...definedEntries(edit.drums) };
  if (edit.mix !== undefined) params.mix = edit.mix;
  if (edit.sfx !== undefined) params.sfx = edit.sfx;
  if (edit.levels) params.levels = { ...(params.levels ?? {}), ...definedEntries(edit.levels) };
  if (edit.reroll === "instruments") {
    params.drums = { ...production.drums };
    delete params.instruments;
    productionSeed = newSeed();
  } else if (edit.reroll === "drums") {
    params.instruments = { ...production.instruments } as Record<string, string>;
    delete params.drums;
    productionSeed = newSeed();
  }
  const next = produce(engineParams({ params, seed: song.seed }), composition, productionSeed);
  return submitVersion(song, { change: "production", composition, production: next, params, productionSeed });
}

/** The production seed of what the song plays now (an earlier re-roll may have changed it). */
function currentProductionSeed(song: Song, production: Production): number {
  return Number.isFinite(production.seed) ? production.seed : song.productionSeed;
}

function definedEntries<T>(record: Partial<Record<string, T | undefined>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, T] => entry[1] !== undefined));
}

/** New notes for one part of one segment; the production is kept. */
export async function editNotes(song: Song, changes: { segment: number; part: PartName; notes: Note[] }[]): Promise<SongVersion> {
  const { composition, production, params } = await editBase(song);
  let edited = composition;
  for (const change of changes) edited = withSegmentNotes(edited, change.segment, change.part, change.notes);
  return submitVersion(song, { change: "notes", composition: edited, production, params, productionSeed: production.seed });
}

/** The segments in a new order (indexes of the current segments; repeats duplicate, omissions delete). */
export async function editArrangement(song: Song, order: number[]): Promise<SongVersion> {
  const { composition, production, params } = await editBase(song);
  const arranged = arrangeSegments(composition, order);
  return submitVersion(song, { change: "arrangement", composition: arranged, production, params, productionSeed: production.seed });
}

/**
 * song.rerender: renders an edit (cached stems make unchanged parts free) into its own media folder, mixes
 * the version's vocal over it (song-vocal-mix.server.ts), then makes it the song's current version unless a
 * newer one already is. A "vocals" change on the notes and sounds the song plays reuses its instrumental.
 * Idempotent: a retry renders again into the same keys; a completed version is skipped.
 */
export async function renderSongVersion(songId: string, version: number): Promise<void> {
  const began = Date.now();
  const row = await findVersion(songId, version);
  if (!row || row.status === "failed") return;
  // Completed by an attempt that stopped before its WAV was stored (see below): only the WAV is missing.
  if (row.status === "complete") return ensureVersionWav(row, songMediaKeys(songId, version));
  await db
    .update(songVersions)
    .set({ status: "rendering" })
    .where(and(eq(songVersions.id, row.id), sql`${songVersions.status} < 'rendering'`));
  const [composition, production] = await Promise.all([loadComposition(row.compositionId), loadProduction(row.productionId)]);
  const keys = songMediaKeys(songId, version);
  const storage = getStorage();
  const song = await findSong(songId);
  const samePartsAsNow = song?.media && song.compositionId === row.compositionId && song.productionId === row.productionId;

  // Milliseconds from the job's start to each step, logged with the engine's own stages (docs/edit-flow.md).
  const marks: Record<string, number> = {};
  let engineStages: Record<string, number> = {};
  let wavStored: Promise<void> | null = null;
  let previewStored: Promise<void> | null = null;
  let instrumental: SongMedia;
  let instrumentalPeaks: number[];
  let stats: { tempo: number | null; key: string | null; durationSeconds: number | null };
  if (row.change === "vocals" && samePartsAsNow && song.media) {
    instrumental = instrumentalMedia(song.media);
    const stored = await storage.get(instrumental.peaks);
    if (!stored) throw new Error(`The peaks ${instrumental.peaks} are missing`);
    instrumentalPeaks = (JSON.parse(new TextDecoder().decode(stored)) as SongPeaks).song.peaks;
    stats = { tempo: song.tempo, key: song.key, durationSeconds: song.durationSeconds };
  } else {
    marks.loaded = Date.now() - began;
    // The version's first seconds are playable while the rest encodes (progressive playback).
    const earlyMp3 = {
      seconds: editPreviewSeconds(),
      ready: (mp3: Uint8Array) => {
        marks.earlyMp3 = Date.now() - began;
        previewStored = storeVersionPreview(row, path.posix.join(path.posix.dirname(keys.mp3), "preview.mp3"), mp3).then(() => {
          marks.previewStored = Date.now() - began;
        });
      },
    };
    // Not for a version with a vocal: its first seconds would be the instrumental alone.
    const rendered = await renderFromPartsOffThread(composition, production, { ...songRenderOptions(), ...(row.vocalId ? {} : { earlyMp3 }) });
    marks.rendered = Date.now() - began;
    engineStages = rendered.stats.timings;
    // What plays (MP3, peaks) is stored first; the WAV, ten times larger, is written while the version
    // is made current and the page learns of it. The job still ends only once it is stored.
    wavStored = getStorage().put(keys.wav, rendered.wav);
    wavStored.catch(() => undefined);
    instrumental = await storeRenderedSong(keys, rendered, { wav: false });
    marks.stored = Date.now() - began;
    // The vocal is mixed over the instrumental WAV read from storage.
    if (row.vocalId) await wavStored;
    instrumentalPeaks = rendered.peaks.song.peaks;
    stats = { tempo: Math.round(rendered.stats.tempo), key: rendered.stats.key, durationSeconds: Math.round(rendered.stats.durationSeconds * 100) / 100 };
  }
  const segments = { seconds: (60 / composition.tempo / 4) * STEPS_PER_SEGMENT, count: composition.segments.length };
  const mixed = await mixVersionVocal(row.vocalId, instrumental, path.posix.dirname(keys.mp3), segments);
  if (mixed.vocalId) marks.vocalMixed = Date.now() - began;
  const media = mixed.media;
  const wavePreview = downsamplePeaks(mixed.peaks ?? instrumentalPeaks, WAVE_PREVIEW_PAIRS);
  const { durationSeconds } = stats;
  // Its row is written before the version completes, never after (it never fails: see storeVersionPreview).
  await previewStored;
  await db.transaction(async (tx) => {
    await tx
      .update(songVersions)
      .set({ status: "complete", media, vocalId: mixed.vocalId, wavePreview, durationSeconds, completedAt: new Date() })
      .where(and(eq(songVersions.id, row.id), sql`${songVersions.status} < 'complete'`));
    await tx
      .update(songs)
      .set({
        version,
        compositionId: row.compositionId,
        productionId: row.productionId,
        params: row.params,
        productionSeed: row.productionSeed,
        media,
        vocalId: mixed.vocalId,
        wavePreview,
        durationSeconds,
        tempo: stats.tempo,
        key: stats.key,
        // The exported WAV was of the previous version.
        wavStatus: "none",
        wavKey: null,
        wavVersion: null,
      })
      .where(and(eq(songs.id, songId), sql`${songs.version} < ${version}`));
  });
  marks.complete = Date.now() - began;
  await announceVersionChange(songId);
  // A failed write fails the job; its retry finds the version complete and stores the WAV (ensureVersionWav).
  await wavStored;
  marks.wavStored = Date.now() - began;
  log.info({ songId, version, change: row.change, marks, engine: roundedStages(engineStages) }, "edit rendered");
}

/**
 * Seconds of an edit that play before the whole version is encoded: several times what the rest takes to
 * encode (about 1 s on an idle 2-core machine, 3 s under heavy load), and if they run out first the player
 * waits for the whole version there. Fewer seconds would be ready sooner, by about 40 ms a second idle.
 */
export const EDIT_PREVIEW_SECONDS = 10;

/** Tests render short excerpts: their edits' previews are a third of the excerpt. */
function editPreviewSeconds(): number {
  const excerpt = songRenderOptions().excerpt;
  return excerpt ? Math.min(EDIT_PREVIEW_SECONDS, excerpt.seconds / 3) : EDIT_PREVIEW_SECONDS;
}

/**
 * The version's first seconds into storage and onto its row while it still renders, announced so the edit
 * pages play them at once. Best effort: a failure is logged and the version simply plays when complete.
 */
async function storeVersionPreview(row: SongVersion, key: string, mp3: Uint8Array): Promise<void> {
  try {
    await getStorage().put(key, mp3);
    await db
      .update(songVersions)
      .set({ previewKey: key })
      .where(and(eq(songVersions.id, row.id), eq(songVersions.status, "rendering")));
    await announceVersionChange(row.songId);
  } catch (error) {
    console.error(`The preview of version ${row.version} of song ${row.songId} failed; it plays when complete`, error);
  }
}

/**
 * A completed version whose render's WAV is not in storage (the attempt that completed it stopped before
 * writing it) gets it: rendered again without the MP3, the same bytes (as the WAV export does).
 */
async function ensureVersionWav(row: SongVersion, keys: SongMedia): Promise<void> {
  const storage = getStorage();
  // Only the version's own render's WAV is written after completion; a vocal's mix WAV is written before.
  if (!row.media || (row.media.instrumental?.wav ?? row.media.wav) !== keys.wav || (await storage.stat(keys.wav))) return;
  const [composition, production] = await Promise.all([loadComposition(row.compositionId), loadProduction(row.productionId)]);
  const rendered = await renderFromPartsOffThread(composition, production, { ...songRenderOptions(), mp3: false });
  await storage.put(keys.wav, rendered.wav);
}

function roundedStages(stages: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(stages).map(([stage, ms]) => [stage, Math.round(ms)]));
}

/**
 * The song.prepare-edit job: the stem cache gets the strip front of each part the song plays now, so its
 * first edit re-renders as quickly as later ones (app/engine/threads/prepareEdit.ts). Resolves with how
 * many fronts it made; null for a song that is not finished, or without a stem cache.
 */
export async function prepareSongForEditing(songId: string): Promise<number | null> {
  const song = await findSong(songId);
  const { stemCache, excerpt } = songRenderOptions();
  if (!song || song.status !== "complete" || !song.compositionId || !song.productionId || !stemCache) return null;
  const { composition, production } = await currentParts(song);
  return prepareEditOffThread(composition, production, { stemCache, ...(excerpt ? { excerpt } : {}) });
}

/**
 * Starts getting the song ready for its first edit (song.prepare-edit) when its owner opens the edit pages
 * of a song they may change. A job already waiting for the song stands for this one. Not while an edit
 * renders or just after one (`latest`, the newest edit): the edit made the strip fronts, and the job would
 * only take the song thread between this edit and the next.
 */
export async function prepareForEditing(song: Song, editable: boolean, latest: SongVersion | null = null): Promise<void> {
  if (!editable || song.status !== "complete" || editedRecently(latest)) return;
  await enqueue("song.prepare-edit", { songId: song.id });
}

/** An edit renders, or rendered a moment ago: it keeps every part's strip front, so there is nothing to prepare. */
export const EDITED_RECENTLY_MS = 10 * 60_000;

function editedRecently(latest: SongVersion | null, now = Date.now()): boolean {
  if (!latest) return false;
  if (latest.status === "queue" || latest.status === "rendering") return true;
  return latest.status === "complete" && latest.completedAt !== null && now - latest.completedAt.getTime() < EDITED_RECENTLY_MS;
}

/** Called when a rerender job has used its last attempt: the edit shows as failed; the song is unchanged. */
export async function giveUpOnVersion(songId: string, version: number, error: unknown): Promise<void> {
  await db
    .update(songVersions)
    .set({ status: "failed", error: error instanceof Error ? error.message : String(error) })
    .where(and(eq(songVersions.songId, songId), eq(songVersions.version, version), sql`${songVersions.status} < 'complete'`));
  await announceVersionChange(songId);
}

/** Rewrite (spec 1 §4, on the edit page): new notes from a new seed, the same sounds. One new version. */
export async function rewriteSong(song: Song): Promise<SongVersion> {
  const { production, params } = await editBase(song);
  const seed = newSeed();
  const composition = compose(engineParams({ params, seed }));
  const next = produce(engineParams({ params, seed }), composition, production.seed);
  return submitVersion(song, { change: "notes", composition, production: next, params, productionSeed: production.seed });
}

/** Reproduce (on the edit page): the same notes, new instruments and drums. One new version. */
export async function reproduceSong(song: Song): Promise<SongVersion> {
  const base = await editBase(song);
  const { composition } = base;
  const params: StoredSongParams = { ...base.params };
  delete params.instruments;
  delete params.drums;
  const productionSeed = newSeed();
  const production = produce(engineParams({ params, seed: song.seed }), composition, productionSeed);
  return submitVersion(song, { change: "production", composition, production, params, productionSeed });
}

/**
 * POST /api/song/{id}/copy: a new song in the owner's library with the same parts and audio, editable
 * even when the original is mastered (spec 1 §6). Its files are copied, so each song owns its folder.
 * Saving the copy follows the song limit like any save (403 song_limit_reached, and the copy is removed).
 */
export async function copySong(user: { id: string }, song: Song): Promise<Song> {
  if (song.status !== "complete" || !song.media) throw new ApiError(409, "not_ready", SONG_NOT_READY_MESSAGE);
  // A locked song may be played only (spec 2 §4): a copy would be an unlocked way round the lock.
  if (song.locked) throw new ApiError(403, "read_only", LOCKED_SONG_MESSAGE);
  const copyId = newId();
  const storage = getStorage();
  const keys: SongMedia = songMediaKeys(copyId);
  const media = song.media;
  const copies: [from: string, to: string][] = (["mp3", "wav", "midi", "peaks", "description"] as const).map((name) => [media[name], keys[name]]);
  // A song with a vocal is copied with it: the mix it plays, the instrumental the next edit re-mixes it
  // over, and the vocal itself (a row of the copy's own).
  const vocal = song.vocalId ? await findVocal(song.vocalId) : null;
  const vocalCopyId = vocal?.vocalKey ? newId() : null;
  if (media.instrumental) {
    keys.instrumental = { mp3: `songs/${copyId}/instrumental.mp3`, wav: `songs/${copyId}/instrumental.wav`, peaks: `songs/${copyId}/instrumental-peaks.json` };
    copies.push([media.instrumental.mp3, keys.instrumental.mp3], [media.instrumental.wav, keys.instrumental.wav], [media.instrumental.peaks, keys.instrumental.peaks]);
  }
  const vocalKey = vocalCopyId ? `songs/${copyId}/vocals/${vocalCopyId}/vocal.wav` : null;
  if (vocal?.vocalKey && vocalKey) copies.push([vocal.vocalKey, vocalKey]);
  await Promise.all(
    copies.map(async ([from, to]) => {
      const body = await storage.get(from);
      if (body) await storage.put(to, body);
    }),
  );
  const [copy] = await db
    .insert(songs)
    .values({
      id: copyId,
      userId: user.id,
      origin: song.origin === "pool" ? "create" : song.origin,
      status: "complete",
      style: song.style,
      filter: song.filter,
      params: song.params,
      seed: song.seed,
      productionSeed: song.productionSeed,
      compositionId: song.compositionId,
      productionId: song.productionId,
      batchId: newId(),
      songName: song.songName === UNNAMED_SONG ? UNNAMED_SONG : `${song.songName} (copy)`,
      artistName: song.artistName,
      tags: song.tags,
      private: song.private,
      tempo: song.tempo,
      key: song.key,
      durationSeconds: song.durationSeconds,
      media: keys,
      vocalId: vocalCopyId,
      wavePreview: song.wavePreview,
      copiedFromId: song.id,
      completedAt: new Date(),
    })
    .returning();
  if (vocal && vocalCopyId) {
    const { id: _id, songId: _songId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = vocal;
    await db.insert(songVocals).values({ ...fields, id: vocalCopyId, songId: copyId, vocalKey, mixKey: null });
  }
  try {
    await saveSong(user, copyId);
  } catch (error) {
    await db.delete(songs).where(eq(songs.id, copyId));
    await Promise.all(copies.map(([, to]) => storage.delete(to)));
    throw error;
  }
  return (await findSong(copy!.id))!;
}
