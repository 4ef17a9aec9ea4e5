// /api/song/{id}/dolby/master (spec 2 §4, §7), for the song's owner:
//   POST    masters the whole song with the chosen preset (the master.full job); 202, then poll GET
//           /api/song/{id}/dolby/track. 402 ERROR_PROCESSING without a paid purchase for the song (the
//           server's rule, whatever a page shows); 409 ERROR_PRESET_SELECTION without a chosen preset.
//   DELETE  removes the master: the song plays and downloads its own files again. 204; 404 when none.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { deleteMasteringFile, requireMasteringSong, startMaster } from "~/services/mastering/index.server";
import { IdSchema } from "~/utils/input-schemas";

const params = z.object({ id: IdSchema });
const guarded = {
  401: { description: "Not signed in" },
  403: { description: "Email not verified" },
  404: { description: "Not one of the user's songs" },
};

const createOperation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/dolby/master",
  summary: "Master the whole song",
  tags: ["mastering"],
  request: { params },
  responses: {
    202: { description: "Mastering queued (or already made for this version)", schema: z.object({ status: z.enum(["queued", "processing", "ready"]) }) },
    ...guarded,
    402: { description: "ERROR_PROCESSING: mastering this song is not paid for" },
    409: { description: "ERROR_PRESET_SELECTION: no preset chosen; ERROR_PROCESSING: the song is not ready" },
  },
});
const create = apiRoute(createOperation, async ({ request, params }) => {
  const { user, song } = await requireMasteringSong(request, params.id);
  return startMaster(song, user.id);
});

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/song/{id}/dolby/master",
  summary: "Remove a song's master",
  tags: ["mastering"],
  request: { params },
  responses: { 204: { description: "Removed" }, ...guarded, 404: { description: "Not one of the user's songs, or no master" } },
});
const remove = apiRoute(deleteOperation, async ({ request, params }) => {
  const { song } = await requireMasteringSong(request, params.id);
  if (!(await deleteMasteringFile(song.id, "dolby_master"))) throw new ApiError(404, "not_found", "This song has no master.");
  return null;
});

const byMethod: Record<string, (args: ActionFunctionArgs) => Promise<Response>> = { POST: create, DELETE: remove };

export const action = (args: ActionFunctionArgs) => (byMethod[args.request.method] ?? create)(args);
