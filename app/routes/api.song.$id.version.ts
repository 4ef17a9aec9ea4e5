// GET /api/song/{id}/version: the version the song plays and its newest edit's render status, which the
// edit pages poll (every 2 s) while an edit renders (docs/edit-flow.md, Versions).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { latestVersion, requireEditableSong } from "~/services/songs/edit.server";
import { IdSchema } from "~/utils/input-schemas";

const SongVersionStatusSchema = z.object({
  version: z.number().int().describe("The version the song plays now (1 is the render from creation)"),
  latest: z
    .object({
      version: z.number().int(),
      status: z.enum(["queue", "rendering", "complete", "failed"]),
      change: z.enum(["production", "notes", "arrangement", "vocals"]),
      error: z.string().nullable(),
    })
    .nullable()
    .describe("The newest edit, or null when the song was never edited"),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/version",
  summary: "A song's current version and its newest edit's render status",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The versions", schema: SongVersionStatusSchema },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  const latest = await latestVersion(song.id);
  return {
    version: song.version,
    latest: latest ? { version: latest.version, status: latest.status, change: latest.change, error: latest.error } : null,
  };
});
