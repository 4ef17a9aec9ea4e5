// GET /api/song/{id}/dolby/track and GET /api/song/{id}/dolby/is_in_sync: the song's mastering files as
// the pages see them (statuses, measured loudness, preview URLs and spectra), and whether the master is
// of the version the song plays now.
import type { MasteringFile } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { MASTERING_PRESETS, spectrumSvg } from "~/engine/master/presets";
import { MASTERING_ERRORS, isMasteringErrorCode } from "~/utils/mastering";
import { findMasteringFile, findMasteringFiles, isMasterInSync, masterMetadata, previewsMetadata, previewUrl, shouldPoll } from "./files";

export interface LoudnessView {
  lufs: number;
  truePeakDb: number;
}

export interface PreviewView {
  letter: string;
  name: string;
  character: string;
  url: string;
  before: LoudnessView;
  after: LoudnessView;
  spectrum: number[];
  spectrumSvg: string;
}

export interface MasteringFileView {
  type: MasteringFile["type"];
  status: MasteringFile["status"];
  songVersion: number;
  errorCode: string | null;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
  previews?: { sampleStartSeconds: number; sampleSeconds: number; original: { url: string; after: LoudnessView; spectrum: number[] } | null; items: PreviewView[] };
}

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : -99);
const loudness = (value: LoudnessView): LoudnessView => ({ lufs: round(value.lufs), truePeakDb: round(value.truePeakDb) });

export function fileView(file: MasteringFile): MasteringFileView {
  const base = {
    type: file.type,
    status: file.status,
    songVersion: file.songVersion,
    errorCode: file.errorCode,
    errorMessage: isMasteringErrorCode(file.errorCode) ? MASTERING_ERRORS[file.errorCode] : null,
  };
  if (file.type === "dolby_master") {
    const { preset, intensity, platform, targetLufs, before, after } = masterMetadata(file);
    return { ...base, metadata: { preset, intensity, platform, targetLufs, ...(before && { before: loudness(before) }), ...(after && { after: loudness(after) }) } };
  }
  const metadata = previewsMetadata(file);
  const original = metadata.original ? { url: previewUrl(file.songId, "original", file.updatedAt), after: loudness(metadata.original.after), spectrum: metadata.original.spectrum } : null;
  const items = (metadata.previews ?? []).map((preview): PreviewView => {
    const preset = MASTERING_PRESETS.find((p) => p.letter === preview.letter)!;
    return {
      letter: preview.letter,
      name: preset.name,
      character: preset.character,
      url: previewUrl(file.songId, preview.letter, file.updatedAt),
      before: loudness(preview.before),
      after: loudness(preview.after),
      spectrum: preview.spectrum,
      spectrumSvg: spectrumSvg(preview.spectrum, metadata.original?.spectrum ?? null, `Spectrum of preset ${preset.name} (solid) over the unmastered sample (dashed)`),
    };
  });
  return {
    ...base,
    metadata: { intensity: metadata.intensity, platform: metadata.platform, targetLufs: metadata.targetLufs, sampleStartSeconds: metadata.sampleStartSeconds, sampleSeconds: metadata.sampleSeconds },
    previews: { sampleStartSeconds: metadata.sampleStartSeconds, sampleSeconds: metadata.sampleSeconds, original, items },
  };
}

export async function trackMastering(songId: string): Promise<{ files: MasteringFileView[]; poll: boolean }> {
  const files = await findMasteringFiles(songId);
  return { files: files.map(fileView), poll: shouldPoll(files.map((file) => file.status)) };
}

export async function masteringSync(song: Song): Promise<{ mastered: boolean; inSync: boolean; masteredVersion: number | null; songVersion: number }> {
  const master = await findMasteringFile(song.id, "dolby_master");
  const mastered = master?.status === "ready";
  return { mastered, inSync: isMasterInSync(song, master), masteredVersion: mastered ? master.songVersion : null, songVersion: song.version };
}
