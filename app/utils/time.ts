// Time display (spec 1 §9): relative text ("3 minutes ago"), and the time helper that turns the
// product's zone-less timestamps into UTC by adding 4 hours on and after 2023-03-13 and 5 before (the
// spec's rule: US Eastern time, daylight saving from that date on).

const UNITS = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
] as const;

/** "just now", "1 second ago", "3 minutes ago", "2 days ago", "a year ago" style text for a past instant. */
export function relativeTime(then: Date | string, now: Date | string = new Date()): string {
  const seconds = Math.max(0, Math.floor((new Date(now).getTime() - new Date(then).getTime()) / 1000));
  if (seconds < 1) return "just now";
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
    }
  }
  return "just now";
}

/** From 2023-03-13 the product's timestamps are 4 hours behind UTC; before it, 5. */
export const FOUR_HOUR_OFFSET_FROM = Date.UTC(2023, 2, 13);

/**
 * A zone-less timestamp ("2023-03-14 10:00:00" or "2023-03-14T10:00:00") of the product's clock as a UTC
 * Date: +4 h on and after 2023-03-13, +5 h before. Null for text that is not such a timestamp.
 */
export function productTimeToUtc(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "0", ms = "0"] = match;
  const asIfUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, "0")));
  if (Number.isNaN(asIfUtc) || new Date(asIfUtc).getUTCDate() !== Number(d)) return null;
  const hours = asIfUtc >= FOUR_HOUR_OFFSET_FROM ? 4 : 5;
  return new Date(asIfUtc + hours * 3600_000);
}
