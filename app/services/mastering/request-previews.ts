// POST /api/song/{id}/dolby/preview (spec 2 §4): every preset's preview of one 30-second window. The WAV of
// the version the song plays must be ready first: if it is not, it is requested and the caller retries
// after 2.5 s (`waiting_for_wav`). One preview sample per song: a second request is refused until the
// first is deleted (a failed one is replaced).
import { eq } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { masteringFiles, type PreviewsMetadata } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { DEFAULT_PLATFORM, platformTarget, type PlatformId } from "~/engine/master/presets";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { requestWav, wavReadiness } from "../songs/wav.server";
import { MASTERING_ERRORS, POLL_MS } from "~/utils/mastering";
import { DEFAULT_INTENSITY, findMasteringFile, SAMPLE_SECONDS } from "./files";
import { clampSampleStart, defaultSampleStart } from "./sample-window";

export interface PreviewRequest {
  startSeconds?: number;
  intensity?: number;
  platform?: PlatformId;
}

export type PreviewRequestResult = { status: "waiting_for_wav"; retryAfterMs: number } | { status: "queued"; startSeconds: number };

export const ONE_SAMPLE_MESSAGE = "This song already has its preview sample. Delete it first to choose another window.";

export async function requestPreviews(song: Song, userId: string, request: PreviewRequest): Promise<PreviewRequestResult> {
  const existing = await findMasteringFile(song.id, "dolby_previews");
  if (existing && existing.status !== "failed") throw new ApiError(409, "preview_exists", ONE_SAMPLE_MESSAGE);
  const wav = wavReadiness(song);
  if (wav.status !== "ready") {
    await requestWav(song);
    // The export failed last time: it has been asked for again, and the page says so.
    if (wav.status === "error") throw new ApiError(502, "ERROR_LOADING_PREVIEW", MASTERING_ERRORS.ERROR_LOADING_PREVIEW);
    return { status: "waiting_for_wav", retryAfterMs: POLL_MS };
  }
  const startSeconds = clampSampleStart(song, request.startSeconds ?? defaultSampleStart(song));
  const platform = request.platform ?? DEFAULT_PLATFORM;
  const metadata: PreviewsMetadata = {
    sampleStartSeconds: startSeconds,
    sampleSeconds: SAMPLE_SECONDS,
    intensity: request.intensity ?? DEFAULT_INTENSITY,
    platform,
    targetLufs: platformTarget(platform).targetLufs,
  };
  await db.transaction(async (tx) => {
    if (existing) await tx.delete(masteringFiles).where(eq(masteringFiles.id, existing.id));
    await tx.insert(masteringFiles).values({ songId: song.id, userId, type: "dolby_previews", status: "queued", songVersion: song.version, metadata });
    await enqueue("master.preview", { songId: song.id }, { tx });
  });
  return { status: "queued", startSeconds };
}
