// /api/song/{id}/vocal (spec 1 §4 Pending vocal, §7 DELETE /song/{id}/vocal), for the song's owner:
//   GET     the song's newest vocal and how far it is (the "pending vocal", polled every 2.5 s until
//           `applied`); 404 when the song never had one. Read-only songs too.
//   DELETE  takes the vocal off: a new version without it, 202; 404 when the song has no vocal.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { removeSongVocal, requireVocalState } from "~/services/vocals/vocal-take.server";
import { VocalStateSchema } from "~/services/vocals/take-api-schemas";
import { IdSchema } from "~/utils/input-schemas";

const params = z.object({ id: IdSchema });
const guarded = {
  401: { description: "Not signed in" },
  403: { description: "Email not verified, or the song is locked or mastered" },
  409: { description: "The song is still being created" },
};

const readOperation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/vocal",
  summary: "The song's pending vocal",
  tags: ["vocals"],
  request: { params },
  responses: {
    200: { description: "The newest vocal; the wait is over when applied is true (or status is error)", schema: VocalStateSchema },
    ...guarded,
    404: { description: "Not one of the user's songs, or no vocal yet" },
  },
});

export const loader = apiRoute(readOperation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return requireVocalState(song);
});

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/song/{id}/vocal",
  summary: "Take the vocal off the song",
  description: "Queues a version of the song without its vocal (rendered by song.rerender).",
  tags: ["vocals"],
  request: { params },
  responses: { 202: { description: "The version without the vocal is queued" }, ...guarded, 404: { description: "Not one of the user's songs, or the song has no vocal" } },
});

const remove = apiRoute(deleteOperation, async ({ request, params }) => {
  await removeSongVocal(await requireEditableSong(request, params.id));
  return null;
});

export const action = (args: ActionFunctionArgs) => remove(args);
