// GET /media/staff/songs/{songId}/{type}?expires=&signature=: a song's file for the staff member a URL of
// POST /api/admin/song/urls was issued to, private songs included, until it expires; only in their
// session and while they still hold distribution viewer. Never cached by shared caches.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { verifyStaffSongUrl } from "~/services/admin";

const TYPES: Record<string, string> = { mp3: "audio/mpeg", wav: "audio/wav", midi: "audio/midi", peaks: "application/json" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, "distro:viewer");
  const url = new URL(request.url);
  const type = params.type ?? "";
  const key = await verifyStaffSongUrl(db, staff.id, params.songId ?? "", type, url.searchParams.get("expires"), url.searchParams.get("signature"));
  if (!key || !TYPES[type]) return mediaNotFound();
  return storedMediaResponse(request, key, TYPES[type], "private, no-store");
}
