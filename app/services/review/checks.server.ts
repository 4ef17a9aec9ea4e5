// The automatic checks a reviewer sees before looking at a release (issue 18): the art rules of spec 2 §5,
// each track's audio measured with the engine's meters (length, loudness, clipping, silence), restricted
// and generic artist names (the same check the release form runs), duplicate audio (the same song, or the
// same WAV bytes, already on a release that went to the stores) and the explicit flag against the lyrics.
// Audio measurements are stored per song version (song_audio_checks), so only a new version is decoded.
import { createHash } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { releases, releaseSongs, type CoverArt, type Release } from "#drizzle/schema/releases";
import { songAudioChecks, type SongAudioCheck } from "#drizzle/schema/review";
import { songs, type Song } from "#drizzle/schema/songs";
import { songLyrics } from "#drizzle/schema/vocals";
import { explicitWordsIn } from "~/content/explicit-words";
import { decodeAudio } from "~/engine/vocals/decode";
import { db, type Db, type Tx } from "~/server/db.server";
import { getStorage } from "~/server/storage.server";
import { artistNameRefusal } from "~/services/releases/artist-names";
import { ReleaseStatus } from "~/services/releases/status";
import { audioWarnings, measureAudio, type AudioMetrics } from "./audio-metrics";

/** Spec 2 §5: at least 3000×3000 px and under 50 MB. Stores also want it square, JPEG or PNG. */
export const ART_MIN_PIXELS = 3000;
export const ART_MAX_BYTES = 50 * 1024 * 1024;

export interface CheckResult {
  /** What was checked. */
  label: string;
  ok: boolean;
  /** Why it failed, or what was found. */
  detail: string;
}

export interface TrackChecks {
  songId: string;
  position: number;
  songName: string;
  metrics: AudioMetrics | null;
  results: CheckResult[];
}

export interface ReleaseChecks {
  art: CheckResult[];
  artist: CheckResult[];
  explicit: CheckResult[];
  tracks: TrackChecks[];
  /** How many checks failed in all. */
  failures: number;
}

/** Statuses of a release that went, or is going, to the stores: its songs count as released. */
const RELEASED: number[] = [ReleaseStatus.Live, ReleaseStatus.Approved, ReleaseStatus.PendingRemoval];

export function artChecks(art: Pick<CoverArt, "width" | "height" | "bytes" | "format"> | null): CheckResult[] {
  if (!art) return [{ label: "Cover art", ok: false, detail: "Album Art Required" }];
  return [
    { label: "Size", ok: art.width >= ART_MIN_PIXELS && art.height >= ART_MIN_PIXELS, detail: `${art.width}×${art.height} px (at least ${ART_MIN_PIXELS}×${ART_MIN_PIXELS})` },
    { label: "Square", ok: art.width === art.height, detail: art.width === art.height ? "Square" : "Not square" },
    { label: "File size", ok: art.bytes < ART_MAX_BYTES, detail: `${(art.bytes / 1024 / 1024).toFixed(1)} MB (under 50 MB)` },
    { label: "Format", ok: ["jpeg", "jpg", "png"].includes(art.format.toLowerCase()), detail: art.format.toUpperCase() },
  ];
}

/** The explicit flag against the words of the lyrics (spec 2 §3: 0 clean, 1 explicit, null No Lyrics). */
export function explicitChecks(explicit: number | null, lyricsBySong: { songName: string; text: string }[]): CheckResult[] {
  const withLyrics = lyricsBySong.filter((song) => song.text.trim() !== "");
  const words = [...new Set(withLyrics.flatMap((song) => explicitWordsIn(song.text)))];
  const results: CheckResult[] = [];
  if (explicit === 1) {
    results.push({ label: "Explicit with lyrics", ok: withLyrics.length > 0, detail: withLyrics.length > 0 ? "Marked Explicit; the lyrics are there to check." : "Marked Explicit, but no track has lyrics." });
  } else if (explicit === 0) {
    results.push({ label: "Clean lyrics", ok: words.length === 0, detail: words.length === 0 ? "Marked Clean; no explicit words found in the lyrics." : `Marked Clean, but the lyrics contain: ${words.join(", ")}.` });
  } else {
    const names = withLyrics.map((song) => song.songName);
    results.push({ label: "No Lyrics", ok: names.length === 0, detail: names.length === 0 ? "Marked No Lyrics; no track has lyrics." : `Marked No Lyrics, but these tracks have lyrics: ${names.join(", ")}.` });
    if (words.length > 0) results.push({ label: "Explicit words", ok: false, detail: `The lyrics contain: ${words.join(", ")}.` });
  }
  return results;
}

function lyricsText(sections: { lines: { value: string }[] }[] | undefined): string {
  return (sections ?? []).flatMap((section) => section.lines.map((line) => line.value)).join("\n");
}

/** Measures a song's WAV (or reads the stored measurement of this version); null when it has no audio. */
export async function songAudioCheck(song: Song, database: Db | Tx = db): Promise<SongAudioCheck | null> {
  const [stored] = await database.select().from(songAudioChecks).where(eq(songAudioChecks.songId, song.id));
  if (stored && stored.songVersion === song.version) return stored;
  if (song.status !== "complete" || !song.media) return null;
  const wav = await getStorage().get(song.media.wav);
  if (!wav) return null;
  const decoded = await decodeAudio(wav, { hint: "song.wav", maxSeconds: 3600 });
  const [left, right = left] = decoded.channels;
  const metrics = measureAudio({ sampleRate: decoded.sampleRate, left, right });
  const row = { songId: song.id, songVersion: song.version, wavSha256: createHash("sha256").update(wav).digest("hex"), ...metrics, checkedAt: new Date() };
  const [saved] = await database
    .insert(songAudioChecks)
    .values(row)
    .onConflictDoUpdate({ target: songAudioChecks.songId, set: row })
    .returning();
  return saved;
}

export async function releaseChecks(release: Release, art: CoverArt | null, database: Db | Tx = db): Promise<ReleaseChecks> {
  const tracks = await database
    .select({ position: releaseSongs.position, song: songs })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .where(eq(releaseSongs.releaseId, release.id))
    .orderBy(releaseSongs.position);
  const songIds = tracks.map((track) => track.song.id);
  const lyricRows = songIds.length > 0 ? await database.select({ songId: songLyrics.songId, sections: songLyrics.sections }).from(songLyrics).where(inArray(songLyrics.songId, songIds)) : [];
  const lyricsBySong = new Map(lyricRows.map((row) => [row.songId, lyricsText(row.sections)]));

  const trackChecks: TrackChecks[] = [];
  for (const { position, song } of tracks) {
    const results: CheckResult[] = [];
    let check: SongAudioCheck | null = null;
    try {
      check = await songAudioCheck(song, database);
    } catch (error) {
      results.push({ label: "Audio", ok: false, detail: `The audio could not be decoded: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (check) {
      const warnings = audioWarnings(check);
      results.push({ label: "Audio", ok: warnings.length === 0, detail: warnings.length === 0 ? "Length, loudness, clipping and silence are fine." : warnings.join(" ") });
    } else if (results.length === 0) {
      results.push({ label: "Audio", ok: false, detail: "This song has no rendered audio to check." });
    }
    results.push(await duplicateCheck(release, song, check, database));
    trackChecks.push({ songId: song.id, position, songName: song.songName, metrics: check, results });
  }

  const refusal = await artistNameRefusal(release.artistName, database);
  const artist = [{ label: "Artist name", ok: refusal === null, detail: refusal ?? `“${release.artistName}” is not restricted or generic.` }];
  const explicit = explicitChecks(release.explicit, tracks.map(({ song }) => ({ songName: song.songName, text: lyricsBySong.get(song.id) ?? "" })));
  const artResults = artChecks(art);
  const failures = [...artResults, ...artist, ...explicit, ...trackChecks.flatMap((track) => track.results)].filter((result) => !result.ok).length;
  return { art: artResults, artist, explicit, tracks: trackChecks, failures };
}

/** The same song, or a song with the same WAV, already on another release that went to the stores. */
async function duplicateCheck(release: Release, song: Song, check: SongAudioCheck | null, database: Db | Tx): Promise<CheckResult> {
  const sameAudio = check
    ? database.select({ songId: songAudioChecks.songId }).from(songAudioChecks).where(eq(songAudioChecks.wavSha256, check.wavSha256))
    : null;
  const [other] = await database
    .select({ title: releases.title, artistName: releases.artistName, status: releases.status })
    .from(releaseSongs)
    .innerJoin(releases, eq(releases.id, releaseSongs.releaseId))
    .where(
      and(
        ne(releases.id, release.id),
        inArray(releases.status, RELEASED),
        sameAudio ? sql`(${releaseSongs.songId} = ${song.id} or ${releaseSongs.songId} in ${sameAudio})` : eq(releaseSongs.songId, song.id),
      ),
    )
    .limit(1);
  return other
    ? { label: "Duplicate audio", ok: false, detail: `Already released on “${other.title}” by ${other.artistName}.` }
    : { label: "Duplicate audio", ok: true, detail: "Not on any other release." };
}
