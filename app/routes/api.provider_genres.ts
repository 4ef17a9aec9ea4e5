// GET /api/provider_genres (spec 2 §7): the store genre list (app/content/release-genres.ts).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { DEFAULT_GENRE, RELEASE_GENRES } from "~/content/release-genres";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/provider_genres",
  summary: "Genres a release can have",
  tags: ["releases"],
  responses: { 200: { description: "Genres", schema: z.object({ genres: z.array(z.object({ id: z.string(), name: z.string() })), default: z.string() }) } },
});

export const loader = apiRoute(operation, async () => ({ genres: RELEASE_GENRES.map(({ id, name }) => ({ id, name })), default: DEFAULT_GENRE }));
