// The JSON shapes of the release API (spec 2 §7), as zod schemas: the api wrapper checks every answer
// against them (and strips anything they do not list) and the OpenAPI document is built from them.
import { z } from "zod";
import { IdSchema } from "~/utils/input-schemas";

export const CoverArtSchema = z.object({
  id: z.string(),
  thumbnailUrl: z.string().describe("300×300 JPEG"),
  pageUrl: z.string().describe("1400×1400 JPEG"),
  fullUrl: z.string().describe("The full-size file stores receive (≥ 3000×3000)"),
  width: z.number().int(),
  height: z.number().int(),
  source: z.enum(["upload", "generated"]),
});

export const ReleaseTrackSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  songName: z.string(),
  unnamed: z.boolean(),
  artistName: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  audioUrl: z.string().nullable(),
  locked: z.boolean(),
  isrc: z.string().nullable(),
});

export const ReleaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  albumTitle: z.string().describe("The same as title (the spec's name)"),
  artistName: z.string(),
  genre: z.string(),
  genreName: z.string(),
  language: z.string().nullable().describe("ISO 639-1; null is None (no lyrics)"),
  languageName: z.string(),
  explicit: z.number().int().nullable().describe("0 clean, 1 explicit, null No Lyrics"),
  coverArt: CoverArtSchema.nullable(),
  coverArtUrl: z.string().nullable(),
  coverArtCreditName: z.string().nullable(),
  coverArtCreditUrl: z.string().nullable(),
  status: z.number().int().nullable().describe("null Draft, 0 Submitted, 1 Live, 2 Rejected, 3 Awaiting Corrections, 4 Approved, 5 Hold, 6 Removed, 7 Pending Removal"),
  releaseStatus: z.string().describe("The status's label"),
  label: z.string().nullable(),
  releaseDate: z.string().nullable(),
  issues: z.record(z.string(), z.string()).nullable(),
  archived: z.boolean(),
  createdOn: z.string(),
  submittedAt: z.string().nullable(),
  songIds: z.array(z.string()),
  songs: z.array(ReleaseTrackSchema),
});

/** A ReleaseView as the API shows it (the spec's aliases added). */
export function releaseJson<V extends { title: string; statusLabel: string; coverArt: { pageUrl: string } | null }>(view: V) {
  return { ...view, albumTitle: view.title, releaseStatus: view.statusLabel, coverArtUrl: view.coverArt?.pageUrl ?? null };
}

export const ReleaseBodySchema = z.object({
  title: z.string().describe("Required, at most 100 characters"),
  artistName: z.string().describe("Required; not a restricted or generic name"),
  genre: z.string().optional().describe("An id from GET /api/provider_genres; default alt"),
  language: z.string().nullable().optional().describe("An ISO 639-1 code from GET /api/provider_languages; None or null for none"),
  explicit: z.union([z.literal(0), z.literal(1), z.null(), z.enum(["no_lyrics", "explicit", "clean"])]).optional(),
  coverArtCreditName: z.string().nullable().optional(),
  coverArtCreditUrl: z.string().nullable().optional(),
  coverArtId: IdSchema.nullable().optional().describe("A cover from POST /api/cover_art or generated art"),
});

export const SongIdsBodySchema = z.object({ songIds: z.array(IdSchema).describe("Song ids in track order") });

/** PATCH/PUT /api/release/{id}/songs: the tracks in order, as ids or as {id} objects. */
export const SongsBodySchema = z.object({
  songs: z.array(z.union([IdSchema, z.object({ id: IdSchema })])).transform((songs) => songs.map((song) => (typeof song === "string" ? song : song.id))),
});

export const IdParams = z.object({ id: IdSchema });

export const ReleaseLimitsSchema = z.object({
  releaseLimit: z.number().int().nullable(),
  songsPerRelease: z.number().int(),
  monetizedReleases: z.number().int(),
  remainingReleases: z.number().int().nullable(),
  monthlyReleaseLimit: z.number().int().nullable(),
  monthlyReleaseLimitReached: z.boolean(),
  monthlyReleaseLimitRefreshDate: z.string(),
  canSubmitNewRelease: z.boolean(),
});

export const StatsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  streams: z.number().int(),
  days: z.array(z.object({ date: z.string(), streams: z.number().int() })),
});

export const GeneratedArtSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  prompt: z.string(),
  status: z.enum(["queue", "complete", "failed"]),
  error: z.string().nullable(),
  releaseId: z.string().nullable(),
  coverArt: CoverArtSchema.nullable(),
  createdAt: z.string(),
});
