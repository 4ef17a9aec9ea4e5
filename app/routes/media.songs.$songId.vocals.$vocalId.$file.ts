// GET /media/songs/{songId}/vocals/{vocalId}/{mix.mp3|vocal.mp3}: a generated vocal's review files (the song
// mixed with the vocal, and the vocal alone), for the song's owner only; private, never in shared caches.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findSong } from "~/models/song.server";
import { requireUser } from "~/server/guards.server";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { reviewFileKey } from "~/services/vocals/generative-vocals.server";
import { findVocal } from "~/services/vocals/vocal-mix.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [song, vocal] = await Promise.all([findSong(params.songId ?? ""), findVocal(params.vocalId ?? "")]);
  const key = song && vocal && song.userId === user.id && vocal.songId === song.id ? reviewFileKey(vocal, params.file ?? "") : null;
  if (!key) return mediaNotFound();
  return storedMediaResponse(request, key, "audio/mpeg", "private, max-age=3600");
}
