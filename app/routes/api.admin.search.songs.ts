// GET /api/admin/search/songs (distro viewer): songs by name, artist name or id, newest first, paged
// (page, itemsPerPage 10/25/50, default 25), as on /admin/songs.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { searchSongs, SongSearchSchema } from "~/services/admin";

const iso = z.date().transform((date) => date.toISOString());
const SongRow = z
  .object({ id: z.string(), songName: z.string(), artistName: z.string().nullable(), status: z.string(), private: z.boolean(), saved: z.boolean(), featuredAt: iso.nullable(), createdAt: iso, ownerId: z.string().nullable(), ownerEmail: z.string().nullable() })
  .meta({ id: "AdminSong" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/search/songs",
  summary: "Find songs",
  tags: ["admin"],
  request: { query: SongSearchSchema },
  responses: { 200: { description: "One page of songs", schema: z.object({ total: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int(), songs: z.array(SongRow) }) }, 400: { description: "Bad paging" }, 403: { description: "Missing distro viewer" } },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requirePermission(request, "distro:viewer");
  return searchSongs(db, query);
});
