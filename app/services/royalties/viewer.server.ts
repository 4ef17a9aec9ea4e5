// The royalty viewer (spec 3 §6–7, /admin/royalties and GET /api/admin/royalties/*): records for a date
// range, by UPC and by ISRC (from the royalty_streams rollup, never the report files), held lines, and
// reports pending or complete. Dates default to the last 7 days and start no earlier than 2019-01-01.
import { z } from "zod";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { royaltyHeldLines, royaltyReports } from "#drizzle/schema/royalties";
import { rawRows, type Db } from "~/server/db.server";
import { PAGE_SIZES, ROYALTY_DEFAULT_DAYS, ROYALTY_MIN_DATE } from "./constants";
import { isValidDay } from "./report-format";


const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const day = (field: string) =>
  z
    .string()
    .trim()
    .refine(isValidDay, `${field} must be a day, YYYY-MM-DD`)
    .refine((value) => value >= ROYALTY_MIN_DATE, `${field} cannot be before ${ROYALTY_MIN_DATE}`);

/** startDate/endDate (spec names; start_date/end_date accepted), page and itemsPerPage (10, 25 or 50). */
export const RecordsQuerySchema = z
  .object({
    startDate: day("startDate").optional(),
    endDate: day("endDate").optional(),
    start_date: day("start_date").optional(),
    end_date: day("end_date").optional(),
    isrc: z.string().trim().max(20).optional(),
    upc: z.string().trim().max(20).optional(),
    page: z.coerce.number().int().min(1, "page starts at 1").max(100_000).default(1),
    itemsPerPage: z.coerce
      .number()
      .int()
      .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), "itemsPerPage must be 10, 25 or 50")
      .default(25),
  })
  .transform((query) => ({
    startDate: query.startDate ?? query.start_date ?? daysAgo(ROYALTY_DEFAULT_DAYS - 1),
    endDate: query.endDate ?? query.end_date ?? today(),
    isrc: query.isrc?.replace(/-/g, "").toUpperCase() || undefined,
    upc: query.upc || undefined,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  }))
  .refine((query) => query.startDate <= query.endDate, { message: "startDate must not be after endDate", path: ["startDate"] });
export type RecordsQuery = z.output<typeof RecordsQuerySchema>;

export interface RoyaltyRecord {
  isrc: string;
  upc: string;
  songId: string;
  userId: string;
  songName: string | null;
  store: string;
  territory: string | null;
  day: string | null;
  streams: number;
  grossMicros: number;
  creatorMicros: number;
}

export interface RecordsPage {
  startDate: string;
  endDate: string;
  page: number;
  itemsPerPage: number;
  total: number;
  totals: { streams: number; grossMicros: number; creatorMicros: number };
  records: RoyaltyRecord[];
}

/**
 * For a date range: streams and money per ISRC and store. For one ISRC: per day, store and territory.
 * For one UPC: per ISRC and store.
 */
export async function royaltyRecords(database: Db, query: RecordsQuery): Promise<RecordsPage> {
  const range = sql`rs.day between ${query.startDate}::date and ${query.endDate}::date`;
  const where = query.isrc ? sql`${range} and rs.isrc = ${query.isrc}` : query.upc ? sql`${range} and rs.upc = ${query.upc}` : range;
  const detailed = Boolean(query.isrc);
  const groupCols = detailed ? sql`rs.isrc, rs.upc, rs.song_id, rs.user_id, rs.store, rs.territory, rs.day` : sql`rs.isrc, rs.upc, rs.song_id, rs.user_id, rs.store`;
  const order = detailed ? sql`rs.day desc, sum(rs.streams) desc` : sql`sum(rs.streams) desc, rs.isrc, rs.store`;
  const offset = (query.page - 1) * query.itemsPerPage;
  const [totals] = await rawRows<{ groups: number; streams: string; gross: string; creator: string }>(
    database,
    sql`select (select count(*)::int from (select 1 from royalty_streams rs where ${where} group by ${groupCols}) g) as groups,
      coalesce(sum(rs.streams), 0)::text as streams, coalesce(sum(rs.gross_micros), 0)::text as gross, coalesce(sum(rs.creator_micros), 0)::text as creator
      from royalty_streams rs where ${where}`,
  );
  const rows = await rawRows<{ isrc: string; upc: string; song_id: string; user_id: string; song_name: string | null; store: string; territory: string | null; day: string | null; streams: string; gross: string; creator: string }>(
    database,
    sql`select ${groupCols}, ${detailed ? sql`` : sql`null::text as territory, null::text as day,`}
      (select s.song_name from songs s where s.id = rs.song_id) as song_name,
      sum(rs.streams)::text as streams, sum(rs.gross_micros)::text as gross, sum(rs.creator_micros)::text as creator
      from royalty_streams rs where ${where} group by ${groupCols} order by ${order} limit ${query.itemsPerPage} offset ${offset}`,
  );
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
    total: totals.groups,
    totals: { streams: Number(totals.streams), grossMicros: Number(totals.gross), creatorMicros: Number(totals.creator) },
    records: rows.map((row) => ({
      isrc: row.isrc,
      upc: row.upc,
      songId: row.song_id,
      userId: row.user_id,
      songName: row.song_name,
      store: row.store,
      territory: row.territory ?? null,
      day: row.day ? String(row.day).slice(0, 10) : null,
      streams: Number(row.streams),
      grossMicros: Number(row.gross),
      creatorMicros: Number(row.creator),
    })),
  };
}

export async function heldLines(database: Db, options: { status: "held" | "approved"; page: number; itemsPerPage: number }) {
  const where = eq(royaltyHeldLines.status, options.status);
  const [{ total }] = await database.select({ total: count() }).from(royaltyHeldLines).where(where);
  const rows = await database
    .select()
    .from(royaltyHeldLines)
    .where(where)
    .orderBy(desc(royaltyHeldLines.createdAt), royaltyHeldLines.reportId, royaltyHeldLines.lineNo)
    .limit(options.itemsPerPage)
    .offset((options.page - 1) * options.itemsPerPage);
  return { total, page: options.page, itemsPerPage: options.itemsPerPage, held: rows };
}

/** pending: not imported yet (pending, processing or failed); complete: imported. */
export async function royaltyReportList(database: Db, state: "pending" | "complete", limit = 50) {
  const statuses = state === "complete" ? (["complete"] as const) : (["pending", "processing", "failed"] as const);
  return database
    .select()
    .from(royaltyReports)
    .where(and(inArray(royaltyReports.status, [...statuses])))
    .orderBy(desc(royaltyReports.createdAt))
    .limit(limit);
}
