// GET /api/release/{id}/download (spec 2 §7): a zip of the release's WAVs, its cover and a metadata sheet, streamed.
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { contentDisposition } from "~/services/songs/downloads.server";
import { downloadRelease, IdParams, requireOwnedRelease } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/release/{id}/download",
  summary: "Download a release",
  description: "application/zip: `release.txt` (metadata), one WAV per track (`01 Title.wav`...) and `cover.jpg`/`cover.png`. WAVs need a plan with WAV downloads.",
  tags: ["releases"],
  request: { params: IdParams },
  responses: {
    200: { description: "The zip" },
    401: { description: "Not signed in" },
    403: { description: "The plan has no WAV downloads" },
    404: { description: "No such release of this user" },
    409: { description: "No songs yet, or a WAV is missing" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const user = await requireUser(request);
  const { filename, stream } = await downloadRelease(user, await requireOwnedRelease(user.id, params.id));
  return new Response(stream, { headers: { "Content-Type": "application/zip", "Content-Disposition": contentDisposition(filename), "Cache-Control": "no-store" } });
});
