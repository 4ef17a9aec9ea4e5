// The player's queue as pure functions over plain data (spec 1 §4 "Tracked songs" and "Play next"), so the
// rules are unit-tested without a browser, a clock or audio. The React side (player-provider.tsx) keeps a
// QueueState, calls these to move it, and performs the requests they ask for.

/** Spec 1 §9. */
export const SONGS_PER_BATCH = 3;
export const REFILL_THRESHOLD = 2;
export const TRACK_POLL_MS = 2_500;
export const LAZY_LOAD_FROM_END = 4;
export const CREATE_API_VERSION = 3;
/**
 * A song still pending after this long is given up on (it "times out" and leaves pending). Songs render in
 * seconds; this only trips when the job queue is stuck or the worker is down.
 */
export const TRACK_TIMEOUT_MS = 5 * 60_000;

/** The creation status, in its only direction of travel (spec 1 §4 "Creation status"). */
export const CREATION_STATUSES = ["queue", "composing_instrumental", "recording_instrumental", "complete"] as const;
export type CreationStatus = (typeof CREATION_STATUSES)[number];
/** What tracking can report: a creation status, or that the song will never complete. */
export type TrackedStatus = CreationStatus | "failed" | "timeout";

export const CREATE_ERROR_MESSAGES = {
  timeout: "Your songs are taking too long to make. Please try creating again.",
  generic: "We could not create your songs. Please try again.",
} as const;

/** The least a queued song needs for playing and for the player's display. */
export interface QueueSong {
  id: string;
  songName: string;
  artistName: string;
  audioUrl: string;
  durationSeconds: number;
  /** The song's parts, by engine id, for rewrite (production) and reproduce (composition). */
  compositionId: string | null;
  productionId: string | null;
  /** Playing the preview of a song still rendering; replaced by the whole song when it completes. */
  preview?: boolean;
}

export interface PendingSong {
  id: string;
  status: CreationStatus;
  /** The preview of its first seconds, once the server made it (progressive playback). */
  previewUrl?: string;
  /** When tracking started (ms, the caller's clock), for the tracking timeout. */
  since: number;
}

/** Ids to reuse in the next create (spec 1 §4): re_p keeps a song's production, re_c its composition. */
export interface ReuseIds {
  re_p: string | null;
  re_c: string | null;
  notes: string | null;
}

export const NO_REUSE: ReuseIds = { re_p: null, re_c: null, notes: null };

export interface QueueState<S extends QueueSong = QueueSong> {
  current: S | null;
  played: S[];
  unplayed: S[];
  pending: PendingSong[];
  /** Create requests in flight; no refill starts while one is. */
  fetching: number;
  createError: string | null;
  reuse: ReuseIds;
  /** A paged context (e.g. a list of songs) with more to load; null when the context has no more. */
  moreCursor: string | null;
  loadingMore: boolean;
}

export function emptyQueue<S extends QueueSong>(): QueueState<S> {
  return { current: null, played: [], unplayed: [], pending: [], fetching: 0, createError: null, reuse: NO_REUSE, moreCursor: null, loadingMore: false };
}

export function statusRank(status: CreationStatus): number {
  return CREATION_STATUSES.indexOf(status);
}

/** Play next: the first unplayed song becomes current; the previous one joins the played list. */
export function playNext<S extends QueueSong>(state: QueueState<S>): QueueState<S> {
  const [next, ...rest] = state.unplayed;
  if (!next) return state;
  return { ...state, current: next, unplayed: rest, played: state.current ? [...state.played, state.current] : state.played };
}

/** Plays a given queued song now (a click on a song in a list); songs before it stay unplayed. */
export function playSong<S extends QueueSong>(state: QueueState<S>, song: S): QueueState<S> {
  // The same song from another file (an edit's new version, or its first seconds) replaces it.
  if (state.current?.id === song.id) return state.current.audioUrl === song.audioUrl ? state : { ...state, current: song };
  const unplayed = state.unplayed.filter((queued) => queued.id !== song.id);
  return { ...state, current: song, unplayed, played: state.current ? [...state.played, state.current] : state.played };
}

/**
 * Plays one song of a paged list (a library page): the songs after it follow in order, and `cursor` names
 * the list's next page for lazy loading (null when it has none). A create session's pending songs and
 * reuse ids do not carry over: the list is the context now.
 */
export function startList<S extends QueueSong>(state: QueueState<S>, songs: S[], index: number, cursor: string | null): QueueState<S> {
  const current = songs[index];
  if (!current) return state;
  return {
    ...state,
    current,
    played: state.current && state.current.id !== current.id ? [...state.played, state.current] : state.played,
    unplayed: songs.slice(index + 1),
    pending: [],
    createError: null,
    reuse: NO_REUSE,
    moreCursor: cursor,
    loadingMore: false,
  };
}

/** A song renamed elsewhere (its info page) shows its new name wherever the queue holds it. */
export function renameSong<S extends QueueSong>(state: QueueState<S>, songId: string, songName: string, artistName: string): QueueState<S> {
  const rename = (song: S): S => (song.id === songId && (song.songName !== songName || song.artistName !== artistName) ? { ...song, songName, artistName } : song);
  const current = state.current && rename(state.current);
  const unplayed = state.unplayed.map(rename);
  const played = state.played.map(rename);
  const changed = current !== state.current || unplayed.some((song, i) => song !== state.unplayed[i]) || played.some((song, i) => song !== state.played[i]);
  return changed ? { ...state, current, unplayed, played } : state;
}

/**
 * An edit's first seconds (playing from `fromUrl`) give way to the whole new version: the current song, if
 * it is that song playing that file, becomes `song`; anything else is left as it is.
 */
export function handOverAudio<S extends QueueSong & { audioUrl: string }>(state: QueueState<S>, fromUrl: string, song: S): QueueState<S> {
  if (state.current?.id !== song.id || state.current.audioUrl !== fromUrl || fromUrl === song.audioUrl) return state;
  return { ...state, current: song };
}

/** Rejecting drops the current song (never to come back) and plays the next unplayed one. */
export function rejectCurrent<S extends QueueSong>(state: QueueState<S>): QueueState<S> {
  const [next, ...rest] = state.unplayed;
  return { ...state, current: next ?? null, unplayed: next ? rest : state.unplayed };
}

/**
 * More generation starts when at most 2 songs are unplayed and at most 2 pending, and no create request is
 * in flight. A create error stops the refill until the user creates again, so a limit is not hammered.
 */
export function needsRefill(state: QueueState): boolean {
  return (
    state.unplayed.length <= REFILL_THRESHOLD &&
    state.pending.length <= REFILL_THRESHOLD &&
    state.fetching === 0 &&
    state.createError === null
  );
}

/** The body of the next create: 3 songs, or 1 when reusing a song's production or composition. */
export function createRequest(state: QueueState, params: Record<string, string | number>) {
  const reusing = state.reuse.re_p !== null || state.reuse.re_c !== null;
  return {
    ...params,
    api_version: CREATE_API_VERSION,
    songs: reusing ? 1 : SONGS_PER_BATCH,
    ...(state.reuse.re_p ? { re_p: state.reuse.re_p } : {}),
    ...(state.reuse.re_c ? { re_c: state.reuse.re_c } : {}),
    ...(state.reuse.notes ? { notes: state.reuse.notes } : {}),
  };
}

export function createStarted<S extends QueueSong>(state: QueueState<S>): QueueState<S> {
  return { ...state, fetching: state.fetching + 1, createError: null };
}

/** A successful create: its songs are tracked from "queue" and the reuse ids go back to none. */
export function createSucceeded<S extends QueueSong>(state: QueueState<S>, songIds: string[], now: number): QueueState<S> {
  return {
    ...state,
    fetching: Math.max(0, state.fetching - 1),
    pending: [...state.pending, ...trackable(state, songIds).map((id) => ({ id, status: "queue" as const, since: now }))],
    reuse: NO_REUSE,
  };
}

/** A failed create keeps the reuse ids (the user may retry) and shows the server's message. */
export function createFailed<S extends QueueSong>(state: QueueState<S>, message: string): QueueState<S> {
  return { ...state, fetching: Math.max(0, state.fetching - 1), createError: message };
}

/** Starts tracking songs made elsewhere (the create page's batch), skipping ones already known. */
export function adoptPending<S extends QueueSong>(
  state: QueueState<S>,
  songs: { id: string; status: CreationStatus }[],
  now: number,
): QueueState<S> {
  const fresh = new Set(trackable(state, songs.map((song) => song.id)));
  const adopted = songs.filter((song) => fresh.has(song.id) && song.status !== "complete");
  return { ...state, pending: [...state.pending, ...adopted.map((song) => ({ id: song.id, status: song.status, since: now }))] };
}

function trackable(state: QueueState, ids: string[]): string[] {
  const known = new Set([
    ...state.pending.map((song) => song.id),
    ...state.unplayed.map((song) => song.id),
    ...state.played.map((song) => song.id),
    ...(state.current ? [state.current.id] : []),
  ]);
  return ids.filter((id) => !known.has(id));
}

/**
 * Asks for 1 song that reuses the current song's production (rewrite), composition (reproduce) or both
 * plus notes (render). Nothing changes when the song's parts are not known.
 */
export function requestVariation<S extends QueueSong>(
  state: QueueState<S>,
  kind: "rewrite" | "reproduce" | "render",
  notes?: string,
): QueueState<S> {
  const current = state.current;
  if (!current) return state;
  const { productionId, compositionId } = current;
  const reuse: ReuseIds =
    kind === "rewrite"
      ? { re_p: productionId, re_c: null, notes: null }
      : kind === "reproduce"
        ? { re_p: null, re_c: compositionId, notes: null }
        : { re_p: productionId, re_c: compositionId, notes: notes?.trim() || null };
  if (reuse.re_p === null && reuse.re_c === null) return state;
  return { ...state, reuse };
}

export interface TrackOutcome<S extends QueueSong> {
  state: QueueState<S>;
  /** Songs that just completed: fetch each, then add it with songFetched(). */
  completed: string[];
}

/**
 * Applies one tracking answer. Complete songs leave pending to be fetched; failed or timed-out songs
 * leave pending, and if nothing is then pending, unplayed or current a create error is set; any other
 * status moves the song forward (never back).
 */
export function applyTracking<S extends QueueSong>(
  state: QueueState<S>,
  statuses: { id: string; status: TrackedStatus; previewUrl?: string | null }[],
): TrackOutcome<S> {
  const byId = new Map(statuses.map((entry) => [entry.id, entry.status]));
  const previews = new Map(statuses.filter((entry) => entry.previewUrl).map((entry) => [entry.id, entry.previewUrl as string]));
  const completed: string[] = [];
  let gaveUp = false;
  const pending: PendingSong[] = [];
  for (const song of state.pending) {
    const status = byId.get(song.id);
    if (status === undefined) {
      pending.push(song);
    } else if (status === "complete") {
      completed.push(song.id);
    } else if (status === "failed" || status === "timeout") {
      gaveUp = true;
    } else {
      const moved = statusRank(status) > statusRank(song.status) ? { ...song, status } : song;
      const previewUrl = previews.get(song.id);
      pending.push(previewUrl && !moved.previewUrl ? { ...moved, previewUrl } : moved);
    }
  }
  let next: QueueState<S> = { ...state, pending };
  // A song waiting to be fetched is about to become unplayed, so it still counts as something to play.
  if (gaveUp && completed.length === 0 && isEmpty(next)) next = { ...next, createError: CREATE_ERROR_MESSAGES.timeout };
  return { state: next, completed };
}

/** Songs pending longer than TRACK_TIMEOUT_MS, reported as timed out. */
export function timedOut(state: QueueState, now: number): { id: string; status: "timeout" }[] {
  return state.pending.filter((song) => now - song.since >= TRACK_TIMEOUT_MS).map((song) => ({ id: song.id, status: "timeout" as const }));
}

/**
 * A completed song, fetched, joins the end of the unplayed list; if its preview is playing, the whole song
 * takes the preview's place as the current song (the deck then switches at the same position).
 */
export function songFetched<S extends QueueSong>(state: QueueState<S>, song: S): QueueState<S> {
  if (state.current?.id === song.id) return state.current.preview ? { ...state, current: song } : state;
  if (state.unplayed.some((queued) => queued.id === song.id)) return state;
  return { ...state, unplayed: [...state.unplayed, song] };
}

/**
 * Progressive playback: with nothing playing and nothing ready, the first pending song whose preview
 * exists is what to play now; null otherwise.
 */
export function previewToPlay(state: QueueState): PendingSong | null {
  if (state.current !== null || state.unplayed.length > 0) return null;
  return state.pending.find((song) => song.previewUrl) ?? null;
}

/** Starts a song's preview as the current song. */
export function playPreview<S extends QueueSong>(state: QueueState<S>, song: S): QueueState<S> {
  if (state.current !== null) return state;
  return { ...state, current: { ...song, preview: true } };
}

function isEmpty(state: QueueState): boolean {
  return state.pending.length === 0 && state.unplayed.length === 0 && state.current === null;
}

/** Polling retries after 2.5 s unless the server said the request itself was wrong (400). */
export function shouldRetryTracking(httpStatus: number): boolean {
  return httpStatus !== 400;
}

/**
 * Lazy loading of a paged context: the next page is requested when the player is 4 songs from the end of
 * what it has loaded, once at a time, while the context has more.
 */
export function needsMore(state: QueueState): boolean {
  return state.moreCursor !== null && !state.loadingMore && state.current !== null && state.unplayed.length <= LAZY_LOAD_FROM_END;
}

export function moreLoading<S extends QueueSong>(state: QueueState<S>): QueueState<S> {
  return { ...state, loadingMore: true };
}

export function moreLoaded<S extends QueueSong>(state: QueueState<S>, songs: S[], cursor: string | null): QueueState<S> {
  const fresh = new Set(trackable(state, songs.map((song) => song.id)));
  return { ...state, unplayed: [...state.unplayed, ...songs.filter((song) => fresh.has(song.id))], moreCursor: cursor, loadingMore: false };
}
