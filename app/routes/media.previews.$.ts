// GET /media/previews/{style}.mp3 and /media/previews/{style}/{filter}.mp3: the style and filter previews
// (app/services/catalogue-previews), with the media route's ranges, ETags and caching. Public: the create
// flow's pages are for signed-in users, but a catalogue clip is no one's data. `?v=` is the previews'
// version: a URL with the current one may be cached for a year, others for an hour.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { parsePreviewPath, previewKey, previewVersion } from "~/services/catalogue-previews/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const item = parsePreviewPath(params["*"] ?? "");
  if (!item) return mediaNotFound();
  const current = new URL(request.url).searchParams.get("v") === previewVersion();
  return storedMediaResponse(request, previewKey(item), "audio/mpeg", current ? "public, max-age=31536000, immutable" : "public, max-age=3600");
}
