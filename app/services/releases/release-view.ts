// What pages and the API show of a release (spec 2 §3 Album/release): never the whole row.
import { asc, eq, inArray } from "drizzle-orm";
import { coverArt, releaseSongs, type CoverArt, type Release } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { findGenre } from "~/content/release-genres";
import { findLanguage } from "~/content/release-languages";
import { songAudioUrl, UNNAMED_SONG } from "~/models/song.server";
import { db, type Db, type Tx } from "~/server/db.server";
import { releaseStatusLabel } from "./status";

export type CoverSize = "thumbnail" | "page" | "full";

/** The media route of one size of a cover (app/routes/media.cover-art.$coverArtId.$size.ts). */
export function coverArtUrl(coverArtId: string, size: CoverSize): string {
  return `/media/cover-art/${coverArtId}/${size}`;
}

export interface CoverArtView {
  id: string;
  thumbnailUrl: string;
  pageUrl: string;
  fullUrl: string;
  width: number;
  height: number;
  source: "upload" | "generated";
}

export function coverArtView(art: Pick<CoverArt, "id" | "width" | "height" | "source">): CoverArtView {
  return {
    id: art.id,
    thumbnailUrl: coverArtUrl(art.id, "thumbnail"),
    pageUrl: coverArtUrl(art.id, "page"),
    fullUrl: coverArtUrl(art.id, "full"),
    width: art.width,
    height: art.height,
    source: art.source,
  };
}

export interface ReleaseTrackView {
  id: string;
  position: number;
  songName: string;
  unnamed: boolean;
  artistName: string | null;
  durationSeconds: number | null;
  audioUrl: string | null;
  peaks: number[] | null;
  locked: boolean;
  saved: boolean;
  complete: boolean;
  isrc: string | null;
}

export interface ReleaseView {
  id: string;
  title: string;
  artistName: string;
  genre: string;
  genreName: string;
  language: string | null;
  languageName: string;
  explicit: number | null;
  coverArt: CoverArtView | null;
  coverArtCreditName: string | null;
  coverArtCreditUrl: string | null;
  status: number | null;
  statusLabel: string;
  label: string | null;
  releaseDate: string | null;
  issues: Record<string, string> | null;
  archived: boolean;
  createdOn: string;
  submittedAt: string | null;
  songIds: string[];
  songs: ReleaseTrackView[];
}

export async function releaseTracks(releaseIds: string[], database: Db | Tx = db): Promise<Map<string, ReleaseTrackView[]>> {
  const byRelease = new Map<string, ReleaseTrackView[]>(releaseIds.map((id) => [id, []]));
  if (releaseIds.length === 0) return byRelease;
  const rows = await database
    .select({ releaseId: releaseSongs.releaseId, position: releaseSongs.position, isrc: releaseSongs.isrc, song: songs })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .where(inArray(releaseSongs.releaseId, releaseIds))
    .orderBy(asc(releaseSongs.releaseId), asc(releaseSongs.position));
  for (const { releaseId, position, isrc, song } of rows) {
    const complete = song.status === "complete" && song.media !== null;
    byRelease.get(releaseId)?.push({
      id: song.id,
      position,
      songName: song.songName,
      unnamed: song.songName === UNNAMED_SONG,
      artistName: song.artistName,
      durationSeconds: song.durationSeconds,
      audioUrl: complete ? songAudioUrl(song) : null,
      peaks: complete ? song.wavePreview : null,
      locked: song.locked,
      saved: song.saved,
      complete: song.status === "complete",
      isrc,
    });
  }
  return byRelease;
}

export async function coverArtById(ids: (string | null)[], database: Db | Tx = db): Promise<Map<string, CoverArt>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await database.select().from(coverArt).where(inArray(coverArt.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export function toReleaseView(release: Release, tracks: ReleaseTrackView[], art: CoverArt | undefined): ReleaseView {
  return {
    id: release.id,
    title: release.title,
    artistName: release.artistName,
    genre: release.genre,
    genreName: findGenre(release.genre)?.name ?? release.genre,
    language: release.language,
    languageName: release.language ? (findLanguage(release.language)?.name ?? release.language) : "None",
    explicit: release.explicit,
    coverArt: art ? coverArtView(art) : null,
    coverArtCreditName: release.coverArtCreditName,
    coverArtCreditUrl: release.coverArtCreditUrl,
    status: release.status,
    statusLabel: releaseStatusLabel(release.status),
    label: release.label,
    releaseDate: release.releaseDate,
    issues: release.issues,
    archived: release.archivedAt !== null,
    createdOn: release.createdAt.toISOString(),
    submittedAt: release.submittedAt?.toISOString() ?? null,
    songIds: tracks.map((track) => track.id),
    songs: tracks,
  };
}

export async function releaseViews(list: Release[], database: Db | Tx = db): Promise<ReleaseView[]> {
  const tracks = await releaseTracks(list.map((release) => release.id), database);
  const art = await coverArtById(list.map((release) => release.coverArtId), database);
  return list.map((release) => toReleaseView(release, tracks.get(release.id) ?? [], release.coverArtId ? art.get(release.coverArtId) : undefined));
}

export async function releaseView(release: Release, database: Db | Tx = db): Promise<ReleaseView> {
  const [view] = await releaseViews([release], database);
  return view;
}
