// The client's WAV export decision (spec 1 §4, §9): polled every 2 s, an error after 60 s without readiness.
import { initialWavState, WAV_CEILING_MS, WAV_MESSAGES, WAV_POLL_MS, wavStateAfterPoll, type WavExportState } from "~/components/edit/wav-export";

const url = "/api/song/s1/download/wav";
const fetching: WavExportState = { phase: "fetching", startedAt: 1_000 };

test("polls every 2 s with a 60 s ceiling", () => {
  expect(WAV_POLL_MS).toBe(2_000);
  expect(WAV_CEILING_MS).toBe(60_000);
});

test("fetching stays fetching until the ceiling, then becomes the time-out error", () => {
  let state: WavExportState = fetching;
  for (let now = 1_000 + WAV_POLL_MS; now < 1_000 + WAV_CEILING_MS; now += WAV_POLL_MS) {
    state = wavStateAfterPoll(state, { status: "fetching" }, now);
    expect(state.phase).toBe("fetching");
  }
  expect(wavStateAfterPoll(state, { status: "fetching" }, 1_000 + WAV_CEILING_MS)).toEqual({ phase: "error", message: WAV_MESSAGES.timedOut });
});

test("a failed poll keeps waiting, but not past the ceiling", () => {
  expect(wavStateAfterPoll(fetching, null, 1_000 + 10_000)).toBe(fetching);
  expect(wavStateAfterPoll(fetching, null, 1_000 + WAV_CEILING_MS).phase).toBe("error");
});

test("ready gives the download link; error and a reset to none end the wait with a message", () => {
  expect(wavStateAfterPoll(fetching, { status: "ready", url }, 2_000)).toEqual({ phase: "ready", url });
  expect(wavStateAfterPoll(fetching, { status: "error" }, 2_000)).toEqual({ phase: "error", message: WAV_MESSAGES.failed });
  expect(wavStateAfterPoll(fetching, { status: "none" }, 2_000)).toEqual({ phase: "error", message: WAV_MESSAGES.changed });
});

test("a poll that arrives after the wait ended changes nothing", () => {
  const ready: WavExportState = { phase: "ready", url };
  expect(wavStateAfterPoll(ready, { status: "fetching" }, 99_000)).toBe(ready);
});

test("a page loaded mid-export starts waiting from its own load", () => {
  expect(initialWavState("s1", { status: "fetching" }, 5_000)).toEqual({ phase: "fetching", startedAt: 5_000 });
  expect(initialWavState("s1", { status: "ready", url }, 5_000)).toEqual({ phase: "ready", url });
  expect(initialWavState("s1", { status: "none" }, 5_000)).toEqual({ phase: "none" });
  expect(initialWavState("s1", { status: "error" }, 5_000).phase).toBe("error");
});
