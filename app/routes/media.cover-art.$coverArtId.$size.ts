// GET /media/cover-art/{coverArtId}/{size}: one size of a cover (thumbnail 300 px, page 1400 px, full ≥ 3000 px).
// The owner's covers are private; a live release's cover is public and cached (covers never change: a
// new cover is a new id).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/server/guards.server";
import { mediaNotFound, storedMediaResponse } from "~/server/media-response.server";
import { visibleCoverArt } from "~/services/releases/index.server";

const SIZES = ["thumbnail", "page", "full"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const size = SIZES.find((candidate) => candidate === params.size);
  if (!size) return mediaNotFound();
  const visible = await visibleCoverArt(params.coverArtId ?? "", user?.id ?? null);
  if (!visible) return mediaNotFound();
  const key = visible.art.sizes[size];
  const type = key.endsWith(".png") ? "image/png" : "image/jpeg";
  return storedMediaResponse(request, key, type, visible.isPublic ? "public, max-age=86400, immutable" : "private, max-age=86400, immutable");
}
