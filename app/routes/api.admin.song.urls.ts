// POST /api/admin/song/urls (distribution viewer; spec 3 §7: songIds, type): short-lived URLs to songs'
// files for staff, private songs included (reviewing a release, a takedown, a support case). Each URL
// works for STAFF_SONG_URL_MINUTES, only in the asking staff member's session. Audited.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { STAFF_SONG_URL_TYPES, staffSongUrls, type StaffSongUrlType } from "~/services/admin";

const TYPES = Object.keys(STAFF_SONG_URL_TYPES) as [StaffSongUrlType, ...StaffSongUrlType[]];

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/song/urls",
  summary: "URLs to songs' files for staff (distribution viewer)",
  tags: ["admin", "songs"],
  request: {
    body: z.object({
      songIds: z.array(z.string().trim().min(1).max(64)).min(1, "songIds needs at least one song id").max(100, "songIds takes at most 100 ids"),
      type: z.enum(TYPES, { message: `type must be one of ${TYPES.join(", ")}` }),
    }),
  },
  responses: {
    200: {
      description: "A URL per song, or null with the reason",
      schema: z.object({ type: z.string(), expiresAt: z.string(), urls: z.array(z.object({ songId: z.string(), url: z.string().nullable(), reason: z.string().nullable() })) }),
    },
    400: { description: "songIds or type missing or malformed" },
    403: { description: "Without distribution viewer" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const staff = await requirePermission(request, "distro:viewer");
  return staffSongUrls(db, staff.id, [...new Set(body.songIds)], body.type);
});
