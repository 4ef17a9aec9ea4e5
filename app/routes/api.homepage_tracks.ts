// GET /api/homepage_tracks (spec 2 §7): the Home page's tracks: songs staff feature, else the newest public songs.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { homepageTracks } from "~/services/library/index.server";
import { PublicSongSchema } from "~/services/library/public-song-schema";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/homepage_tracks",
  summary: "Home page tracks",
  tags: ["library"],
  responses: { 200: { description: "Up to 12 public songs", schema: z.object({ songs: z.array(PublicSongSchema) }) } },
});

export const loader = apiRoute(operation, async () => ({ songs: await homepageTracks() }));
