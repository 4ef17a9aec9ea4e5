// The /master/{songId} page's state (spec 2 §2, §4): which of the four steps the song is at, with what
// each step shows. The route renders it; every step works as a plain form.
import type { Song } from "../../../drizzle/schema/songs";
import { songAudioUrl } from "~/models/song.server";
import { ApiError } from "~/server/http.server";
import { DEFAULT_PLATFORM, PLATFORM_TARGETS } from "~/engine/master/presets";
import { paidPurchase, paymentsAvailable } from "./checkout";
import { MASTERING_ERRORS, isMasteringErrorCode } from "~/utils/mastering";
import { DEFAULT_INTENSITY, findMasteringFile, SAMPLE_SECONDS, shouldPoll } from "./files";
import { masteringPresetList } from "./presets";
import { masteringProduct, NON_REFUNDABLE_NOTICE, type MasteringProduct } from "./product";
import { defaultSampleStart } from "./sample-window";
import { fileView, type MasteringFileView } from "./track";

export type MasteringStep = 0 | 1 | 2 | 3;

export interface MasteringPage {
  song: { id: string; name: string; durationSeconds: number; audioUrl: string; version: number };
  product: MasteringProduct | null;
  productError: string | null;
  notice: string;
  step: MasteringStep;
  sample: { defaultStartSeconds: number; latestStartSeconds: number; seconds: number; defaultIntensity: number; defaultPlatform: string };
  platforms: { id: string; name: string; targetLufs: number; normalizationLufs: number | null; source: string }[];
  presets: ReturnType<typeof masteringPresetList>["presets"];
  previews: MasteringFileView | null;
  master: MasteringFileView | null;
  paid: boolean;
  paymentsAvailable: boolean;
  poll: boolean;
  /** A failure on a file, as its code and words. */
  fileError: { code: string; message: string } | null;
}

export async function masteringPage(song: Song, userId: string): Promise<MasteringPage> {
  const [previewsFile, masterFile, purchase] = await Promise.all([
    findMasteringFile(song.id, "dolby_previews"),
    findMasteringFile(song.id, "dolby_master"),
    paidPurchase(song.id, userId),
  ]);
  let product: MasteringProduct | null = null;
  let productError: string | null = null;
  try {
    product = masteringProduct();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    productError = error.code;
  }
  const previews = previewsFile ? fileView(previewsFile) : null;
  const master = masterFile ? fileView(masterFile) : null;
  const step: MasteringStep =
    !previews || previews.status === "failed" ? 0 : previews.status !== "ready" || !master ? 1 : !purchase && master.status === "waiting" ? 2 : 3;
  const failed = [previews, master].find((file) => file?.status === "failed" && isMasteringErrorCode(file.errorCode));
  const duration = song.durationSeconds ?? 0;
  return {
    song: { id: song.id, name: song.songName, durationSeconds: duration, audioUrl: songAudioUrl(song), version: song.version },
    product,
    productError,
    notice: NON_REFUNDABLE_NOTICE,
    step,
    sample: {
      defaultStartSeconds: defaultSampleStart(song),
      latestStartSeconds: Math.max(0, Math.floor(duration - SAMPLE_SECONDS)),
      seconds: SAMPLE_SECONDS,
      defaultIntensity: DEFAULT_INTENSITY,
      defaultPlatform: DEFAULT_PLATFORM,
    },
    platforms: PLATFORM_TARGETS.map(({ id, name, targetLufs, normalizationLufs, source }) => ({ id, name, targetLufs, normalizationLufs, source })),
    presets: masteringPresetList().presets,
    previews,
    master,
    paid: purchase !== null,
    paymentsAvailable: paymentsAvailable(),
    poll: shouldPoll([previewsFile, masterFile].flatMap((file) => (file ? [file.status] : []))),
    fileError: failed?.errorCode && isMasteringErrorCode(failed.errorCode) ? { code: failed.errorCode, message: MASTERING_ERRORS[failed.errorCode] } : null,
  };
}
