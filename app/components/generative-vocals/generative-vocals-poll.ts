// The generated vocal wait (spec 1 §4 "Generated vocals", §8, §9): after POST …/generative_vocals the status
// is polled every GENERATIVE_VOCALS_POLL_MS, at most GENERATIVE_VOCALS_POLL_MAX times.
// generating_vocal_melody and generating_vocals_for_sections show progress; completed ends the wait; any
// other status is an error code mapped per §8 (generic, content or specific). A polling failure or the
// last poll without completion gives the generic error. Pure, so it is tested without a browser.
import { GENERIC_VOCAL_ERROR, vocalError, type VocalError } from "~/services/vocals/error-codes";

export const GENERATIVE_VOCALS_POLL_MS = 5000;
export const GENERATIVE_VOCALS_POLL_MAX = 25;
// The codes, their messages and how each is shown are shared with the server: vocal-error-codes.ts.
export { GENERIC_VOCAL_ERROR, VOCAL_ERROR_MESSAGES, vocalError, type VocalError, type VocalErrorKind } from "~/services/vocals/error-codes";

export type GenerativeVocalStatus = "pending" | "generating_vocal_melody" | "generating_vocals_for_sections" | "completed" | "error";

export type VocalPollState =
  | { phase: "idle" }
  /** Waiting for the next status; `polls` answers seen so far. A 422 content error may show meanwhile. */
  | { phase: "polling"; polls: number; status: GenerativeVocalStatus; progress: number | null; contentError: VocalError | null }
  | { phase: "completed" }
  | { phase: "error"; error: VocalError };

export type VocalPollEvent =
  | { type: "started" }
  /** The POST was refused: 429 (its message), 422 (a content error), 400 (missing voice...). */
  | { type: "rejected"; httpStatus: number; code?: string; message?: string }
  | { type: "status"; status: string; errorCode?: string | null; error?: string | null; progress?: number | null }
  /** The network or the server failed. */
  | { type: "failed" }
  /** The user changed the voice or went back: a shown error goes away. */
  | { type: "dismissed" };

export const initialVocalPollState: VocalPollState = { phase: "idle" };

const PROGRESSING: readonly string[] = ["pending", "generating_vocal_melody", "generating_vocals_for_sections"];

export function vocalPollStep(state: VocalPollState, event: VocalPollEvent): VocalPollState {
  switch (event.type) {
    case "started":
      return { phase: "polling", polls: 0, status: "pending", progress: null, contentError: null };
    case "rejected": {
      if (event.httpStatus === 429) return { phase: "error", error: { kind: "specific", code: "daily_limit", message: event.message || GENERIC_VOCAL_ERROR } };
      const error = event.httpStatus === 422 || event.httpStatus === 400 ? vocalError(event.code, event.message) : vocalError("generic_error");
      // §8 "Generate vocals 422: polling continues and the content error is shown".
      if (event.httpStatus === 422 && state.phase === "polling") return { ...state, contentError: error };
      return { phase: "error", error };
    }
    case "status": {
      if (state.phase !== "polling") return state;
      if (event.status === "completed") return { phase: "completed" };
      if (!PROGRESSING.includes(event.status)) {
        // "error" carries its code; any other status is itself a code (§4 "every other status is an error").
        return { phase: "error", error: vocalError(event.status === "error" ? event.errorCode : event.status, event.error) };
      }
      const polls = state.polls + 1;
      if (polls >= GENERATIVE_VOCALS_POLL_MAX) return { phase: "error", error: vocalError("generic_error") };
      return { ...state, polls, status: event.status as GenerativeVocalStatus, progress: event.progress ?? null };
    }
    case "failed":
      return state.phase === "polling" ? { phase: "error", error: vocalError("generic_error") } : state;
    case "dismissed":
      return state.phase === "error" ? initialVocalPollState : state;
  }
}

export const shouldPollVocal = (state: VocalPollState) => state.phase === "polling";

/** What the page says for a stage. */
export function stageLabel(status: GenerativeVocalStatus): string {
  if (status === "generating_vocal_melody") return "Writing the vocal melody…";
  if (status === "generating_vocals_for_sections") return "Singing your lyrics, section by section…";
  return "Waiting for a singer…";
}
