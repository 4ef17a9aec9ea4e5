// The WAV export as the client sees it (spec 1 §4, §9): after "Prepare", GET /api/song/{id}/wav/ready is
// polled every 2 s; after 60 s without readiness it becomes an error. `wavStateAfterPoll` is the whole
// decision as a pure function, so the ceiling is tested without a browser or a clock.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/utils/api-client";

export const WAV_POLL_MS = 2_000;
export const WAV_CEILING_MS = 60_000;

export type WavStatus = "none" | "fetching" | "ready" | "error";

export type WavExportState =
  | { phase: "none" }
  | { phase: "fetching"; startedAt: number }
  | { phase: "ready"; url: string }
  | { phase: "error"; message: string };

export const WAV_MESSAGES = {
  failed: "We could not prepare the WAV. Try again.",
  timedOut: "Timed out waiting for the WAV. Try again.",
  changed: "The song changed while its WAV was being prepared. Prepare it again for the new version.",
} as const;

const downloadUrl = (songId: string) => `/api/song/${songId}/download/wav`;

/** The state a page load starts from (a page that loads mid-export starts the 60 s then). */
export function initialWavState(songId: string, readiness: { status: WavStatus; url?: string }, now: number): WavExportState {
  if (readiness.status === "ready") return { phase: "ready", url: readiness.url ?? downloadUrl(songId) };
  if (readiness.status === "fetching") return { phase: "fetching", startedAt: now };
  if (readiness.status === "error") return { phase: "error", message: WAV_MESSAGES.failed };
  return { phase: "none" };
}

/**
 * The state after one poll. `reply` is null when the poll itself failed (network): that is not the
 * export failing, so waiting goes on until the ceiling.
 */
export function wavStateAfterPoll(state: WavExportState, reply: { status: WavStatus; url?: string } | null, now: number): WavExportState {
  if (state.phase !== "fetching") return state;
  if (reply?.status === "ready" && reply.url) return { phase: "ready", url: reply.url };
  if (reply?.status === "error") return { phase: "error", message: WAV_MESSAGES.failed };
  // A newer version of the song completed meanwhile: its WAV has not been asked for.
  if (reply?.status === "none") return { phase: "error", message: WAV_MESSAGES.changed };
  if (now - state.startedAt >= WAV_CEILING_MS) return { phase: "error", message: WAV_MESSAGES.timedOut };
  return state;
}

/** Prepare the WAV and follow it until it is ready, fails or times out. */
export function useWavExport(songId: string, readiness: { status: WavStatus; url?: string }) {
  const [state, setState] = useState<WavExportState>(() => initialWavState(songId, readiness, Date.now()));
  const stateRef = useRef(state);
  stateRef.current = state;

  const fetching = state.phase === "fetching";
  useEffect(() => {
    if (!fetching) return;
    const timer = window.setInterval(async () => {
      const reply = await apiFetch(`/api/song/${songId}/wav/ready`, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ status: WavStatus; url?: string }>) : null))
        .catch(() => null);
      setState((current) => wavStateAfterPoll(current, reply, Date.now()));
    }, WAV_POLL_MS);
    return () => window.clearInterval(timer);
  }, [songId, fetching]);

  const [requesting, setRequesting] = useState(false);
  const prepare = useCallback(async () => {
    if (stateRef.current.phase === "fetching") return;
    setRequesting(true);
    const startedAt = Date.now();
    const reply = await apiFetch(`/api/song/${songId}/wav`, { method: "POST", headers: { Accept: "application/json" } }, { conflict: "return" })
      .then((response) => (response.ok ? (response.json() as Promise<{ status: WavStatus }>) : null))
      .catch(() => null);
    setRequesting(false);
    // Polling starts once the export is queued, so the first poll cannot see the status from before it.
    if (!reply) setState({ phase: "error", message: WAV_MESSAGES.failed });
    else if (reply.status === "ready") setState({ phase: "ready", url: downloadUrl(songId) });
    else setState({ phase: "fetching", startedAt });
  }, [songId]);

  return { state, requesting, prepare };
}
