// PATCH and PUT /api/release/{id}/songs {songs} (spec 2 §7): sets the release's tracks, in order. Both
// replace the list (PATCH is the client's reorder, PUT its save); the rules are setReleaseSongs's.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { IdParams, ReleaseTrackSchema, releaseView, requireOwnedRelease, setReleaseSongs, SongsBodySchema } from "~/services/releases/index.server";

const answer = z.object({ songs: z.array(ReleaseTrackSchema) });
const responses = {
  200: { description: "The tracks now", schema: answer },
  400: { description: "Too many songs (the spec's message), or a song that cannot be released (on `songs`)" },
  401: { description: "Not signed in" },
  404: { description: "No such release of this user" },
  409: { description: "The release can no longer be changed" },
} as const;

const operations = (["PATCH", "PUT"] as const).map((method) =>
  registerApiOperation({
    method,
    path: "/api/release/{id}/songs",
    summary: method === "PATCH" ? "Reorder a release's tracks" : "Set a release's tracks",
    description: "`songs`: song ids (or objects with `id`) in track order; at most songsPerRelease (3).",
    tags: ["releases"],
    request: { params: IdParams, body: SongsBodySchema },
    responses,
  }),
);

const [patch, put] = operations.map((operation) =>
  apiRoute(operation, async ({ request, params, body }) => {
    const user = await requireUser(request);
    await setReleaseSongs(user, params.id, body.songs);
    return { songs: (await releaseView(await requireOwnedRelease(user.id, params.id))).songs };
  }),
);

export function action(args: ActionFunctionArgs) {
  return args.request.method === "PATCH" ? patch(args) : put(args);
}
