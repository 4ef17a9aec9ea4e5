// The lyrics generation wait: 500 ms polls, at most 60; completed → fetch lyrics and timing; an error status,
// 60 polls or a 404 → a lyrics error carrying the server's message.
import {
  initialPollState,
  LYRICS_FAILED_MESSAGE,
  LYRICS_POLL_MAX,
  LYRICS_POLL_MS,
  LYRICS_TIMEOUT_MESSAGE,
  lyricsPollStep,
  shouldPoll,
  type LyricsPollEvent,
  type LyricsPollState,
} from "~/components/lyrics/lyrics-poll";

const run = (events: LyricsPollEvent[], from: LyricsPollState = initialPollState) => events.reduce(lyricsPollStep, from);

test("the spec's constants: every 500 ms, at most 60 times", () => {
  expect(LYRICS_POLL_MS).toBe(500);
  expect(LYRICS_POLL_MAX).toBe(60);
});

test("started, then pending and generating keep polling; completed moves to fetching, fetched to done", () => {
  const polling = run([{ type: "started" }, { type: "status", status: "pending" }, { type: "status", status: "generating" }]);
  expect(polling).toEqual({ phase: "polling", polls: 2, status: "generating" });
  expect(shouldPoll(polling)).toBe(true);
  const fetching = lyricsPollStep(polling, { type: "status", status: "completed" });
  expect(fetching).toEqual({ phase: "fetching" });
  expect(shouldPoll(fetching)).toBe(false);
  expect(lyricsPollStep(fetching, { type: "fetched" })).toEqual({ phase: "done" });
});

test("an error status is a lyrics error with the server's message, or the generic one", () => {
  expect(run([{ type: "started" }, { type: "status", status: "error", error: "No words fit." }])).toEqual({ phase: "error", message: "No words fit." });
  expect(run([{ type: "started" }, { type: "status", status: "error" }])).toEqual({ phase: "error", message: LYRICS_FAILED_MESSAGE });
});

test("60 polls without completion is a lyrics error; 59 still polls", () => {
  const pending: LyricsPollEvent = { type: "status", status: "pending" };
  const almost = run([{ type: "started" }, ...Array.from({ length: LYRICS_POLL_MAX - 1 }, () => pending)]);
  expect(almost).toMatchObject({ phase: "polling", polls: 59 });
  expect(lyricsPollStep(almost, pending)).toEqual({ phase: "error", message: LYRICS_TIMEOUT_MESSAGE });
});

test("a 404 stores the server's message; a refused start (429, 422) its own; a failed request the generic error", () => {
  expect(run([{ type: "started" }, { type: "notFound", message: "This song has no lyrics yet." }])).toEqual({ phase: "error", message: "This song has no lyrics yet." });
  expect(run([{ type: "rejected", message: "Daily limit." }])).toEqual({ phase: "error", message: "Daily limit." });
  expect(run([{ type: "started" }, { type: "failed" }])).toEqual({ phase: "error", message: LYRICS_FAILED_MESSAGE });
});

test("answers arriving after the wait ended change nothing; a new start polls again from zero", () => {
  const failed = run([{ type: "started" }, { type: "status", status: "error", error: "x" }]);
  expect(lyricsPollStep(failed, { type: "status", status: "completed" })).toBe(failed);
  expect(lyricsPollStep(failed, { type: "notFound", message: "y" })).toBe(failed);
  expect(lyricsPollStep(initialPollState, { type: "fetched" })).toBe(initialPollState);
  expect(lyricsPollStep(failed, { type: "started" })).toEqual({ phase: "polling", polls: 0, status: "pending" });
});

test("editing the prompt dismisses an error, and nothing else", () => {
  const failed = run([{ type: "rejected", message: "Too long." }]);
  expect(lyricsPollStep(failed, { type: "dismissed" })).toEqual(initialPollState);
  const polling = run([{ type: "started" }]);
  expect(lyricsPollStep(polling, { type: "dismissed" })).toBe(polling);
});
