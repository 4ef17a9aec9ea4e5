// The player's queue rules (spec 1 §4 Tracked songs, Play next; §9 constants), on plain data.
import {
  adoptPending,
  applyTracking,
  createFailed,
  createRequest,
  createStarted,
  createSucceeded,
  CREATE_ERROR_MESSAGES,
  emptyQueue,
  handOverAudio,
  LAZY_LOAD_FROM_END,
  moreLoaded,
  needsMore,
  needsRefill,
  playNext,
  playPreview,
  previewToPlay,
  rejectCurrent,
  renameSong,
  requestVariation,
  shouldRetryTracking,
  songFetched,
  SONGS_PER_BATCH,
  startList,
  timedOut,
  TRACK_TIMEOUT_MS,
  type QueueSong,
  type QueueState,
} from "~/components/player/queue";

const song = (id: string): QueueSong => ({
  id,
  songName: `Song ${id}`,
  artistName: "",
  audioUrl: `/media/songs/${id}/song.mp3`,
  durationSeconds: 180,
  compositionId: `c-${id}`,
  productionId: `p-${id}`,
});

function queueWith(parts: { unplayed?: number; pending?: number; fetching?: number; current?: boolean }): QueueState {
  return {
    ...emptyQueue(),
    current: parts.current ? song("now") : null,
    unplayed: Array.from({ length: parts.unplayed ?? 0 }, (_, index) => song(`u${index}`)),
    pending: Array.from({ length: parts.pending ?? 0 }, (_, index) => ({ id: `p${index}`, status: "queue" as const, since: 0 })),
    fetching: parts.fetching ?? 0,
  };
}

describe("play next", () => {
  it("plays the first unplayed song and moves the current one to played", () => {
    const next = playNext(queueWith({ unplayed: 2, current: true }));
    expect(next.current?.id).toBe("u0");
    expect(next.unplayed.map((queued) => queued.id)).toEqual(["u1"]);
    expect(next.played.map((queued) => queued.id)).toEqual(["now"]);
  });

  it("keeps the current song when nothing is unplayed", () => {
    const state = queueWith({ current: true });
    expect(playNext(state)).toBe(state);
  });

  it("reject drops the current song for good and plays the next one", () => {
    const next = rejectCurrent(queueWith({ unplayed: 1, current: true }));
    expect(next.current?.id).toBe("u0");
    expect(next.played).toEqual([]);
  });
});

describe("refill: 3 more when at most 2 unplayed, at most 2 pending and none being fetched", () => {
  it.each([
    [{ unplayed: 2, pending: 2 }, true],
    [{ unplayed: 0, pending: 0 }, true],
    [{ unplayed: 3, pending: 0 }, false],
    [{ unplayed: 0, pending: 3 }, false],
    [{ unplayed: 1, pending: 1, fetching: 1 }, false],
  ])("%o → %s", (parts, expected) => {
    expect(needsRefill(queueWith(parts))).toBe(expected);
  });

  it("asks for a batch of 3 with api_version 3 and the session's parameters", () => {
    expect(SONGS_PER_BATCH).toBe(3);
    expect(createRequest(emptyQueue(), { style: "wd_lofi", filter: "morning_sun", tempo: 90 })).toEqual({
      style: "wd_lofi",
      filter: "morning_sun",
      tempo: 90,
      api_version: 3,
      songs: 3,
    });
  });

  it("stops while a create request is in flight and after a create error", () => {
    const started = createStarted(emptyQueue());
    expect(needsRefill(started)).toBe(false);
    const failed = createFailed(started, "You have reached your limit");
    expect(failed.fetching).toBe(0);
    expect(failed.createError).toBe("You have reached your limit");
    expect(needsRefill(failed)).toBe(false);
  });
});

describe("rewrite, reproduce and render", () => {
  const playing = { ...emptyQueue(), current: song("a") };

  it("rewrite reuses the production id, reproduce the composition id, render both plus notes; each is 1 song", () => {
    expect(createRequest(requestVariation(playing, "rewrite"), {})).toMatchObject({ songs: 1, re_p: "p-a" });
    expect(createRequest(requestVariation(playing, "rewrite"), {})).not.toHaveProperty("re_c");
    expect(createRequest(requestVariation(playing, "reproduce"), {})).toMatchObject({ songs: 1, re_c: "c-a" });
    expect(createRequest(requestVariation(playing, "reproduce"), {})).not.toHaveProperty("re_p");
    expect(createRequest(requestVariation(playing, "render", " more piano "), {})).toMatchObject({
      songs: 1,
      re_p: "p-a",
      re_c: "c-a",
      notes: "more piano",
    });
  });

  it("resets the reuse ids after a successful create, so the next refill is a fresh batch of 3", () => {
    const varied = createStarted(requestVariation(playing, "rewrite"));
    const done = createSucceeded(varied, ["b"], 0);
    expect(done.reuse).toEqual({ re_p: null, re_c: null, notes: null });
    expect(createRequest(done, {}).songs).toBe(3);
    expect(done.pending).toEqual([{ id: "b", status: "queue", since: 0 }]);
  });

  it("keeps the reuse ids when the create fails, for a retry", () => {
    const failed = createFailed(createStarted(requestVariation(playing, "reproduce")), "No style or filter has been set.");
    expect(failed.reuse.re_c).toBe("c-a");
  });
});

describe("tracking", () => {
  it("moves statuses forward only, and hands complete songs over to be fetched", () => {
    const state = adoptPending(
      emptyQueue(),
      [
        { id: "a", status: "recording_instrumental" },
        { id: "b", status: "queue" },
      ],
      0,
    );
    const { state: next, completed } = applyTracking(state, [
      { id: "a", status: "composing_instrumental" },
      { id: "b", status: "complete" },
    ]);
    expect(next.pending).toEqual([{ id: "a", status: "recording_instrumental", since: 0 }]);
    expect(completed).toEqual(["b"]);
    expect(songFetched(next, song("b")).unplayed.map((queued) => queued.id)).toEqual(["b"]);
  });

  it("on a timeout the song leaves pending; with nothing pending, unplayed or current a create error is set", () => {
    const state = adoptPending(emptyQueue(), [{ id: "a", status: "queue" }], 0);
    const { state: next } = applyTracking(state, timedOut(state, TRACK_TIMEOUT_MS));
    expect(next.pending).toEqual([]);
    expect(next.createError).toBe(CREATE_ERROR_MESSAGES.timeout);
  });

  it("no create error on a timeout while something else can still play", () => {
    const state = adoptPending({ ...emptyQueue(), current: song("x") }, [{ id: "a", status: "queue" }], 0);
    expect(applyTracking(state, [{ id: "a", status: "timeout" }]).state.createError).toBeNull();
  });

  it("times songs out only after the tracking timeout", () => {
    const state = adoptPending(emptyQueue(), [{ id: "a", status: "queue" }], 1_000);
    expect(timedOut(state, 1_000 + TRACK_TIMEOUT_MS - 1)).toEqual([]);
    expect(timedOut(state, 1_000 + TRACK_TIMEOUT_MS)).toEqual([{ id: "a", status: "timeout" }]);
  });

  it("retries polling unless the answer is 400", () => {
    expect(shouldRetryTracking(400)).toBe(false);
    for (const status of [0, 401, 429, 500, 503]) expect(shouldRetryTracking(status)).toBe(true);
  });

  it("adopting a batch skips songs already known", () => {
    const state = adoptPending({ ...emptyQueue(), unplayed: [song("a")] }, [{ id: "a", status: "queue" }, { id: "b", status: "queue" }], 0);
    expect(state.pending.map((pending) => pending.id)).toEqual(["b"]);
  });
});

describe("lazy load of a paged context", () => {
  const paged = (unplayed: number): QueueState => ({ ...queueWith({ unplayed, current: true }), moreCursor: "page-2" });

  it(`loads more when the player is ${LAZY_LOAD_FROM_END} from the end, not before`, () => {
    expect(LAZY_LOAD_FROM_END).toBe(4);
    expect(needsMore(paged(5))).toBe(false);
    expect(needsMore(paged(4))).toBe(true);
  });

  it("loads one page at a time and stops when the context has no more", () => {
    expect(needsMore({ ...paged(1), loadingMore: true })).toBe(false);
    const last = moreLoaded({ ...paged(1), loadingMore: true }, [song("n1")], null);
    expect(last.unplayed.map((queued) => queued.id)).toEqual(["u0", "n1"]);
    expect(needsMore(last)).toBe(false);
  });
});

describe("a renamed song", () => {
  it("shows its new name wherever the queue holds it, and an unchanged queue stays the same object", () => {
    const start = { ...queueWith({ unplayed: 2, current: true }), played: [song("a")] };
    const currentId = start.current!.id;
    const renamed = renameSong(start, currentId, "Harbour Lights", "Loomer");
    expect(renamed.current).toMatchObject({ id: currentId, songName: "Harbour Lights", artistName: "Loomer" });
    expect(renameSong(renamed, currentId, "Harbour Lights", "Loomer")).toBe(renamed);
    expect(renameSong(start, "a", "Old Friend", "").played[0].songName).toBe("Old Friend");
  });
});

describe("playing a list page", () => {
  it("plays the chosen song, queues the rest of the page after it, and pages in more 4 from the end", () => {
    const page = ["a", "b", "c", "d", "e", "f", "g"].map(song);
    const fromSecond = startList({ ...queueWith({ pending: 2 }), reuse: { re_p: "x", re_c: null, notes: null } }, page, 1, "2");
    expect(fromSecond.current?.id).toBe("b");
    expect(fromSecond.unplayed.map((queued) => queued.id)).toEqual(["c", "d", "e", "f", "g"]);
    expect(fromSecond).toMatchObject({ pending: [], moreCursor: "2", reuse: { re_p: null } });
    expect(needsMore(fromSecond)).toBe(false);
    const next = playNext(fromSecond);
    expect(next.unplayed).toHaveLength(4);
    expect(needsMore(next)).toBe(true);
    expect(needsMore(startList(emptyQueue(), page, 2, null))).toBe(false);
  });
});

describe("progressive playback (a song's preview while it renders)", () => {
  it("a tracking answer with a preview URL is kept on the pending song, and status still only moves forward", () => {
    const start = queueWith({ pending: 2 });
    const { state } = applyTracking(start, [{ id: "p0", status: "recording_instrumental", previewUrl: "/media/songs/p0/preview.mp3" }]);
    expect(state.pending[0]).toMatchObject({ id: "p0", status: "recording_instrumental", previewUrl: "/media/songs/p0/preview.mp3" });
    expect(state.pending[1].previewUrl).toBeUndefined();
  });

  it("with nothing playing and nothing ready, the first previewed pending song is what to play", () => {
    const { state } = applyTracking(queueWith({ pending: 2 }), [{ id: "p1", status: "recording_instrumental", previewUrl: "/p1.mp3" }]);
    expect(previewToPlay(state)?.id).toBe("p1");
    expect(previewToPlay({ ...state, current: song("now") })).toBeNull();
    expect(previewToPlay({ ...state, unplayed: [song("u0")] })).toBeNull();
    expect(previewToPlay(queueWith({ pending: 2 }))).toBeNull();
  });

  it("the whole song replaces its playing preview as the current song instead of queueing behind it", () => {
    const previewing = playPreview(queueWith({ pending: 1 }), { ...song("p0"), audioUrl: "/p0-preview.mp3" });
    expect(previewing.current).toMatchObject({ id: "p0", preview: true });
    const whole = song("p0");
    const after = songFetched(previewing, whole);
    expect(after.current).toEqual(whole);
    expect(after.unplayed).toHaveLength(0);
  });

  it("a preview never interrupts a song already playing, and a fetched song that is playing whole stays as it is", () => {
    const playing = queueWith({ current: true, pending: 1 });
    expect(playPreview(playing, song("p0"))).toBe(playing);
    expect(songFetched(playing, song("now"))).toBe(playing);
  });
});

describe("an edit's first seconds hand over to the whole version", () => {
  const preview = "/media/songs/a/preview.mp3?version=3";
  const whole = { ...song("a"), audioUrl: "/media/songs/a/song.mp3?version=3" };

  test("the player playing the edit's first seconds moves to the whole version", () => {
    const playing = { ...emptyQueue(), current: { ...song("a"), audioUrl: preview } };
    expect(handOverAudio(playing, preview, whole).current).toEqual(whole);
  });

  test("the old version, another song or nothing playing is left alone", () => {
    const old = { ...emptyQueue(), current: { ...song("a"), audioUrl: "/media/songs/a/song.mp3?version=2" } };
    expect(handOverAudio(old, preview, whole)).toBe(old);
    const other = { ...emptyQueue(), current: { ...song("b"), audioUrl: preview } };
    expect(handOverAudio(other, preview, whole)).toBe(other);
    const idle = emptyQueue();
    expect(handOverAudio(idle, preview, whole)).toBe(idle);
  });
});
