// GET /api/search/songs?query&tag&page&perPage (spec 2 §7): the user's saved songs matching a name, artist
// or tag (the library's search), 15 a page by default.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listSavedSongs } from "~/services/library/library-page.server";
import { typedText } from "~/utils/input-schemas";
import { LIBRARY_PAGE_SIZE } from "~/utils/library-paging";

const LibrarySongSchema = z.object({
  id: z.string(),
  songName: z.string(),
  unnamed: z.boolean(),
  artistName: z.string().nullable(),
  savedAt: z.string().nullable().describe("When it was saved (ISO 8601)"),
  style: z.string(),
  filter: z.string(),
  durationSeconds: z.number().nullable(),
  locked: z.boolean(),
  private: z.boolean(),
  tags: z.array(z.string()),
  releases: z.array(z.object({ id: z.string(), title: z.string(), status: z.number().int().nullable() })),
  // What the player needs to queue the song (its lazy loading of the library's next page).
  audioUrl: z.string().nullable(),
  tempo: z.number().int().nullable(),
  key: z.string().nullable(),
  compositionId: z.string().nullable(),
  productionId: z.string().nullable(),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/search/songs",
  summary: "Search the user's saved songs",
  tags: ["library"],
  request: {
    query: z.object({
      query: typedText().max(100).default(""),
      tag: typedText().max(60).default(""),
      page: z.coerce.number().int().min(1).default(1),
      perPage: z.coerce.number().int().min(1).max(50).default(LIBRARY_PAGE_SIZE),
    }),
  },
  responses: {
    200: { description: "A page of songs", schema: z.object({ songs: z.array(LibrarySongSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }) },
    400: { description: "A bad parameter" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireVerifiedUser(request);
  const page = await listSavedSongs(user, { query: query.query, tag: query.tag, page: query.page, itemsPerPage: query.perPage });
  return { songs: page.songs, total: page.total, page: page.page, perPage: page.itemsPerPage };
});
