// GET /api/admin/stats/user/{id}/songs (user viewer): the user's songs, newest first (at most 200), with
// status, saved, private and featured, and the counts.
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { songs } from "#drizzle/schema/songs";
import { findUserById } from "~/models/user.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { UserIdParams } from "~/services/admin/api-schemas";

const iso = z.date().transform((date) => date.toISOString());
const UserSongSchema = z.object({ id: z.string(), songName: z.string(), status: z.string(), saved: z.boolean(), private: z.boolean(), featuredAt: iso.nullable(), createdAt: iso });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/stats/user/{id}/songs",
  summary: "A user's songs for staff",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: {
    200: { description: "Counts and the newest 200 songs", schema: z.object({ made: z.number().int(), saved: z.number().int(), songs: z.array(UserSongSchema) }) },
    403: { description: "Missing user viewer" },
    404: { description: "No such user" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  const rows = await db
    .select({ id: songs.id, songName: songs.songName, status: songs.status, saved: songs.saved, private: songs.private, featuredAt: songs.featuredAt, createdAt: songs.createdAt })
    .from(songs)
    .where(eq(songs.userId, params.id))
    .orderBy(desc(songs.createdAt))
    .limit(200);
  const [counts] = await db
    .select({ made: count(), saved: sql<number>`count(*) filter (where ${songs.saved})`.mapWith(Number) })
    .from(songs)
    .where(eq(songs.userId, params.id));
  return { made: counts.made, saved: counts.saved, songs: rows };
});
