// POST /api/song/{id}/wav (spec 1 §4, §7): export the WAV of the song's current version. Answers 202 with
// the status (`fetching`, or `ready` when it already is); the client then polls GET …/wav/ready. A plain
// form post (JavaScript off) is sent back to the song's options page, which shows the state.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { requestWav } from "~/services/songs/wav.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/wav",
  summary: "Prepare the WAV of a song",
  description: "Queues the WAV export of the version the song plays now. Poll GET /api/song/{id}/wav/ready every 2 s, for at most 60 s.",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    202: { description: "Export queued (or already ready)", schema: z.object({ status: z.enum(["fetching", "ready"]) }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being created" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  // Read-only songs (mastered, locked) can still be exported: an export changes nothing in the song.
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  const { status } = await requestWav(song);
  if (isPlainFormPost(request)) throw redirect(`/edit/${song.id}`, 303);
  return { status: status === "ready" ? ("ready" as const) : ("fetching" as const) };
});

/** A browser submitting a <form> without JavaScript wants a page back, not JSON. */
function isPlainFormPost(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  const accept = request.headers.get("accept") ?? "";
  return (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) && accept.includes("text/html");
}
