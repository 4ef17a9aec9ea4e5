// GET /api/song/{id}/download/{format} (spec 2 §6, §9): the song's mp3, wav, midi or stems (zip) as an
// attachment, for its owner, within the plan's features and monthly WAV allowance. The rules are in
// app/services/songs/downloads.server.ts. A browser following the link without JavaScript gets a refusal
// back on the song's options page instead of a JSON body.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getStorage } from "~/server/storage.server";
import { contentDisposition, DOWNLOAD_FORMATS, prepareDownload } from "~/services/songs/downloads.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/download/{format}",
  summary: "Download a song's file",
  description:
    "mp3 needs the downloads feature, wav wav_downloads, midi midi_downloads, stems (a zip of one WAV per part) the Pro plan. WAV and stems count against the monthly WAV allowance; a WAV must be prepared first (POST /api/song/{id}/wav).",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema, format: z.enum(DOWNLOAD_FORMATS) }) },
  responses: {
    200: { description: "The file, as an attachment" },
    401: { description: "Not signed in" },
    403: { description: "The plan does not include this format, or the song is locked" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being created, or its WAV is not prepared" },
    429: { description: "The monthly WAV allowance is used up" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { user, song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  let download;
  try {
    download = await prepareDownload(user, song, params.format, { record: request.method !== "HEAD" });
  } catch (error) {
    const page = (request.headers.get("accept") ?? "").includes("text/html");
    if (page && error instanceof ApiError) throw redirect(`/edit/${song.id}?${new URLSearchParams({ error: error.message })}`);
    throw error;
  }
  const body = request.method === "HEAD" ? null : getStorage().createReadStream(download.key);
  return new Response(body, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Length": String(download.size),
      "Content-Disposition": contentDisposition(download.filename),
      "Cache-Control": "private, no-store",
    },
  });
});
