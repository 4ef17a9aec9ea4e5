// The lyrics generation wait (spec 1 §4 Lyrics generation, §8, §9): after POST …/lyrics the status is polled
// every LYRICS_POLL_MS, at most LYRICS_POLL_MAX times. Completed: the lyrics and timing are fetched.
// An error status or LYRICS_POLL_MAX polls without completion: a lyrics error. A 404 (or a refused start:
// 429 daily limit, 422 character limit) stores the server's message. Pure, so it is tested without a browser.
export const LYRICS_POLL_MS = 500;
export const LYRICS_POLL_MAX = 60;
export const LYRICS_TIMEOUT_MESSAGE = "Writing the lyrics is taking too long. Please try again.";
export const LYRICS_FAILED_MESSAGE = "We could not write lyrics for this song. Please try again.";

export type LyricsGenerationStatus = "pending" | "generating" | "completed" | "error";

export type LyricsPollState =
  | { phase: "idle" }
  /** Waiting for the next status; `polls` answers seen so far. */
  | { phase: "polling"; polls: number; status: LyricsGenerationStatus }
  /** Completed: the page fetches the lyrics and timing. */
  | { phase: "fetching" }
  | { phase: "done" }
  | { phase: "error"; message: string };

export type LyricsPollEvent =
  | { type: "started" }
  /** The POST was refused (429, 422, 400...): its message. */
  | { type: "rejected"; message: string }
  | { type: "status"; status: LyricsGenerationStatus; error?: string }
  /** GET …/status answered 404: the server's message. */
  | { type: "notFound"; message: string }
  /** The network or server failed (a 5xx, no answer). */
  | { type: "failed"; message?: string }
  | { type: "fetched" }
  /** The user edited the prompt: a shown error goes away (spec 1 §5, a field's error clears on edit). */
  | { type: "dismissed" };

export const initialPollState: LyricsPollState = { phase: "idle" };

export function lyricsPollStep(state: LyricsPollState, event: LyricsPollEvent): LyricsPollState {
  switch (event.type) {
    case "started":
      return { phase: "polling", polls: 0, status: "pending" };
    case "rejected":
      return { phase: "error", message: event.message };
    case "status": {
      if (state.phase !== "polling") return state;
      if (event.status === "completed") return { phase: "fetching" };
      if (event.status === "error") return { phase: "error", message: event.error || LYRICS_FAILED_MESSAGE };
      const polls = state.polls + 1;
      return polls >= LYRICS_POLL_MAX ? { phase: "error", message: LYRICS_TIMEOUT_MESSAGE } : { phase: "polling", polls, status: event.status };
    }
    case "notFound":
      return state.phase === "polling" ? { phase: "error", message: event.message } : state;
    case "failed":
      return state.phase === "polling" || state.phase === "fetching" ? { phase: "error", message: event.message || LYRICS_FAILED_MESSAGE } : state;
    case "fetched":
      return state.phase === "fetching" ? { phase: "done" } : state;
    case "dismissed":
      return state.phase === "error" ? initialPollState : state;
  }
}

/** Whether the page should ask for the status again (after LYRICS_POLL_MS). */
export const shouldPoll = (state: LyricsPollState) => state.phase === "polling";
