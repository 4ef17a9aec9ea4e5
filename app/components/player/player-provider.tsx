// The persistent player's state and behaviour (spec 1 §3 Player, §4 Tracked songs and Play next). Mounted
// once in the root layout, outside the routes, so a song keeps playing across navigations. The queue
// rules live in queue.ts (pure, unit-tested); this file performs what they ask for: tracking requests,
// fetching completed songs, creating more, and driving the audio deck.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  createSongsRequest,
  fetchSongRequest,
  listPageRequest,
  type ListSource,
  rejectSongRequest,
  toPlayerSong,
  trackSongsRequest,
  type PlayerSong,
} from "./api";
import { AudioDeck } from "./audio-deck";
import {
  adoptPending,
  applyTracking,
  createFailed,
  createRequest,
  createStarted,
  createSucceeded,
  CREATE_ERROR_MESSAGES,
  emptyQueue,
  moreLoaded,
  moreLoading,
  needsMore,
  needsRefill,
  playNext,
  playPreview,
  playSong,
  previewToPlay,
  rejectCurrent,
  requestVariation,
  renameSong,
  handOverAudio,
  shouldRetryTracking,
  songFetched,
  startList,
  timedOut,
  TRACK_POLL_MS,
  type CreationStatus,
  type QueueState,
} from "./queue";
import {
  crossfadeSeconds,
  DEFAULT_SETTINGS,
  outputGain,
  parseSettings,
  setBlend,
  setVolume,
  SETTINGS_STORAGE_KEY,
  toggleMute,
  type PlayerSettings,
} from "./settings";

/** Where the songs come from: a create session generates more with the same style, filter and options. */
export interface CreateContext {
  kind: "create";
  label: string;
  style: string;
  filter: string;
  /** The creation parameters of the session, sent again with every refill. */
  params: Record<string, string | number>;
}

export interface PlayerState {
  queue: QueueState<PlayerSong>;
  context: CreateContext | null;
  playing: boolean;
  /** Seconds. */
  elapsed: number;
  duration: number;
  settings: PlayerSettings;
  error: string | null;
}

export interface PlayerActions {
  /** Starts (or continues) a create session with songs the create page made. */
  adoptCreateSession(context: CreateContext, songs: { id: string; status: CreationStatus; song: PlayerSong | null }[]): void;
  play(song: PlayerSong): void;
  /** The song was renamed: the bar shows its new name. */
  renamed(songId: string, songName: string, artistName: string): void;
  /**
   * An edit's first seconds (`fromUrl`) give way to the whole new version: if the player is playing that
   * file, it switches to `song` where the listener is (the old version is never interrupted).
   */
  handOver(fromUrl: string, song: PlayerSong): void;
  /**
   * Plays songs[index] of a list page; the rest of the page follows, and when 4 songs remain the next page
   * (`nextPage`, null when there is none) of `source` is loaded (spec 1 §4, §9 lazy load).
   */
  playList(songs: PlayerSong[], index: number, source: ListSource, nextPage: number | null): void;
  togglePlay(): void;
  next(): void;
  reject(): void;
  vary(kind: "rewrite" | "reproduce" | "render", notes?: string): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setBlend(blend: number): void;
  toggleMute(): void;
}

const PlayerStateContext = createContext<PlayerState | null>(null);
const PlayerActionsContext = createContext<PlayerActions | null>(null);

export function usePlayerState(): PlayerState {
  const state = useContext(PlayerStateContext);
  if (!state) throw new Error("usePlayerState needs <PlayerProvider>");
  return state;
}

export function usePlayerActions(): PlayerActions {
  const actions = useContext(PlayerActionsContext);
  if (!actions) throw new Error("usePlayerActions needs <PlayerProvider>");
  return actions;
}

const ELAPSED_TICK_MS = 250;

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueueState<PlayerSong>>(emptyQueue);
  const [context, setContext] = useState<CreateContext | null>(null);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [duration, setDuration] = useState(0);
  const [settings, setSettings] = useState<PlayerSettings>(DEFAULT_SETTINGS);
  const [error, setError] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);
  /** The last song ended with nothing to follow it; the next one to arrive plays at once. */
  const [waiting, setWaiting] = useState(false);

  // Async work (responses, audio events) reads and moves the latest state through these refs, so two
  // answers arriving together never overwrite each other.
  const queueRef = useRef(queue);
  const contextRef = useRef(context);
  const settingsRef = useRef(settings);
  contextRef.current = context;
  settingsRef.current = settings;
  const transition = useCallback((move: (state: QueueState<PlayerSong>) => QueueState<PlayerSong>) => {
    const next = move(queueRef.current);
    queueRef.current = next;
    setQueue(next);
    return next;
  }, []);

  const deckRef = useRef<AudioDeck | null>(null);
  /** The song the current song's blend already handed over to, so `end` does not advance twice. */
  const handedOverFrom = useRef<string | null>(null);
  const advanceRef = useRef<(fadeSeconds: number) => void>(() => {});

  const deck = useCallback(() => {
    deckRef.current ??= new AudioDeck({
      onPlaying: setPlaying,
      onEnd: () => {
        // An edit's first seconds ran out before the whole version was ready: it takes over where they end
        // (handOver), so the listener waits for it rather than being moved on to another song.
        if (queueRef.current.current?.preview && !contextRef.current) return setWaiting(true);
        if (handedOverFrom.current !== deckRef.current?.currentId) advanceRef.current(0);
      },
      onError: setError,
    });
    return deckRef.current;
  }, []);

  const startAudio = useCallback(
    (song: PlayerSong | null, fadeSeconds: number) => {
      setElapsed(0);
      setDuration(song?.durationSeconds ?? 0);
      setError(null);
      if (!song) {
        deckRef.current?.stop();
        return;
      }
      void deck().start(song.id, song.audioUrl, { gain: outputGain(settingsRef.current), fadeSeconds });
    },
    [deck],
  );

  const create = useCallback(async () => {
    const session = contextRef.current;
    if (!session) return;
    const body = createRequest(transition(createStarted), { ...session.params, style: session.style, filter: session.filter });
    const result = await createSongsRequest(body);
    if (result.ok) {
      transition((state) => createSucceeded(state, result.data.songs.map((song) => song.id), Date.now()));
    } else {
      // 400 (no style or filter) and 429 (the plan's limit) carry the server's message; anything else is generic.
      const message = result.status === 400 || result.status === 429 ? result.message : CREATE_ERROR_MESSAGES.generic;
      transition((state) => createFailed(state, message));
    }
  }, [transition]);

  /** Play next, then the refill rule (spec 1 §4 Play next). */
  const advance = useCallback(
    (fadeSeconds: number) => {
      const before = queueRef.current;
      const after = transition(playNext);
      const moved = after.current !== before.current;
      if (moved) startAudio(after.current, fadeSeconds);
      setWaiting(!moved);
      if (contextRef.current && needsRefill(after)) void create();
    },
    [create, startAudio, transition],
  );
  advanceRef.current = advance;

  // Tracking: every 2.5 s while songs are pending; complete ones are fetched and join the unplayed list.
  const pendingKey = queue.pending.map((song) => song.id).join(",");
  useEffect(() => {
    if (!pendingKey) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const ids = queueRef.current.pending.map((song) => song.id);
      const answer = await trackSongsRequest(ids);
      if (cancelled) return;
      if (!answer.ok) {
        if (shouldRetryTracking(answer.status)) setPollRound((round) => round + 1);
        else transition((state) => ({ ...state, pending: [], createError: CREATE_ERROR_MESSAGES.generic }));
        return;
      }
      const statuses = [...answer.data.songs, ...timedOut(queueRef.current, Date.now())];
      let completed: string[] = [];
      transition((state) => {
        const outcome = applyTracking(state, statuses);
        completed = outcome.completed;
        return outcome.state;
      });
      await Promise.all(
        completed.map(async (id) => {
          const fetched = await fetchSongRequest(id);
          const song = fetched.ok ? toPlayerSong(fetched.data.song) : null;
          if (!song) return;
          const playingPreview = queueRef.current.current?.id === id && queueRef.current.current.preview === true;
          transition((state) => songFetched(state, song));
          // The whole song takes over from its preview where the listener is.
          if (playingPreview) {
            setDuration(song.durationSeconds);
            void deck().swap(song.id, song.audioUrl);
          }
        }),
      );
      // Progressive playback: nothing to play yet, but a song's first seconds are ready.
      const preview = contextRef.current ? previewToPlay(queueRef.current) : null;
      if (preview?.previewUrl) {
        const session = contextRef.current!;
        const song: PlayerSong = {
          id: preview.id,
          songName: "New Song",
          artistName: "",
          audioUrl: preview.previewUrl,
          durationSeconds: 0,
          style: session.style,
          filter: session.filter,
          tempo: null,
          key: null,
          compositionId: null,
          productionId: null,
        };
        const after = transition((state) => playPreview(state, song));
        if (after.current?.id === song.id) {
          setWaiting(false);
          startAudio(after.current, 0);
        }
      }
      if (!cancelled) setPollRound((round) => round + 1);
    }, TRACK_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pendingKey, pollRound, transition, deck, startAudio]);

  // Lazy load (spec 1 §9): a list's next page is fetched when the player is 4 songs from its end.
  const listRef = useRef<ListSource | null>(null);
  const wantsMore = listRef.current !== null && needsMore(queue);
  useEffect(() => {
    const source = listRef.current;
    const cursor = queueRef.current.moreCursor;
    if (!wantsMore || !source || cursor === null) return;
    transition(moreLoading);
    const page = Number(cursor);
    void listPageRequest(source, page).then((result) => {
      // Another list (or a create session) took over meanwhile: this page is not its.
      if (listRef.current !== source) return;
      if (result.ok) transition((state) => moreLoaded(state, result.data.songs, result.data.more ? String(page + 1) : null));
      else transition((state) => ({ ...state, loadingMore: false, moreCursor: null }));
    });
  }, [wantsMore, transition]);

  // A create session plays its first song as soon as one is ready, and the next whenever the player is idle.
  const idle = (queue.current === null || waiting) && queue.unplayed.length > 0 && context !== null;
  useEffect(() => {
    if (idle) advance(0);
  }, [idle, advance]);

  // Elapsed time, and the blend: the next song starts under the end of the current one.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const audio = deckRef.current;
      if (!audio) return;
      const position = audio.position();
      const length = audio.duration() || queueRef.current.current?.durationSeconds || 0;
      setElapsed(position);
      setDuration(length);
      const fade = crossfadeSeconds(settingsRef.current, length);
      const currentId = audio.currentId;
      if (fade > 0 && length > 0 && length - position <= fade && queueRef.current.unplayed.length > 0 && handedOverFrom.current !== currentId) {
        handedOverFrom.current = currentId;
        advance(fade);
      }
    }, ELAPSED_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, advance]);

  // Settings: read once after hydration (the server has no localStorage), written on every change.
  const settingsLoaded = useRef(false);
  useEffect(() => {
    setSettings(parseSettings(window.localStorage.getItem(SETTINGS_STORAGE_KEY)));
    settingsLoaded.current = true;
  }, []);
  useEffect(() => {
    deckRef.current?.setGain(outputGain(settings));
    if (settingsLoaded.current) window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  }, [settings]);

  useEffect(() => () => deckRef.current?.stop(), []);

  const actions = useMemo<PlayerActions>(
    () => ({
      adoptCreateSession(nextContext, songs) {
        listRef.current = null;
        const current = contextRef.current;
        if (!current || current.style !== nextContext.style || current.filter !== nextContext.filter || JSON.stringify(current.params) !== JSON.stringify(nextContext.params)) {
          setContext(nextContext);
          contextRef.current = nextContext;
        }
        const now = Date.now();
        transition((state) => {
          let next = adoptPending({ ...state, createError: null }, songs, now);
          for (const { song } of songs) if (song) next = songFetched(next, song);
          return next;
        });
      },
      play(song) {
        handedOverFrom.current = null;
        setWaiting(false);
        transition((state) => playSong(state, song));
        startAudio(song, 0);
      },
      renamed(songId, songName, artistName) {
        transition((state) => renameSong(state, songId, songName, artistName));
      },
      handOver(fromUrl, song) {
        const before = queueRef.current;
        const after = transition((state) => handOverAudio(state, fromUrl, song));
        if (after === before) return;
        setWaiting(false);
        setDuration(song.durationSeconds);
        void deck().swap(song.id, song.audioUrl);
      },
      playList(songs, index, source, nextPage) {
        handedOverFrom.current = null;
        setWaiting(false);
        // The list is the context now: no create session refills it.
        setContext(null);
        contextRef.current = null;
        listRef.current = source;
        const after = transition((state) => startList(state, songs, index, nextPage === null ? null : String(nextPage)));
        startAudio(after.current, 0);
      },
      togglePlay() {
        if (deckRef.current?.currentId) deckRef.current.toggle();
        else if (queueRef.current.current) startAudio(queueRef.current.current, 0);
      },
      next() {
        handedOverFrom.current = null;
        advance(0);
      },
      reject() {
        const rejected = queueRef.current.current;
        if (!rejected) return;
        void rejectSongRequest(rejected.id);
        handedOverFrom.current = null;
        const after = transition(rejectCurrent);
        startAudio(after.current, 0);
        if (contextRef.current && needsRefill(after)) void create();
      },
      vary(kind, notes) {
        const next = transition((state) => requestVariation(state, kind, notes));
        if (next.reuse.re_p !== null || next.reuse.re_c !== null) void create();
      },
      seek(seconds) {
        deckRef.current?.seek(seconds);
        setElapsed(seconds);
      },
      setVolume: (volume) => setSettings((current) => setVolume(current, volume)),
      setBlend: (blend) => setSettings((current) => setBlend(current, blend)),
      toggleMute: () => setSettings(toggleMute),
    }),
    [advance, create, startAudio, transition],
  );

  const state = useMemo<PlayerState>(
    () => ({ queue, context, playing, elapsed, duration, settings, error }),
    [queue, context, playing, elapsed, duration, settings, error],
  );

  return (
    <PlayerActionsContext.Provider value={actions}>
      <PlayerStateContext.Provider value={state}>{children}</PlayerStateContext.Provider>
    </PlayerActionsContext.Provider>
  );
}
