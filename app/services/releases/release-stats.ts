// Release stats by date range (spec 2 §2, §7 GET /album/{id}/stats, /user/total_streams). Stream counts
// arrive with royalty imports (the royalties issue); until a store has reported streams every count is
// zero, by day, so pages and clients can already draw the range.
import { z } from "zod";
import { STATS_MIN_DATE } from "~/utils/release-display";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** start_date/end_date (or startDate/endDate): from 2019-01-01 to today; default the last 28 days. */
export const StatsRangeSchema = z
  .object({
    start_date: z.string().regex(ISO_DATE, "Use YYYY-MM-DD.").optional(),
    end_date: z.string().regex(ISO_DATE, "Use YYYY-MM-DD.").optional(),
  })
  .transform((range, context) => {
    const end = range.end_date ?? todayIso();
    const start = range.start_date ?? todayIso(new Date(Date.parse(`${end}T00:00:00Z`) - 27 * 86_400_000));
    if (start < STATS_MIN_DATE) context.addIssue({ code: "custom", path: ["start_date"], message: `Stats start on ${STATS_MIN_DATE}.` });
    if (end > todayIso()) context.addIssue({ code: "custom", path: ["end_date"], message: "The end date cannot be in the future." });
    if (start > end) context.addIssue({ code: "custom", path: ["start_date"], message: "The start date must be on or before the end date." });
    return { start, end };
  });

export interface ReleaseStats {
  startDate: string;
  endDate: string;
  streams: number;
  days: { date: string; streams: number }[];
}

export function releaseStats(range: { start: string; end: string }): ReleaseStats {
  const days: { date: string; streams: number }[] = [];
  for (let day = Date.parse(`${range.start}T00:00:00Z`); day <= Date.parse(`${range.end}T00:00:00Z`) && days.length < 3_000; day += 86_400_000) {
    days.push({ date: todayIso(new Date(day)), streams: 0 });
  }
  return { startDate: range.start, endDate: range.end, streams: 0, days };
}
