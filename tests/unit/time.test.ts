// Spec 1 §9 time display: relative text, and the +4 h / +5 h helper around 2023-03-13.
import { productTimeToUtc, relativeTime } from "~/utils/time";

const now = new Date("2026-06-01T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

test("relative times in seconds, minutes, hours, days, months and years", () => {
  expect(relativeTime(now, now)).toBe("just now");
  expect(relativeTime(ago(1), now)).toBe("1 second ago");
  expect(relativeTime(ago(45), now)).toBe("45 seconds ago");
  expect(relativeTime(ago(180), now)).toBe("3 minutes ago");
  expect(relativeTime(ago(3600), now)).toBe("1 hour ago");
  expect(relativeTime(ago(3 * 86_400), now)).toBe("3 days ago");
  expect(relativeTime(ago(65 * 86_400), now)).toBe("2 months ago");
  expect(relativeTime(ago(800 * 86_400), now)).toBe("2 years ago");
  // A clock a little ahead never says "in the future".
  expect(relativeTime(ago(-30), now)).toBe("just now");
});

test("the time helper adds 4 hours from 2023-03-13 and 5 hours before", () => {
  expect(productTimeToUtc("2023-03-13 00:00:00")!.toISOString()).toBe("2023-03-13T04:00:00.000Z");
  expect(productTimeToUtc("2023-03-12T23:59:59")!.toISOString()).toBe("2023-03-13T04:59:59.000Z");
  expect(productTimeToUtc("2024-07-01T10:30")!.toISOString()).toBe("2024-07-01T14:30:00.000Z");
  expect(productTimeToUtc("2022-12-01 08:00:00.5")!.toISOString()).toBe("2022-12-01T13:00:00.500Z");
  expect(productTimeToUtc("2023-02-30 10:00:00")).toBeNull();
  expect(productTimeToUtc("yesterday")).toBeNull();
});
