// Generating a song's music and audio: what the song.compose, song.render and song.pool-refill jobs do.
//
// Every step starts from the row and skips what is already done, and every status write only moves
// forward (advanceSongStatus), so any step may run twice (a retry after a crash, a duplicate job) and the
// song still ends complete, never back in an earlier status. See docs/decisions/006-song-generation-jobs.md.
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { compositions, productions, songs, type NewSong, type Song, type SongMedia } from "../../../drizzle/schema/songs";
import { newId } from "../../../drizzle/schema/columns";
import { compose, getFilter, produce } from "~/engine";
import type { RenderOptions, SongRender } from "~/engine/pipeline";
import { renderFromPartsOffThread, renderPreviewOffThread } from "~/engine/threads";
import type { Composition, Production, SongParams } from "~/engine/types";
import { advanceSongStatus, countPooledSongs, findSong, failSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { observeRenderStages } from "~/server/observability/metrics.server";
import { getStorage, songMediaKeys, songPreviewKey } from "~/server/storage.server";
import { emitSongReady } from "../webhooks/emit.server";
import { newSeed, poolParams, PRIORITY } from "./create.server";

/** Finished-or-generating songs each filter keeps ready for POST /song/fetch and plain creates. */
export const POOL_SIZE_PER_FILTER = 2;

/** Pairs of min/max the row keeps for lists and the share page's waveform. */
export const WAVE_PREVIEW_PAIRS = 100;

/**
 * Render options every song render uses. Tests set a short excerpt so the whole job path runs in
 * seconds (configureSongRendering in-process, RENDER_EXCERPT_SECONDS for spawned workers); production
 * never changes them.
 */
const renderSettings: Pick<RenderOptions, "excerpt"> = env.RENDER_EXCERPT_SECONDS ? { excerpt: { startSeconds: 0, seconds: env.RENDER_EXCERPT_SECONDS } } : {};

export function configureSongRendering(settings: Pick<RenderOptions, "excerpt">): void {
  renderSettings.excerpt = settings.excerpt;
}

/**
 * The render options of every song and edit render: the configured excerpt (tests) and the stem cache, so
 * that editing a song just created renders only what the edit changed.
 */
export function songRenderOptions(): Pick<RenderOptions, "excerpt" | "stemCache"> {
  return {
    ...renderSettings,
    ...(env.STEM_CACHE_MB > 0 ? { stemCache: { dir: path.join(env.DATA_DIR, "stem-cache"), maxBytes: env.STEM_CACHE_MB * 1024 * 1024 } } : {}),
  };
}

/** The engine's parameters for a song row. */
export function engineParams(song: Pick<Song, "params" | "seed">): SongParams {
  const { params } = song;
  return {
    style: params.style,
    filter: params.filter,
    seed: song.seed,
    tempo: params.tempo,
    intensity: params.intensity,
    densities: params.densities,
    humanness: params.humanness,
    ensemble: params.ensemble,
    drumKit: params.drumKit,
    mix: params.mix,
    sfx: params.sfx,
    ...(params.instruments && { instruments: params.instruments }),
    ...(params.drums && { drums: params.drums as SongParams["drums"] }),
    ...(params.levels && { levels: params.levels as SongParams["levels"] }),
    ...(params.notes && { notes: params.notes }),
  };
}

/** The job priority a song's later jobs keep: its batch's first song ahead of the rest, the pool last. */
export function songPriority(song: Pick<Song, "pooled" | "batchPosition">): number {
  if (song.pooled) return PRIORITY.pool;
  return song.batchPosition === 0 ? PRIORITY.firstSong : PRIORITY.user;
}

async function loadComposition(id: string): Promise<Composition> {
  const [row] = await db.select({ data: compositions.data }).from(compositions).where(eq(compositions.id, id));
  if (!row) throw new Error(`Composition ${id} is missing`);
  return row.data;
}

async function loadProduction(id: string): Promise<Production> {
  const [row] = await db.select({ data: productions.data }).from(productions).where(eq(productions.id, id));
  if (!row) throw new Error(`Production ${id} is missing`);
  return row.data;
}

/**
 * song.compose: the composition and production of a song (reused parts are loaded, the others made from
 * the song's seeds), stored by id, then the render job queued in the same transaction.
 */
export async function composeSong(songId: string): Promise<void> {
  const song = await findSong(songId);
  if (!song || song.status === "complete" || song.status === "failed") return;
  await advanceSongStatus(songId, "composing_instrumental");
  const params = engineParams(song);
  const composition = song.compositionId ? await loadComposition(song.compositionId) : compose(params);
  const production = song.productionId ? await loadProduction(song.productionId) : produce(params, composition, song.productionSeed);
  await db.transaction(async (tx) => {
    await tx.insert(compositions).values({ id: composition.id, data: composition }).onConflictDoNothing();
    await tx.insert(productions).values({ id: production.id, data: production }).onConflictDoNothing();
    await tx
      .update(songs)
      .set({ compositionId: composition.id, productionId: production.id, tempo: Math.round(composition.tempo), key: composition.key.name })
      .where(eq(songs.id, songId));
    // A pool song renders on a queue of its own: its render gives way to users' renders and may pause for
    // a while, which must not hold song.render's one slot (a user's create would wait behind it).
    await enqueue(song.pooled ? "song.render-pool" : "song.render", { songId }, { tx, priority: songPriority(song), user: song.userId });
  });
  // The song the user is waiting for gets a preview while the whole renders (progressive playback).
  if (!song.pooled && song.batchPosition === 0) await renderSongPreview(songId, composition, production);
}

/** Seconds of a song its preview plays: enough to outlast the whole song's render several times over. */
export const PREVIEW_SECONDS = 20;

/**
 * The first PREVIEW_SECONDS of the song into media storage, on the preview thread. Best effort: a failed
 * preview is logged and the song simply becomes playable when it completes.
 */
export async function renderSongPreview(songId: string, composition: Composition, production: Production): Promise<void> {
  try {
    // Tests render short excerpts; the preview is never longer than the song they render.
    const seconds = Math.min(PREVIEW_SECONDS, renderSettings.excerpt?.seconds ?? PREVIEW_SECONDS);
    const rendered = await renderPreviewOffThread(composition, production, seconds);
    if (!rendered.mp3) return;
    const key = songPreviewKey(songId);
    await getStorage().put(key, rendered.mp3);
    await db
      .update(songs)
      .set({ previewKey: key, previewSeconds: Math.round(rendered.stats.durationSeconds * 100) / 100 })
      .where(and(eq(songs.id, songId), sql`${songs.status} < 'complete'`));
  } catch (error) {
    console.error(`Preview of song ${songId} failed; it plays when complete`, error);
  }
}

/**
 * A render's files (MP3, WAV, MIDI, peaks, description) into media storage under `keys`. `wav: false` leaves
 * the WAV (a 3-minute song's 30 MB, the slowest write) to the caller, which then stores it itself.
 */
export async function storeRenderedSong(keys: SongMedia, rendered: SongRender, { wav = true } = {}): Promise<SongMedia> {
  if (!rendered.mp3) throw new Error("The engine returned no MP3");
  const storage = getStorage();
  await Promise.all([
    storage.put(keys.mp3, rendered.mp3),
    wav ? storage.put(keys.wav, rendered.wav) : null,
    storage.put(keys.midi, rendered.midi),
    storage.put(keys.peaks, JSON.stringify(rendered.peaks)),
    storage.put(keys.description, JSON.stringify(rendered.description)),
  ]);
  return keys;
}

/** song.render: the audio, MIDI, peaks and description into media storage, then the song is complete. */
export async function renderSongMedia(songId: string): Promise<void> {
  const song = await findSong(songId);
  if (!song || song.status === "complete" || song.status === "failed") return;
  if (!song.compositionId || !song.productionId) throw new Error(`Song ${songId} is rendered before it was composed`);
  await advanceSongStatus(songId, "recording_instrumental");
  const [composition, production] = await Promise.all([loadComposition(song.compositionId), loadProduction(song.productionId)]);
  // Off this thread: the job worker may share the process with the web server. A pool song gives way to
  // renders users wait for (an edit right after a create would otherwise wait behind the pool's top-up).
  const rendered = await renderFromPartsOffThread(composition, production, songRenderOptions(), { background: song.pooled });
  observeRenderStages(rendered.stats.timings);

  // Keys are fixed per song, so a retried render overwrites its own earlier, possibly partial, attempt.
  const media = await storeRenderedSong(songMediaKeys(songId), rendered);
  const durationSeconds = Math.round(rendered.stats.durationSeconds * 100) / 100;
  await db.transaction(async (tx) => {
    const completed = await advanceSongStatus(
      songId,
      "complete",
      {
        media,
        wavePreview: downsamplePeaks(rendered.peaks.song.peaks, WAVE_PREVIEW_PAIRS),
        durationSeconds,
        tempo: Math.round(rendered.stats.tempo),
        key: rendered.stats.key,
        completedAt: new Date(),
      },
      tx,
    );
    // The owner's webhooks hear of it with the status (a pool song has no owner yet: it is announced
    // when it is handed to someone, create.server.ts).
    if (completed && song.userId) await emitSongReady(tx, song.userId, { ...song, durationSeconds });
  });
}

/** Called when a generation job has used its last attempt: the song stops waiting and shows as failed. */
export async function giveUpOnSong(songId: string, error: unknown): Promise<void> {
  await failSong(songId, error instanceof Error ? error.message : String(error));
}

/** Interleaved [min, max, ...] pairs reduced to `pairs` pairs, keeping each group's extremes. */
export function downsamplePeaks(peaks: number[], pairs: number): number[] {
  const sourcePairs = Math.floor(peaks.length / 2);
  if (sourcePairs <= pairs) return peaks.slice(0, sourcePairs * 2);
  const out: number[] = [];
  for (let p = 0; p < pairs; p += 1) {
    const from = Math.floor((p * sourcePairs) / pairs);
    const to = Math.floor(((p + 1) * sourcePairs) / pairs);
    let min = 0;
    let max = 0;
    for (let i = from; i < to; i += 1) {
      min = Math.min(min, peaks[2 * i]);
      max = Math.max(max, peaks[2 * i + 1]);
    }
    out.push(min, max);
  }
  return out;
}

/**
 * song.pool-refill: tops the filter's pool up to POOL_SIZE_PER_FILTER songs, counting those still
 * generating. Pools exist only for filters someone has used (creates and fetches queue a refill), so an
 * idle install does not spend its CPU pre-rendering every filter. Returns the number of songs queued.
 */
export async function refillPool(filter: string): Promise<number> {
  const { style } = getFilter(filter);
  const { ready, pending } = await countPooledSongs(filter);
  const missing = POOL_SIZE_PER_FILTER - ready - pending;
  if (missing <= 0) return 0;
  const params = poolParams(style, filter);
  const batchId = newId();
  const rows: NewSong[] = Array.from({ length: missing }, (_, position) => ({
    id: newId(),
    userId: null,
    pooled: true,
    origin: "pool" as const,
    style,
    filter,
    params,
    seed: newSeed(),
    productionSeed: newSeed(),
    batchId,
    batchPosition: position,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(songs).values(rows);
    for (const row of rows) await enqueue("song.compose", { songId: row.id! }, { tx, priority: PRIORITY.pool });
  });
  return missing;
}

