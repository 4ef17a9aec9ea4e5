// GET /api/search/songs/by_tag?tag=&page= (spec 2 §7, §9): a tag's public songs, 20 a page.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { findTag, findTagByName, TAG_PAGE_SIZE, tagSongs } from "~/services/library/index.server";
import { PublicSongSchema } from "~/services/library/public-song-schema";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/search/songs/by_tag",
  summary: "A tag's public songs",
  description: "`tag` is the tag's id or its name (any case).",
  tags: ["library"],
  request: { query: z.object({ tag: typedText().min(1).max(60), page: z.coerce.number().int().min(1).default(1) }) },
  responses: {
    200: {
      description: "A page of songs",
      schema: z.object({ tag: z.object({ id: z.string(), tag: z.string() }).nullable(), songs: z.array(PublicSongSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
    },
    400: { description: "No tag" },
  },
});

export const loader = apiRoute(operation, async ({ query }) => {
  const tag = (await findTag(query.tag)) ?? (await findTagByName(query.tag));
  if (!tag) return { tag: null, songs: [], total: 0, page: query.page, perPage: TAG_PAGE_SIZE };
  const { songs, total } = await tagSongs(tag, query.page);
  return { tag: { id: tag.id, tag: tag.name }, songs, total, page: query.page, perPage: TAG_PAGE_SIZE };
});
