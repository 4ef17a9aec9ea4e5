// POST /api/cover_art (multipart, file in `coverArt`): an uploaded cover, checked and stored in three sizes
// (spec 2 §5). Use its id as `coverArtId` with POST/PUT /api/album. The file is streamed to disk, never
// buffered whole, and a declared body over 50 MB is refused before it is read.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { COVER_MESSAGES, CoverArtSchema, coverArtView, readCoverUpload, storeUploadedCoverArt } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/cover_art",
  summary: "Upload cover art",
  description: "JPEG or PNG (read from the bytes), square, at least 3000×3000 and under 50 MB. CMYK, greyscale or transparent images are converted to RGB JPEG. Refusals are 400 on `coverArt` with the reason.",
  tags: ["releases"],
  request: { multipart: true, body: z.object({ coverArt: z.custom<File>(() => true).meta({ type: "string", format: "binary", description: "The image" }) }) },
  responses: {
    201: { description: "Stored", schema: z.object({ coverArt: CoverArtSchema }) },
    400: { description: "Not a JPEG or PNG, not square, too small, 50 MB or more (on `coverArt`)" },
    401: { description: "Not signed in" },
  },
});

// The wrapper's body parsing would buffer the file: the upload is read here, from the stream, instead.
const upload = apiRoute({ ...operation, request: undefined }, async ({ request }) => {
  const user = await requireUser(request);
  const { file } = await readCoverUpload(request);
  if (!file) throw new ApiError(400, "invalid_input", COVER_MESSAGES.empty, { coverArt: [COVER_MESSAGES.empty] });
  return { coverArt: coverArtView(await storeUploadedCoverArt(user, file)) };
});

export function action(args: ActionFunctionArgs) {
  return upload(args);
}
