// GET /media/songs/{songId}/mastering/{file}: a song's mastering previews (docs/mastering.md):
// original.mp3 (the unmastered sample at matched loudness) and preview-{a..n}.mp3. The owner only; a
// verified account is needed as on the mastering page. Anyone else gets the same 404 as a missing file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findSong } from "~/models/song.server";
import { getOptionalUser } from "~/server/guards.server";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { findMasteringFile } from "~/services/mastering/index.server";
import type { PreviewsMetadata } from "../../drizzle/schema/mastering";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const match = /^(original|preview-([a-n]))\.mp3$/.exec(params.file ?? "");
  if (!user || !user.verified || !match || !params.songId) return mediaNotFound();
  const song = await findSong(params.songId);
  if (!song || song.userId !== user.id) return mediaNotFound();
  const file = await findMasteringFile(song.id, "dolby_previews");
  if (!file || file.status !== "ready") return mediaNotFound();
  const metadata = file.metadata as PreviewsMetadata;
  const key = match[1] === "original" ? metadata.original?.key : metadata.previews?.find((preview) => preview.letter === match[2])?.key;
  if (!key) return mediaNotFound();
  return storedMediaResponse(request, key, "audio/mpeg", "private, max-age=3600");
}
