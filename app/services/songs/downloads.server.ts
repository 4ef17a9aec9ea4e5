// Downloads of a song's files (spec 2 §6, §9; docs/pricing.md; docs/edit-flow.md "Files and downloads").
// The rules in one place:
// - only the owner downloads, and only a complete song that is not locked;
// - each format needs its plan features: mp3 `downloads` (Creator, Pro), wav `wav_downloads` (Creator,
//   Pro), midi `midi_downloads` (Pro), stems every download feature (Pro); the free plan has none;
// - WAV and stems downloads count against the plan's monthly WAV allowance (Creator 25, Pro 250), a
//   calendar month in UTC; over it is a 429 naming the allowance and the reset date;
// - the WAV must have been prepared (POST /api/song/{id}/wav) for the current version;
// - every download is recorded in song_downloads.
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { songDownloads, type DownloadFormat, type Song } from "../../../drizzle/schema/songs";
import { UNNAMED_SONG } from "~/models/song.server";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan, type PlanFeature, type UserPlan } from "~/server/plans.server";
import { getStorage } from "~/server/storage.server";
import { LOCKED_SONG_MESSAGE, SONG_NOT_READY_MESSAGE } from "./edit.server";
import { ensureStemsZip } from "./stems.server";
import { masteredFiles } from "../mastering";
import { wavReadiness, type WavReadiness } from "./wav.server";

export const DOWNLOAD_FORMATS = ["mp3", "wav", "midi", "stems"] as const satisfies readonly DownloadFormat[];

export const NO_DOWNLOADS_MESSAGE = "Downloads are part of the Creator and Pro plans.";

interface FormatRule {
  label: string;
  extension: string;
  contentType: string;
  requires: PlanFeature[];
  /** The cheapest plan that has every feature the format requires. */
  unlockedBy: "Creator" | "Pro";
  /** Counts against the monthly WAV allowance. */
  countsAsWav: boolean;
}

export const FORMAT_RULES: Record<DownloadFormat, FormatRule> = {
  mp3: { label: "MP3", extension: "mp3", contentType: "audio/mpeg", requires: ["downloads"], unlockedBy: "Creator", countsAsWav: false },
  wav: { label: "WAV", extension: "wav", contentType: "audio/wav", requires: ["wav_downloads"], unlockedBy: "Creator", countsAsWav: true },
  midi: { label: "MIDI", extension: "mid", contentType: "audio/midi", requires: ["midi_downloads"], unlockedBy: "Pro", countsAsWav: false },
  // Stems are WAVs of every part: Pro only (no peer gives them to free users), and one WAV download each time.
  stems: { label: "Stems (one WAV per part, zipped)", extension: "zip", contentType: "application/zip", requires: ["stem_downloads"], unlockedBy: "Pro", countsAsWav: true },
};

const WAV_COUNTED: DownloadFormat[] = (Object.keys(FORMAT_RULES) as DownloadFormat[]).filter((format) => FORMAT_RULES[format].countsAsWav);

/** Why the plan cannot download the format, or null when it can. */
export function formatRefusal(plan: UserPlan, format: DownloadFormat): string | null {
  if (plan.limits.features.length === 0) return NO_DOWNLOADS_MESSAGE;
  const rule = FORMAT_RULES[format];
  if (rule.requires.every((feature) => plan.limits.features.includes(feature))) return null;
  return `${rule.label.split(" ")[0]} downloads are part of the ${rule.unlockedBy} plan.`;
}

/** The first instant of the calendar month (UTC) that `now` falls in. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When the monthly allowance resets: the first of next month, UTC. */
export function allowanceResetUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function formatResetDate(date: Date): string {
  return date.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

export function allowanceMessage(limit: number, now: Date): string {
  return `You have used all ${limit} WAV downloads of your plan this month. They reset on ${formatResetDate(allowanceResetUtc(now))} (UTC).`;
}

async function wavDownloadsThisMonth(database: Db | Tx, userId: string, now: Date): Promise<number> {
  const [row] = await database
    .select({ used: count() })
    .from(songDownloads)
    .where(and(eq(songDownloads.userId, userId), inArray(songDownloads.format, WAV_COUNTED), gte(songDownloads.createdAt, monthStartUtc(now))));
  return row?.used ?? 0;
}

/** "Night Drive.mp3"; an unnamed song is "Songloom song <id>". Characters file systems refuse are dropped. */
export function downloadFilename(song: Pick<Song, "id" | "songName">, format: DownloadFormat): string {
  const named = song.songName.trim() !== "" && song.songName !== UNNAMED_SONG;
  const cleaned = (named ? song.songName : "")
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 100)
    .trim();
  const base = cleaned || `Songloom song ${song.id}`;
  return `${base}${format === "stems" ? " stems" : ""}.${FORMAT_RULES[format].extension}`;
}

/** A Content-Disposition header: an ASCII fallback name plus the exact UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export interface SongDownload {
  key: string;
  size: number;
  filename: string;
  contentType: string;
}

/**
 * Checks the rules, records the download (counting it against the allowance under a per-user lock, so
 * two downloads at once cannot both take the last one) and returns the file to send.
 */
export async function prepareDownload(user: { id: string }, song: Song, format: DownloadFormat, { now = new Date(), record = true } = {}): Promise<SongDownload> {
  if (song.status !== "complete" || !song.media) throw new ApiError(409, "not_ready", SONG_NOT_READY_MESSAGE);
  if (song.locked) throw new ApiError(403, "read_only", LOCKED_SONG_MESSAGE);
  const plan = await getUserPlan(user);
  const refusal = formatRefusal(plan, format);
  if (refusal) throw new ApiError(403, "plan_required", refusal);

  const countsAsWav = FORMAT_RULES[format].countsAsWav;
  // Refused before a stems zip is built for nothing; checked again under the lock below.
  if (countsAsWav && (await wavDownloadsThisMonth(db, user.id, now)) >= plan.limits.monthlyWavDownloads) {
    throw new ApiError(429, "download_limit_reached", allowanceMessage(plan.limits.monthlyWavDownloads, now));
  }
  const key = await fileKey(song, format);
  const stored = await getStorage().stat(key);
  if (!stored) throw new Error(`The ${format} of song ${song.id} is missing from storage (${key})`);

  // A HEAD request asks about the file without downloading it: nothing is recorded.
  if (!record) return { key, size: stored.size, filename: downloadFilename(song, format), contentType: FORMAT_RULES[format].contentType };
  await db.transaction(async (tx) => {
    if (countsAsWav) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`downloads:${user.id}`}))`);
      const used = await wavDownloadsThisMonth(tx, user.id, now);
      if (used >= plan.limits.monthlyWavDownloads) throw new ApiError(429, "download_limit_reached", allowanceMessage(plan.limits.monthlyWavDownloads, now));
    }
    await tx.insert(songDownloads).values({ userId: user.id, songId: song.id, format, createdAt: now });
  });
  return { key, size: stored.size, filename: downloadFilename(song, format), contentType: FORMAT_RULES[format].contentType };
}

async function fileKey(song: Song, format: DownloadFormat): Promise<string> {
  const media = song.media!;
  // A mastered song downloads as mastered (docs/mastering.md): its MP3 and WAV are the master's.
  const mastered = format === "mp3" || format === "wav" ? await masteredFiles(song) : null;
  if (mastered) return mastered[format as "mp3" | "wav"];
  if (format === "mp3") return media.mp3;
  if (format === "midi") return media.midi;
  if (format === "stems") return ensureStemsZip(song);
  if (wavReadiness(song).status !== "ready" || !song.wavKey) {
    throw new ApiError(409, "wav_not_ready", "Prepare the WAV first: it is made for the version the song plays now.");
  }
  return song.wavKey;
}

/** What the downloads panel shows: each format with whether the plan has it, the allowance, the WAV state. */
export interface SongDownloadsView {
  songId: string;
  planName: string;
  formats: { format: DownloadFormat; label: string; allowed: boolean; unlockedBy: "Creator" | "Pro"; href: string }[];
  /** Null on plans without WAV downloads. */
  wavAllowance: { limit: number; remaining: number; resetsOn: string } | null;
  wav: WavReadiness;
}

export async function songDownloadsView(user: { id: string }, song: Song, now = new Date()): Promise<SongDownloadsView> {
  const plan = await getUserPlan(user);
  const limit = plan.limits.monthlyWavDownloads;
  const used = limit > 0 ? await wavDownloadsThisMonth(db, user.id, now) : 0;
  return {
    songId: song.id,
    planName: plan.plan.name,
    formats: DOWNLOAD_FORMATS.map((format) => ({
      format,
      label: FORMAT_RULES[format].label,
      allowed: formatRefusal(plan, format) === null,
      unlockedBy: FORMAT_RULES[format].unlockedBy,
      href: `/api/song/${song.id}/download/${format}`,
    })),
    wavAllowance: limit > 0 ? { limit, remaining: Math.max(0, limit - used), resetsOn: formatResetDate(allowanceResetUtc(now)) } : null,
    wav: wavReadiness(song),
  };
}
