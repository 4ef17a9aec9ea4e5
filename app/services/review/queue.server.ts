// The staff review queues of /admin/distro and GET /api/admin/releases/… (spec 3 §7 "Admin releases"):
// releases by status (submitted, approved, live) and users by what waits for them (submitted releases,
// on hold, paid users, free users), searchable, by submission date, paged per spec 3 §2 (page and
// itemsPerPage, 10/25/50, default 25). Release queues read the (status, submitted_at, id) index in order;
// offsets are bounded (MAX_QUEUE_OFFSET) so no page walks further than a reviewer could.
import { and, asc, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { subscriptions } from "#drizzle/schema/billing";
import { releases } from "#drizzle/schema/releases";
import { releaseReviewLocks } from "#drizzle/schema/review";
import type { Db, Tx } from "~/server/db.server";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "~/services/admin/user-lookup";
import { ReleaseStatus, releaseStatusLabel } from "~/services/releases/status";
import { STATS_MIN_DATE } from "~/utils/release-display";
import { QUEUES, RELEASE_QUEUES, type Queue } from "./labels";

export { QUEUE_LABELS, QUEUES, RELEASE_QUEUES, USER_QUEUES, type Queue } from "./labels";

/** The furthest a queue pages (400 pages of 25): deeper offsets cost more than any reviewer needs. */
export const MAX_QUEUE_OFFSET = 10_000;

const QUEUE_STATUS: Record<Queue, number> = {
  submitted: ReleaseStatus.Submitted,
  approved: ReleaseStatus.Approved,
  live: ReleaseStatus.Live,
  submitted_users: ReleaseStatus.Submitted,
  on_hold_users: ReleaseStatus.Hold,
  paid_users: ReleaseStatus.Submitted,
  free_users: ReleaseStatus.Submitted,
};

const pageMessage = "The page is a whole number from 1.";
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2024-05-31." })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: "Use a real date." })
  .refine((value) => value >= STATS_MIN_DATE, { message: `Dates start at ${STATS_MIN_DATE}.` });
const optionalDate = z.preprocess((value) => (value === "" || value === null ? undefined : value), isoDate.optional());

export const QueueQuerySchema = z
  .object({
    queue: z.enum(QUEUES, { message: `Choose one of: ${QUEUES.join(", ")}.` }).default("submitted"),
    q: z.string().trim().max(200, { message: "Search at most 200 characters." }).default(""),
    startDate: optionalDate,
    endDate: optionalDate,
    page: z.coerce.number({ message: pageMessage }).int({ message: pageMessage }).min(1, { message: pageMessage }).default(1),
    itemsPerPage: z.coerce
      .number()
      .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { message: "Show 10, 25 or 50 per page." })
      .default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((query, context) => {
    if (query.startDate && query.endDate && query.startDate > query.endDate) context.addIssue({ code: "custom", path: ["endDate"], message: "The end date is before the start date." });
    if ((query.page - 1) * query.itemsPerPage >= MAX_QUEUE_OFFSET) {
      context.addIssue({ code: "custom", path: ["page"], message: `Pages go up to ${MAX_QUEUE_OFFSET / query.itemsPerPage}; search or narrow the dates instead.` });
    }
  });
export type QueueQuery = z.output<typeof QueueQuerySchema>;

export interface QueueRelease {
  id: string;
  title: string;
  artistName: string;
  userId: string;
  email: string;
  status: number | null;
  statusLabel: string;
  submittedAt: string | null;
  lockedBy: string | null;
}

export interface QueueUser {
  userId: string;
  email: string;
  releases: number;
  oldestSubmittedAt: string | null;
  lockedBy: string | null;
}

export type QueuePage =
  | { kind: "releases"; queue: Queue; rows: QueueRelease[]; total: number; page: number; itemsPerPage: number }
  | { kind: "users"; queue: Queue; rows: QueueUser[]; total: number; page: number; itemsPerPage: number };

// One hashed set of paying users, rather than a lookup per release row.
const paidNow = sql`${releases.userId} in (select ${subscriptions.userId} from ${subscriptions} where ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > now())`;

function filters(query: QueueQuery): SQL[] {
  const where: SQL[] = [eq(releases.status, QUEUE_STATUS[query.queue])];
  if (query.startDate) where.push(gte(releases.submittedAt, new Date(`${query.startDate}T00:00:00Z`)));
  if (query.endDate) where.push(lt(releases.submittedAt, new Date(Date.parse(`${query.endDate}T00:00:00Z`) + 86_400_000)));
  if (query.queue === "paid_users") where.push(paidNow);
  if (query.queue === "free_users") where.push(sql`not (${paidNow})`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // Emails are matched as one hashed set of user ids, so no search joins users row by row.
    const byEmail = sql`${releases.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${like})`;
    where.push(or(ilike(releases.title, like), ilike(releases.artistName, like), byEmail, eq(releases.id, query.q), eq(releases.userId, query.q))!);
  }
  return where;
}

/** Emails of the users and of the admins holding a live lock on them, for one page of rows. */
async function peopleOf(database: Db | Tx, userIds: string[]) {
  if (userIds.length === 0) return { emails: new Map<string, string>(), locks: new Map<string, string>() };
  const owners = await database.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  const holders = await database
    .select({ userId: releaseReviewLocks.userId, email: users.email })
    .from(releaseReviewLocks)
    .innerJoin(users, eq(users.id, releaseReviewLocks.adminId))
    .where(and(inArray(releaseReviewLocks.userId, userIds), sql`${releaseReviewLocks.expiresAt} > now()`));
  return { emails: new Map(owners.map((row) => [row.id, row.email])), locks: new Map(holders.map((row) => [row.userId, row.email])) };
}

/**
 * One page of a queue. The count and the page's ids come from releases alone (in index order unless
 * searching), and emails and lock holders are looked up for the page's rows only.
 */
export async function listQueue(database: Db | Tx, query: QueueQuery): Promise<QueuePage> {
  const where = and(...filters(query));
  const offset = (query.page - 1) * query.itemsPerPage;
  const base = { queue: query.queue, page: query.page, itemsPerPage: query.itemsPerPage };
  if ((RELEASE_QUEUES as readonly string[]).includes(query.queue)) {
    let total: number;
    let ids: string[];
    if (query.q) {
      // A search scans the status's rows once, counting them in the same pass.
      const found = await database
        .select({ id: releases.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(releases)
        .where(where)
        .orderBy(asc(releases.submittedAt), asc(releases.id))
        .limit(query.itemsPerPage)
        .offset(offset);
      ids = found.map((row) => row.id);
      total = found[0]?.total ?? (offset > 0 ? (await database.select({ total: count() }).from(releases).where(where))[0].total : 0);
    } else {
      // The plain queue walks the (status, submitted_at, id) index: the count and the page read it alone.
      [{ total }] = await database.select({ total: count() }).from(releases).where(where);
      ids = (await database.select({ id: releases.id }).from(releases).where(where).orderBy(asc(releases.submittedAt), asc(releases.id)).limit(query.itemsPerPage).offset(offset)).map((row) => row.id);
    }
    const rows =
      ids.length === 0
        ? []
        : await database
            .select({ id: releases.id, title: releases.title, artistName: releases.artistName, userId: releases.userId, status: releases.status, submittedAt: releases.submittedAt })
            .from(releases)
            .where(inArray(releases.id, ids))
            .orderBy(asc(releases.submittedAt), asc(releases.id));
    const people = await peopleOf(database, [...new Set(rows.map((row) => row.userId))]);
    return {
      kind: "releases",
      ...base,
      total,
      rows: rows.map((row) => ({
        ...row,
        email: people.emails.get(row.userId) ?? "",
        statusLabel: releaseStatusLabel(row.status),
        submittedAt: row.submittedAt?.toISOString() ?? null,
        lockedBy: people.locks.get(row.userId) ?? null,
      })),
    };
  }
  const oldest = sql<Date | null>`min(${releases.submittedAt})`;
  // Grouping and counting the groups in one pass (the window runs over the groups, before the limit).
  const grouped = database.select({ userId: releases.userId, releases: count(), oldest, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(releases);
  const rows = await grouped
    .where(where)
    .groupBy(releases.userId)
    .orderBy(sql`min(${releases.submittedAt}) asc nulls last`, asc(releases.userId))
    .limit(query.itemsPerPage)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const counted = database.select({ total: sql<number>`count(distinct ${releases.userId})`.mapWith(Number) }).from(releases);
    [{ total }] = await counted.where(where);
  }
  const people = await peopleOf(database, rows.map((row) => row.userId));
  return {
    kind: "users",
    ...base,
    total,
    rows: rows.map((row) => ({
      userId: row.userId,
      email: people.emails.get(row.userId) ?? "",
      releases: row.releases,
      oldestSubmittedAt: row.oldest ? new Date(row.oldest).toISOString() : null,
      lockedBy: people.locks.get(row.userId) ?? null,
    })),
  };
}
