// The pending-vocal wait (spec 1 §4 Pending vocal, §8, §9): after a take is sent (POST /api/song/vocal) the
// page asks GET /api/song/{id}/vocal every VOCAL_POLL_MS until the song plays with the vocal (`applied`: the
// page then refetches the song so the player plays the mix). The job failing (status error) or the version
// putting it on failing: "Unable to create vocal track". No completion within VOCAL_WAIT_MAX_MS (5 minutes:
// a 10-minute take takes well under a minute to process and mix on our machines, so 5 minutes means
// something is stuck): "Timed out waiting for vocal". Pure, so it is tested without a browser.
import { GENERIC_VOCAL_ERROR, VOCAL_TIMEOUT_MESSAGE } from "~/services/vocals/error-codes";

export const VOCAL_POLL_MS = 2_500;
export const VOCAL_WAIT_MAX_MS = 5 * 60_000;
export const VOCAL_POLL_MAX = VOCAL_WAIT_MAX_MS / VOCAL_POLL_MS;
export const VOCAL_FAILED_MESSAGE = GENERIC_VOCAL_ERROR;
export { VOCAL_TIMEOUT_MESSAGE };

export type VocalStatus = "pending" | "generating_vocal_melody" | "generating_vocals_for_sections" | "completed" | "error";
export type VocalVersionStatus = "queue" | "rendering" | "complete" | "failed" | null;

/** What GET /api/song/{id}/vocal answers, as far as the wait needs it. */
export interface PolledVocal {
  id: string;
  status: VocalStatus;
  applied: boolean;
  versionStatus: VocalVersionStatus;
  error: string | null;
}

export type VocalPollState =
  | { phase: "idle" }
  /** Waiting for vocal `vocalId` (null until the first answer names it); `polls` answers seen so far. */
  | { phase: "waiting"; vocalId: string | null; polls: number; status: VocalStatus }
  /** The song plays with the vocal: the page refetches the song. */
  | { phase: "applied"; vocalId: string }
  | { phase: "error"; message: string };

export type VocalPollEvent =
  /** A take was sent (202) or the page opened on a vocal still being made. */
  | { type: "started"; vocalId?: string }
  /** Sending was refused (400, 404, 409...): the server's message. */
  | { type: "rejected"; message: string }
  | { type: "polled"; vocal: PolledVocal }
  /** GET answered 404 (the song has no vocal after all) or the network failed: counted as a poll. */
  | { type: "failed" }
  /** The user starts over (a new take, or dismisses the error). */
  | { type: "reset" };

export const initialVocalPollState: VocalPollState = { phase: "idle" };

export function vocalPollStep(state: VocalPollState, event: VocalPollEvent): VocalPollState {
  switch (event.type) {
    case "started":
      return { phase: "waiting", vocalId: event.vocalId ?? null, polls: 0, status: "pending" };
    case "rejected":
      return { phase: "error", message: event.message };
    case "reset":
      return initialVocalPollState;
    case "polled": {
      if (state.phase !== "waiting") return state;
      const { vocal } = event;
      // An answer about an older vocal (sent before ours was stored) is just a poll.
      if (state.vocalId !== null && vocal.id !== state.vocalId) return tick(state, state.status);
      if (vocal.status === "error" || vocal.versionStatus === "failed") return { phase: "error", message: vocal.error || VOCAL_FAILED_MESSAGE };
      if (vocal.applied) return { phase: "applied", vocalId: vocal.id };
      return tick({ ...state, vocalId: vocal.id }, vocal.status);
    }
    case "failed":
      return state.phase === "waiting" ? tick(state, state.status) : state;
  }
}

function tick(state: Extract<VocalPollState, { phase: "waiting" }>, status: VocalStatus): VocalPollState {
  const polls = state.polls + 1;
  return polls >= VOCAL_POLL_MAX ? { phase: "error", message: VOCAL_TIMEOUT_MESSAGE } : { ...state, polls, status };
}

/** Whether the page should ask again (after VOCAL_POLL_MS). */
export const shouldPollVocal = (state: VocalPollState) => state.phase === "waiting";

/** What the page says while waiting. */
export function waitingLabel(state: VocalPollState): string | null {
  if (state.phase !== "waiting") return null;
  return state.status === "completed" ? "Mixing your vocal into the song…" : "Tuning and producing your vocal…";
}
