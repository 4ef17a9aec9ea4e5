// The pending-vocal wait (app/components/vocals/vocal-poll.ts): applied ends it, a failed job or version is
// "Unable to create vocal track", 5 minutes of polls without completion "Timed out waiting for vocal".
import {
  initialVocalPollState,
  shouldPollVocal,
  VOCAL_FAILED_MESSAGE,
  VOCAL_POLL_MAX,
  VOCAL_POLL_MS,
  VOCAL_TIMEOUT_MESSAGE,
  vocalPollStep,
  waitingLabel,
  type PolledVocal,
  type VocalPollState,
} from "~/components/vocals/vocal-poll";

const vocal = (patch: Partial<PolledVocal> = {}): PolledVocal => ({ id: "v1", status: "pending", applied: false, versionStatus: null, error: null, ...patch });
const polled = (state: VocalPollState, patch: Partial<PolledVocal> = {}) => vocalPollStep(state, { type: "polled", vocal: vocal(patch) });

test("polls every 2.5 s for at most 5 minutes", () => {
  expect(VOCAL_POLL_MS).toBe(2_500);
  expect(VOCAL_POLL_MAX * VOCAL_POLL_MS).toBe(300_000);
});

test("waits through pending, completed-but-mixing, then ends when the song plays with the vocal", () => {
  let state = vocalPollStep(initialVocalPollState, { type: "started", vocalId: "v1" });
  expect(shouldPollVocal(state)).toBe(true);
  state = polled(state);
  expect(state).toMatchObject({ phase: "waiting", polls: 1, status: "pending" });
  expect(waitingLabel(state)).toMatch(/Tuning/);
  state = polled(state, { status: "completed", versionStatus: "rendering" });
  expect(waitingLabel(state)).toMatch(/Mixing/);
  state = polled(state, { status: "completed", applied: true });
  expect(state).toEqual({ phase: "applied", vocalId: "v1" });
  expect(shouldPollVocal(state)).toBe(false);
  // Late answers change nothing.
  expect(polled(state, { status: "error" })).toBe(state);
});

test("a failed job shows the server's message, else the spec's; a failed version is a failure too", () => {
  const waiting = vocalPollStep(initialVocalPollState, { type: "started", vocalId: "v1" });
  expect(polled(waiting, { status: "error", error: "Unable to create vocal track" })).toEqual({ phase: "error", message: VOCAL_FAILED_MESSAGE });
  expect(polled(waiting, { status: "error" })).toEqual({ phase: "error", message: VOCAL_FAILED_MESSAGE });
  expect(polled(waiting, { status: "completed", versionStatus: "failed" })).toEqual({ phase: "error", message: VOCAL_FAILED_MESSAGE });
});

test("an answer about an older vocal is only a poll; the first answer names the vocal when the start did not", () => {
  const waiting = vocalPollStep(initialVocalPollState, { type: "started", vocalId: "v2" });
  expect(polled(waiting, { id: "v1", applied: true })).toMatchObject({ phase: "waiting", vocalId: "v2", polls: 1 });
  const unnamed = vocalPollStep(initialVocalPollState, { type: "started" });
  expect(polled(unnamed, { id: "v3" })).toMatchObject({ phase: "waiting", vocalId: "v3" });
});

test("times out after VOCAL_POLL_MAX polls (network failures count) with the spec's message", () => {
  let state = vocalPollStep(initialVocalPollState, { type: "started", vocalId: "v1" });
  for (let poll = 1; poll < VOCAL_POLL_MAX; poll++) state = poll % 2 ? polled(state) : vocalPollStep(state, { type: "failed" });
  expect(state.phase).toBe("waiting");
  state = polled(state);
  expect(state).toEqual({ phase: "error", message: VOCAL_TIMEOUT_MESSAGE });
});

test("a refused send shows its message; reset starts over", () => {
  const refused = vocalPollStep(initialVocalPollState, { type: "rejected", message: "Unsupported audio format: WebM" });
  expect(refused).toEqual({ phase: "error", message: "Unsupported audio format: WebM" });
  expect(vocalPollStep(refused, { type: "reset" })).toEqual(initialVocalPollState);
  expect(vocalPollStep(initialVocalPollState, { type: "failed" })).toBe(initialVocalPollState);
});
