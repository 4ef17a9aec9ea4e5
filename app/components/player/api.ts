// The JSON calls the player makes (spec 1 §7 Songs), through the /api resource routes.
// A type-only import: erased from the browser bundle, so no server code reaches it.
import type { SongSummary } from "~/models/song.server";
import { CREATE_ERROR_MESSAGES, type QueueSong, type TrackedStatus } from "./queue";
import { apiFetch } from "~/utils/api-client";

/** What the player shows and plays of a song (a subset of the API's SongSummary). */
export interface PlayerSong extends QueueSong {
  style: string;
  filter: string;
  tempo: number | null;
  key: string | null;
}

/** The fields of the API's SongSummary (app/models/song.server.ts) that the player reads. */
export type SongSummaryJson = Pick<
  SongSummary,
  "id" | "status" | "songName" | "artistName" | "style" | "filter" | "tempo" | "key" | "durationSeconds" | "audioUrl" | "compositionId" | "productionId"
>;

export function toPlayerSong(song: SongSummaryJson): PlayerSong | null {
  if (song.status !== "complete" || !song.audioUrl) return null;
  return playerSong(song, song.audioUrl);
}

/** What the player plays of a song whose audio exists (the edit pages' songs carry no status). */
export function playerSong(song: Omit<SongSummaryJson, "status" | "audioUrl">, audioUrl: string): PlayerSong {
  return {
    id: song.id,
    songName: song.songName,
    artistName: song.artistName ?? "",
    audioUrl,
    durationSeconds: song.durationSeconds ?? 0,
    style: song.style,
    filter: song.filter,
    tempo: song.tempo,
    key: song.key,
    compositionId: song.compositionId ?? null,
    productionId: song.productionId ?? null,
  };
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

async function call<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, { ...init, headers: { Accept: "application/json", ...init.headers }, credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, message: CREATE_ERROR_MESSAGES.generic };
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: body as T };
  const message = (body as { error?: { message?: string } } | null)?.error?.message ?? CREATE_ERROR_MESSAGES.generic;
  return { ok: false, status: response.status, message };
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

export function createSongsRequest(body: Record<string, unknown>) {
  return call<{ songs: SongSummaryJson[] }>("/api/song", json(body));
}

export function trackSongsRequest(songIds: string[]) {
  return call<{ songs: { id: string; status: TrackedStatus; previewUrl?: string | null }[] }>("/api/track_songs", json({ songIds }));
}

export function fetchSongRequest(songId: string) {
  return call<{ song: SongSummaryJson }>(`/api/song/${encodeURIComponent(songId)}`, { method: "GET" });
}

export function rejectSongRequest(songId: string) {
  return call<unknown>(`/api/song/${encodeURIComponent(songId)}/reject`, json({}));
}

/** A library page's search, for loading its next page into the player. */
export interface ListSource {
  query: string;
  tag: string;
  perPage: number;
}

/** One page of the user's saved songs as the player queues them (songs without audio are left out). */
export async function listPageRequest(source: ListSource, page: number): Promise<ApiResult<{ songs: PlayerSong[]; more: boolean }>> {
  const search = new URLSearchParams({ query: source.query, tag: source.tag, page: String(page), perPage: String(source.perPage) });
  const result = await call<{ songs: (Omit<SongSummaryJson, "status" | "audioUrl"> & { audioUrl: string | null; unnamed: boolean })[]; total: number }>(
    `/api/search/songs?${search}`,
    { method: "GET" },
  );
  if (!result.ok) return result;
  const songs = result.data.songs.flatMap((song) =>
    song.audioUrl ? [{ ...playerSong(song, song.audioUrl), songName: song.unnamed ? `${song.filter} song` : song.songName }] : [],
  );
  return { ok: true, data: { songs, more: page * source.perPage < result.data.total } };
}
