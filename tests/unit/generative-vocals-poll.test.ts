// The generated vocal wait: every 5 s, at most 25 polls; progress stages; completed ends it; every other
// status is an error mapped per spec 1 §8 (generic, content or specific); 429/422/400 refusals.
import {
  GENERATIVE_VOCALS_POLL_MAX,
  GENERATIVE_VOCALS_POLL_MS,
  GENERIC_VOCAL_ERROR,
  initialVocalPollState,
  shouldPollVocal,
  vocalError,
  vocalPollStep,
  type VocalPollEvent,
  type VocalPollState,
} from "~/components/generative-vocals/generative-vocals-poll";

const run = (events: VocalPollEvent[], from: VocalPollState = initialVocalPollState) => events.reduce(vocalPollStep, from);

test("the spec's constants: every 5 s, at most 25 times", () => {
  expect(GENERATIVE_VOCALS_POLL_MS).toBe(5000);
  expect(GENERATIVE_VOCALS_POLL_MAX).toBe(25);
});

test("the two stages keep polling with their progress; completed ends the wait", () => {
  const polling = run([
    { type: "started" },
    { type: "status", status: "generating_vocal_melody", progress: 0 },
    { type: "status", status: "generating_vocals_for_sections", progress: 0.4 },
  ]);
  expect(polling).toMatchObject({ phase: "polling", polls: 2, status: "generating_vocals_for_sections", progress: 0.4 });
  expect(shouldPollVocal(polling)).toBe(true);
  const done = vocalPollStep(polling, { type: "status", status: "completed" });
  expect(done).toEqual({ phase: "completed" });
  expect(shouldPollVocal(done)).toBe(false);
});

test("25 polls without completion, or a polling failure: the generic error", () => {
  const events: VocalPollEvent[] = [{ type: "started" }, ...Array.from({ length: GENERATIVE_VOCALS_POLL_MAX - 1 }, () => ({ type: "status", status: "generating_vocals_for_sections" }) as VocalPollEvent)];
  const almost = run(events);
  expect(almost.phase).toBe("polling");
  expect(vocalPollStep(almost, { type: "status", status: "generating_vocals_for_sections" })).toEqual({ phase: "error", error: { kind: "generic", code: "generic_error", message: GENERIC_VOCAL_ERROR } });
  expect(run([{ type: "started" }, { type: "failed" }])).toMatchObject({ phase: "error", error: { kind: "generic" } });
});

test("error statuses map per §8: generic and language errors are generic; content and specific codes keep a message", () => {
  const ended = (errorCode: string, error?: string) => run([{ type: "started" }, { type: "status", status: "error", errorCode, error }]);
  expect(ended("generic_error", GENERIC_VOCAL_ERROR)).toMatchObject({ error: { kind: "generic", message: GENERIC_VOCAL_ERROR } });
  expect(ended("language_check_error", "Sung vocals need lyrics in English.")).toMatchObject({ error: { kind: "generic", message: GENERIC_VOCAL_ERROR } });
  expect(ended("copyright_check_error")).toMatchObject({ error: { kind: "content", code: "copyright_check_error" } });
  expect(ended("insufficient_language_content").phase === "error" && (ended("insufficient_language_content") as { error: { kind: string } }).error.kind).toBe("content");
  // A failed job only says "Unable to create vocal track": the code's own message is shown instead.
  const melody = ended("vocal_melody_error", GENERIC_VOCAL_ERROR);
  expect(melody).toMatchObject({ error: { kind: "specific", code: "vocal_melody_error" } });
  expect(melody.phase === "error" && melody.error.message).not.toBe(GENERIC_VOCAL_ERROR);
  expect(ended("lyrics_have_not_changed")).toMatchObject({ error: { kind: "specific" } });
  // Any other status is itself the code.
  expect(run([{ type: "started" }, { type: "status", status: "generative_vocal_invalid_status" }])).toMatchObject({ error: { kind: "generic" } });
  expect(vocalError("something_new").kind).toBe("generic");
});

test("refusals: 429 keeps the server's message; 422 is a content or specific error, shown while polling continues; 400 missing voice", () => {
  expect(run([{ type: "rejected", httpStatus: 429, message: "You have reached today's limit." }])).toEqual({
    phase: "error",
    error: { kind: "specific", code: "daily_limit", message: "You have reached today's limit." },
  });
  expect(run([{ type: "rejected", httpStatus: 422, code: "copyright_check_error", message: "Protected words." }])).toEqual({
    phase: "error",
    error: { kind: "content", code: "copyright_check_error", message: "Protected words." },
  });
  const stillPolling = run([{ type: "started" }, { type: "rejected", httpStatus: 422, code: "invalid_syllable_count", message: "Line 2 is too long." }]);
  expect(stillPolling).toMatchObject({ phase: "polling", contentError: { kind: "specific", message: "Line 2 is too long." } });
  expect(run([{ type: "rejected", httpStatus: 400, code: "missing_voice_selection" }])).toMatchObject({ error: { kind: "specific", message: "Choose a voice first." } });
  expect(run([{ type: "rejected", httpStatus: 500 }])).toMatchObject({ error: { kind: "generic" } });
});

test("dismissing clears an error; statuses after the wait ended are ignored", () => {
  const failed = run([{ type: "started" }, { type: "failed" }]);
  expect(vocalPollStep(failed, { type: "dismissed" })).toEqual(initialVocalPollState);
  expect(vocalPollStep({ phase: "completed" }, { type: "status", status: "error", errorCode: "generic_error" })).toEqual({ phase: "completed" });
});
