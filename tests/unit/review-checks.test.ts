// The automatic review checks that need no database (issue 18): audio measured with the engine's meters
// (length, loudness, clipping, silence), the explicit flag against the lyrics, the art rules, and how a
// review's flags are kept, shown and cleared.
import { artChecks, explicitChecks } from "~/services/review/checks.server";
import { audioWarnings, measureAudio, MIN_TRACK_SECONDS } from "~/services/review/audio-metrics";
import { reviewSummary } from "~/components/releases/review-notice";
import { clearFixedFlags, flagsAsFieldErrors, FlagInputSchema, FLAG_MESSAGE_REQUIRED, readIssues } from "~/services/review/fields";

const RATE = 44_100;

/** A stereo sine of `seconds` at `amplitude`, with `silentHead`/`silentTail` seconds of silence around it. */
function tone(seconds: number, amplitude: number, silentHead = 0, silentTail = 0) {
  const length = Math.round((silentHead + seconds + silentTail) * RATE);
  const left = new Float32Array(length);
  for (let i = Math.round(silentHead * RATE); i < Math.round((silentHead + seconds) * RATE); i++) left[i] = amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE);
  return { sampleRate: RATE, left, right: left.slice() };
}

describe("audio checks", () => {
  test("a healthy track of a minute passes", () => {
    const metrics = measureAudio(tone(60, 0.25));
    expect(metrics.durationSeconds).toBeCloseTo(60, 1);
    expect(metrics.integratedLufs).toBeGreaterThan(-20);
    expect(metrics.integratedLufs).toBeLessThan(-7);
    expect(metrics.clippedSamples).toBe(0);
    expect(audioWarnings(metrics)).toEqual([]);
  });

  test("too short, too quiet, clipped and silent tracks are each named", () => {
    expect(audioWarnings(measureAudio(tone(30, 0.25))).join(" ")).toContain(`Shorter than ${MIN_TRACK_SECONDS} s`);
    expect(audioWarnings(measureAudio(tone(60, 0.005))).join(" ")).toMatch(/Very quiet: -\d+\.\d LUFS/);
    // Driven 3.5 dB past full scale and cut off there, as a clipping converter would.
    const hot = tone(60, 1.5).left.map((value) => Math.max(-1, Math.min(1, value)));
    const clipped = measureAudio({ sampleRate: RATE, left: hot, right: hot.slice() });
    expect(clipped.clippedSamples).toBeGreaterThan(1000);
    expect(audioWarnings(clipped).join(" ")).toContain("Clipping");
    const padded = measureAudio(tone(50, 0.25, 8, 12));
    expect(padded.leadingSilenceSeconds).toBeGreaterThan(7);
    expect(audioWarnings(padded).join(" ")).toMatch(/Starts with [78]\.\d s of silence\. Ends with 1[12]\.\d s of silence\./);
    expect(audioWarnings(measureAudio(tone(0, 0, 60)))).toContain("No measurable audio: the track is silent.");
  });
});

describe("explicit flag against the lyrics", () => {
  const songs = (text: string) => [{ songName: "Pier Lights", text }];
  test("clean with explicit words, No Lyrics with lyrics and explicit without lyrics are flagged", () => {
    expect(explicitChecks(0, songs("We drive all night, what the fuck is this"))).toEqual([{ label: "Clean lyrics", ok: false, detail: "Marked Clean, but the lyrics contain: fuck." }]);
    expect(explicitChecks(0, songs("We drive all night"))[0].ok).toBe(true);
    expect(explicitChecks(null, songs("We drive all night"))[0]).toMatchObject({ ok: false, detail: "Marked No Lyrics, but these tracks have lyrics: Pier Lights." });
    expect(explicitChecks(1, songs(""))[0]).toMatchObject({ ok: false, detail: "Marked Explicit, but no track has lyrics." });
    expect(explicitChecks(null, songs(""))[0].ok).toBe(true);
  });
});

describe("art rules", () => {
  test("size, squareness, file size and format", () => {
    expect(artChecks(null)).toEqual([{ label: "Cover art", ok: false, detail: "Album Art Required" }]);
    expect(artChecks({ width: 3000, height: 3000, bytes: 4_000_000, format: "jpeg" }).every((check) => check.ok)).toBe(true);
    const bad = artChecks({ width: 2400, height: 3000, bytes: 60 * 1024 * 1024, format: "webp" });
    expect(bad.filter((check) => !check.ok).map((check) => check.label)).toEqual(["Size", "Square", "File size", "Format"]);
  });
});

describe("review flags", () => {
  test("a flag needs a field or a message", () => {
    const empty = FlagInputSchema.safeParse({ fields: {}, message: "  " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({ path: ["message"], message: FLAG_MESSAGE_REQUIRED });
    expect(FlagInputSchema.safeParse({ fields: { coverArt: "" }, message: "" }).success).toBe(true);
    expect(FlagInputSchema.safeParse({ fields: { notAField: "x" }, message: "m" }).success).toBe(false);
  });

  test("flags show in review order and on the form's fields; fixing a field clears its flag only", () => {
    const issues = { title: "Typo", coverArt: "", message: "Please fix these." };
    expect(readIssues(issues)).toEqual({ message: "Please fix these.", flags: [{ field: "title", label: "Title", note: "Typo" }, { field: "coverArt", label: "Cover art", note: "" }] });
    expect(flagsAsFieldErrors(issues)).toEqual({ title: ["Our reviewer flagged this: Typo"], coverArt: ["Our reviewer flagged this. Please fix it."] });
    expect(clearFixedFlags(issues, { title: "Nite", coverArtId: "a" }, { title: "Nite", coverArtId: "b" })).toEqual({ title: "Typo", message: "Please fix these." });
    expect(clearFixedFlags({ title: "Typo" }, { title: "Nite" }, { title: "Night" })).toBeNull();
  });
});

describe("the library's review line", () => {
  test("rejected and flagged releases show the message and the fields to fix; others nothing", () => {
    expect(reviewSummary(3, { coverArt: "", title: "x", message: "Please fix." })).toBe("Please fix. Fix: Title, Cover art.");
    expect(reviewSummary(2, { message: "Not yours." })).toBe("Not yours.");
    expect(reviewSummary(2, null)).toBeNull();
    expect(reviewSummary(1, { message: "old" })).toBeNull();
  });
});
