// Audition timing: notes land on the song's 16th grid at its tempo (micro timing included), drums become
// drum hits and pitched notes tones at their frequency, louder with velocity.
import { auditionEvents, segmentSeconds } from "~/components/edit/audition";

test("notes are timed at the song's tempo, with micro offsets, and sorted", () => {
  // 120 BPM: a 16th is 0.125 s, a segment (32 steps) 4 s.
  const events = auditionEvents(
    {
      bass: [{ step: 4, micro: 0.2, length: 2, pitch: 69, velocity: 127 }],
      drums: [{ step: 0, micro: 0, length: 1, pitch: 36, velocity: 64, drum: "kick" }],
    },
    120,
  );
  expect(segmentSeconds(120)).toBe(4);
  expect(events.map((event) => event.voice.kind)).toEqual(["drum", "tone"]);
  expect(events[1].time).toBeCloseTo(4.2 * 0.125, 6);
  expect(events[1].duration).toBeCloseTo(0.25, 6);
  expect(events[1].frequency).toBeCloseTo(440, 6);
  expect(events[0].voice).toEqual({ kind: "drum", drum: "kick" });
  const quiet = auditionEvents({ bass: [{ step: 0, micro: 0, length: 1, pitch: 60, velocity: 32 }] }, 120)[0];
  expect(quiet.gain).toBeLessThan(events[1].gain);
});
