// GET /api/labs/generations/{id}/download?format= (spec 2 §7 downloadLabsSong): a Labs generation's MP3
// or WAV, streamed from media storage, for its owner with labs access. The library's player plays the MP3
// from here too (`inline=1` leaves the attachment header off).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getStorage } from "~/server/storage.server";
import { LABS_FORMATS, labsDownload } from "~/services/labs/index.server";
import { contentDisposition } from "~/services/songs/downloads.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/labs/generations/{id}/download",
  summary: "Download a Labs generation",
  tags: ["library"],
  request: {
    params: z.object({ id: IdSchema }),
    query: z.object({ format: z.enum(LABS_FORMATS).default("mp3"), inline: z.enum(["0", "1"]).default("0").describe("1 plays in the page instead of saving a file") }),
  },
  responses: {
    200: { description: "The file" },
    400: { description: "An unknown format" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or no labs access" },
    404: { description: "Not one of the user's generations, or no file in that format" },
  },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  const user = await requireVerifiedUser(request);
  const download = await labsDownload(user, params.id, query.format);
  const storage = getStorage();
  const stored = await storage.stat(download.key);
  if (!stored) throw new ApiError(404, "no_such_format", `This generation has no ${query.format.toUpperCase()} file.`);
  const body = request.method === "HEAD" ? null : storage.createReadStream(download.key);
  return new Response(body, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Length": String(stored.size),
      ...(query.inline === "1" ? {} : { "Content-Disposition": contentDisposition(download.filename) }),
      "Cache-Control": "private, no-store",
    },
  });
});
