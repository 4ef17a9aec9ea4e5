// The optional start_date / end_date of the stats calls (spec 2 §7, §2: minimum 2019-01-01, maximum today;
// default the last 30 days).
import { z } from "zod";

export const STATS_MIN_DATE = "2019-01-01";
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use YYYY-MM-DD." }).refine((value) => !Number.isNaN(Date.parse(value)), { message: "Not a date." });

export const StatsRangeQuery = z
  .object({ start_date: Day.optional(), end_date: Day.optional() })
  .transform((query) => {
    const today = new Date().toISOString().slice(0, 10);
    const start = query.start_date ?? new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const end = query.end_date ?? today;
    return { start: start < STATS_MIN_DATE ? STATS_MIN_DATE : start, end: end > today ? today : end };
  })
  .refine((range) => range.start <= range.end, { message: "start_date must not be after end_date.", path: ["start_date"] });
