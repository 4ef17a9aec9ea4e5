// GET /api/song/{id} (spec 1 §7): one song, for its owner, or for anyone when it is not private, with spec 1
// §3's other fields (owner's name, share link, stream URL, release, type).
// PUT /api/song/{id}: the owner changes its name, artist name, tags or private flag (the info page's
// schema and service, app/services/songs/info.server.ts).
import { z } from "zod";
import { findVisibleSong, toSongSummary } from "~/models/song.server";
import { apiRoute } from "~/server/api.server";
import { getOptionalUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongDetailsResponseSchema, SongSummarySchema } from "~/services/songs/api-schemas";
import { songDetails } from "~/services/song-details/index.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { SongInfoSchema, updateSongInfo } from "~/services/songs/info.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}",
  summary: "One song",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The song", schema: SongDetailsResponseSchema },
    404: { description: "No such song, or a private song of someone else" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const user = await getOptionalUser(request);
  const song = await findVisibleSong(user?.id ?? null, params.id);
  if (!song) throw new ApiError(404, "not_found", "This song does not exist.");
  return { song: { ...toSongSummary(song), ...(await songDetails(song)) } };
});

const SongWithInfoSchema = z.object({
  song: SongSummarySchema.extend({ tags: z.array(z.string()) }).meta({ id: "SongWithInfo" }),
});

const updateOperation = registerApiOperation({
  method: "PUT",
  path: "/api/song/{id}",
  summary: "Change a song's name, artist name, tags or private flag",
  description:
    'Fields left out keep their value. A blank songName or "New Song" leaves the song unnamed; a blank artistName clears it. ' +
    "Names up to 80 characters; up to 10 tags of up to 30 letters, digits, spaces or hyphens. Nothing is re-rendered, " +
    "and a mastered song's info stays editable.",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }), body: SongInfoSchema },
  responses: {
    200: { description: "The song with its new info", schema: SongWithInfoSchema },
    400: { description: "A field is invalid (per-field messages)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the song is locked" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being generated" },
  },
});

export const action = apiRoute(updateOperation, async ({ request, params, body }) => {
  const loaded = await requireEditableSong(request, params.id, { allowReadOnly: true });
  const song = await updateSongInfo(loaded, body);
  return { song: { ...toSongSummary(song), tags: song.tags } };
});
