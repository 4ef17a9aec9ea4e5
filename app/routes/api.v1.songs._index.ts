// GET /api/v1/songs and POST /api/v1/songs (public API, docs/api.md): the account's saved songs, and
// creating songs through the same service and schema as the create page and POST /api/song.
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { listSavedSongs } from "~/services/library/library-page.server";
import { SongSummarySchema } from "~/services/songs/api-schemas";
import { createSongs, CreateSongSchema } from "~/services/songs/create.server";
import { typedText } from "~/utils/input-schemas";

const LibrarySongSchema = z
  .object({
    id: z.string(),
    songName: z.string(),
    artistName: z.string().nullable(),
    style: z.string(),
    filter: z.string(),
    durationSeconds: z.number().nullable(),
    tempo: z.number().nullable(),
    key: z.string().nullable(),
    tags: z.array(z.string()),
    private: z.boolean(),
    locked: z.boolean(),
    audioUrl: z.string().nullable(),
    savedAt: z.string().nullable(),
    releases: z.array(z.object({ id: z.string(), title: z.string(), status: z.number().int().nullable() })),
  })
  .meta({ id: "V1LibrarySong" });

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/v1/songs",
  summary: "The account's saved songs",
  description: "The library, most recently saved first, 15 a page by default. `query` matches the name, artist or a tag; `tag` keeps one tag. Songs just created are not saved yet: read them with GET /api/v1/songs/{id}.",
  tags: ["v1 songs"],
  token: { scope: "songs:read", verified: false },
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      perPage: z.coerce.number().int().min(1).max(100).default(15),
      query: typedText().max(100).optional(),
      tag: typedText().max(30).optional(),
    }),
  },
  responses: {
    200: { description: "A page of songs", schema: z.object({ songs: z.array(LibrarySongSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }) },
  },
});

export const loader = publicApiRoute(listOperation, async ({ caller, query }) => {
  const page = await listSavedSongs(caller.user, { page: query.page, itemsPerPage: query.perPage, query: query.query, tag: query.tag });
  return { songs: page.songs, total: page.total, page: page.page, perPage: page.itemsPerPage };
});

const createOperation = registerApiOperation({
  method: "POST",
  path: "/api/v1/songs",
  summary: "Create songs from a style and a filter",
  description:
    "The create page's parameters (see the CreateSongRequest schema; `style` and `filter` are required, ids from the catalogue). Answers at once with the songs in status `queue` " +
    "(a pre-generated song may already be `complete`). Follow them with GET /api/v1/songs/{id}, or register a webhook for `song.ready`. " +
    "400 when style or filter is missing or a field is invalid; 429 `creation_limit_reached` over the plan's daily creations, or when the render queue is full (with Retry-After).",
  tags: ["v1 songs"],
  token: { scope: "songs:write", verified: true },
  request: { body: CreateSongSchema },
  responses: {
    202: { description: "The songs, queued (or already complete)", schema: z.object({ batchId: z.string(), songs: z.array(SongSummarySchema) }) },
  },
});

export const action = publicApiRoute(createOperation, async ({ caller, body }) => createSongs(caller.user, body));
