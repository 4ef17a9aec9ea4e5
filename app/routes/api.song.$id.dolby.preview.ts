// /api/song/{id}/dolby/preview (spec 2 §4, §7), for the song's owner:
//   POST    every preset's preview of one 30-second window. 202 `queued`, or 202 `waiting_for_wav` when
//           the song's WAV was not ready (it has been requested: retry after retryAfterMs); 409 when the
//           song already has its preview sample (one per song); 502 ERROR_LOADING_PREVIEW when the WAV
//           export failed (it is requested again).
//   DELETE  the previews, freeing the song's preview sample. 204; 404 when there are none.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { PLATFORM_IDS } from "~/engine/master/presets";
import { apiRoute } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { deleteMasteringFile, requestPreviews, requireMasteringSong } from "~/services/mastering/index.server";
import { IdSchema } from "~/utils/input-schemas";

const params = z.object({ id: IdSchema });
const guarded = {
  401: { description: "Not signed in" },
  403: { description: "Email not verified" },
  404: { description: "Not one of the user's songs" },
};

export const PreviewBodySchema = z.object({
  startSeconds: z.coerce.number().int("Whole seconds").min(0, "The window cannot start before the song").max(3600).optional(),
  intensity: z.coerce.number().int("A whole number from 0 to 100").min(0, "At least 0").max(100, "At most 100").optional(),
  platform: z.enum(PLATFORM_IDS).optional(),
});

const createOperation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/dolby/preview",
  summary: "Make every preset's preview of a 30-second sample",
  description: "One preview sample per song. If the song's WAV is not ready it is requested: retry after 2.5 s. Then poll GET /api/song/{id}/dolby/track every 2.5 s.",
  tags: ["mastering"],
  request: { params, body: PreviewBodySchema },
  responses: {
    202: {
      description: "Queued, or waiting for the WAV",
      schema: z.object({ status: z.enum(["queued", "waiting_for_wav"]), startSeconds: z.number().optional(), retryAfterMs: z.number().optional() }),
    },
    400: { description: "A field is invalid" },
    ...guarded,
    409: { description: "The song already has its preview sample, or is still being created" },
    502: { description: "ERROR_LOADING_PREVIEW: the song's WAV could not be made (requested again)" },
  },
});
const create = apiRoute(createOperation, async ({ request, params, body }) => {
  const { user, song } = await requireMasteringSong(request, params.id);
  if (song.status !== "complete" || !song.media) throw new ApiError(409, "not_ready", "This song is still being created.");
  return requestPreviews(song, user.id, body);
});

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/song/{id}/dolby/preview",
  summary: "Delete a song's previews",
  tags: ["mastering"],
  request: { params },
  responses: { 204: { description: "Deleted" }, ...guarded, 404: { description: "Not one of the user's songs, or no previews" } },
});
const remove = apiRoute(deleteOperation, async ({ request, params }) => {
  const { song } = await requireMasteringSong(request, params.id);
  if (!(await deleteMasteringFile(song.id, "dolby_previews"))) throw new ApiError(404, "not_found", "This song has no previews.");
  return null;
});

const byMethod: Record<string, (args: ActionFunctionArgs) => Promise<Response>> = { POST: create, DELETE: remove };

export const action = (args: ActionFunctionArgs) => (byMethod[args.request.method] ?? create)(args);
