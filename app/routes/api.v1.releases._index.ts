// GET /api/v1/releases and POST /api/v1/releases (public API, docs/api.md): the account's releases, and
// creating one as a Draft with the release form's fields and rules (app/services/releases).
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { createRelease, listUserReleases, RELEASE_SORTS, ReleaseBodySchema, releaseJson, ReleaseFormSchema, ReleaseSchema, releaseView } from "~/services/releases/index.server";
import { typedText } from "~/utils/input-schemas";

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/v1/releases",
  summary: "The account's releases",
  description: "Archived releases are left out. `query` matches the title or artist name.",
  tags: ["v1 releases"],
  token: { scope: "releases:read", verified: false },
  request: {
    query: z.object({
      query: typedText().max(100).default(""),
      sort: z.enum(RELEASE_SORTS).default("newest"),
      page: z.coerce.number().int().min(1).default(1),
      perPage: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: { description: "A page of releases", schema: z.object({ releases: z.array(ReleaseSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }) },
  },
});

export const loader = publicApiRoute(listOperation, async ({ caller, query }) => {
  const page = await listUserReleases(caller.user, query);
  return { releases: page.releases.map(releaseJson), total: page.total, page: page.page, perPage: page.perPage };
});

const createOperation = registerApiOperation({
  method: "POST",
  path: "/api/v1/releases",
  summary: "Create a release",
  description:
    "Created as a Draft (status null). Errors are per field (`title`, `artistName`, `genre`, `language`, `explicit`, `coverArtCreditUrl`, `coverArt`). " +
    "Genres and languages: GET /api/provider_genres and /api/provider_languages.",
  tags: ["v1 releases"],
  token: { scope: "releases:write", verified: false },
  request: { body: ReleaseBodySchema },
  responses: {
    201: { description: "The new release", schema: z.object({ release: ReleaseSchema }) },
  },
});

export const action = publicApiRoute(createOperation, async ({ caller, body }) => {
  const fields = ReleaseFormSchema.parse(body);
  const release = await createRelease(caller.user, { ...fields, coverArtId: body.coverArtId ?? undefined });
  return { release: releaseJson(await releaseView(release)) };
});
