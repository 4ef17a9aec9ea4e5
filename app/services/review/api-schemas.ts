// Zod shapes of the review API's answers and queries (GET /api/admin/releases/…), shared by the route files
// and so by /api/openapi.json. The API speaks spec 3 §2's wire names: start_date, end_date and perPage.
import { z } from "zod";
import { BULK_MAX_RELEASES } from "./actions.server";
import { QueueQuerySchema, type Queue, type QueueQuery } from "./queue.server";

export const QueueApiQuery = z.object({
  query: z.string().max(200).optional().describe("Search: title, artist name, the user's email, a release or user id"),
  start_date: z.string().max(10).optional().describe("Submitted on or after (YYYY-MM-DD, from 2019-01-01)"),
  end_date: z.string().max(10).optional().describe("Submitted on or before (YYYY-MM-DD)"),
  page: z.string().max(6).optional().describe("From 1"),
  perPage: z.string().max(2).optional().describe("10, 25 (default) or 50"),
});

/** The API's names to the queue's; a bad value fails with the page's message. */
export function queueQueryFromApi(queue: Queue, query: z.output<typeof QueueApiQuery>): QueueQuery {
  return QueueQuerySchema.parse({ queue, q: query.query ?? "", startDate: query.start_date, endDate: query.end_date, page: query.page, itemsPerPage: query.perPage });
}

export const QueueReleaseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artistName: z.string(),
    userId: z.string(),
    email: z.string(),
    status: z.number().int().nullable(),
    statusLabel: z.string(),
    submittedAt: z.string().nullable(),
    lockedBy: z.string().nullable().describe("The email of the admin reviewing the user's releases, if any"),
  })
  .meta({ id: "ReviewQueueRelease" });

export const QueueUserSchema = z
  .object({ userId: z.string(), email: z.string(), releases: z.number().int(), oldestSubmittedAt: z.string().nullable(), lockedBy: z.string().nullable() })
  .meta({ id: "ReviewQueueUser" });

export const ReleaseQueueResponse = z.object({ releases: z.array(QueueReleaseSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });
export const UserQueueResponse = z.object({ users: z.array(QueueUserSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

/** A bulk approve or reject (POST /api/admin/releases/bulk and its confirmations). */
export const BulkBody = z.object({
  action: z.enum(["approve", "reject"], { message: "The action is approve or reject." }),
  releaseIds: z.array(z.string().max(64)).min(1, { message: "Choose at least one release." }).max(BULK_MAX_RELEASES, { message: `Choose at most ${BULK_MAX_RELEASES} releases.` }),
  message: z.string().max(2000).optional().describe("The rejection's message to the users"),
});
