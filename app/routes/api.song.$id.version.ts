// GET /api/song/{id}/version: the version the song plays and its newest edit's render status, which the
// edit pages follow while an edit renders (docs/edit-flow.md, Versions). With ?wait=N, while version N is
// the newest edit and still queued or rendering, the answer waits (up to versionWaitMs()) until it has
// finished or failed, so the page learns it the moment the job commits (version-events.server.ts).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { latestVersion, latestVersionSummary, requireEditableSong } from "~/services/songs/edit.server";
import { readUntil, versionWaitMs } from "~/services/songs/version-events.server";
import { findSong } from "~/models/song.server";
import { IdSchema } from "~/utils/input-schemas";

const SongVersionStatusSchema = z.object({
  version: z.number().int().describe("The version the song plays now (1 is the render from creation)"),
  latest: z
    .object({
      version: z.number().int(),
      status: z.enum(["queue", "rendering", "complete", "failed"]),
      change: z.enum(["production", "notes", "arrangement", "vocals"]),
      error: z.string().nullable(),
      previewUrl: z.string().nullable().describe("While it renders: its first seconds, playable before the rest is encoded (owner only)"),
    })
    .nullable()
    .describe("The newest edit, or null when the song was never edited"),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/version",
  summary: "A song's current version and its newest edit's render status",
  tags: ["songs"],
  request: {
    params: z.object({ id: IdSchema }),
    query: z.object({
      wait: z.coerce
        .number()
        .int()
        .min(2)
        .optional()
        .describe("Answer once this version has finished rendering (or failed) or its first seconds are playable, or after about 20 s, whichever is first; without it, answer at once"),
      previewed: z.enum(["1"]).optional().describe("With wait: the caller has the version's first seconds already; wait for the rest"),
    }),
  },
  responses: {
    200: { description: "The versions", schema: SongVersionStatusSchema },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

type VersionState = z.infer<typeof SongVersionStatusSchema>;

async function versionState(songId: string, version: number): Promise<VersionState> {
  const latest = await latestVersion(songId);
  return { version, latest: latest ? latestVersionSummary(latest) : null };
}

/** Version `wait` is the newest edit and has not finished (nor, unless `previewed`, got its first seconds). */
function stillRendering(state: VersionState, wait: number, previewed: boolean): boolean {
  const pending = state.latest?.version === wait && (state.latest.status === "queue" || state.latest.status === "rendering");
  return pending && (previewed || !state.latest?.previewUrl);
}

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  const wait = query.wait;
  if (wait === undefined) return versionState(song.id, song.version);
  const read = async () => versionState(song.id, (await findSong(song.id))?.version ?? song.version);
  return readUntil(song.id, read, (state) => !stillRendering(state, wait, query.previewed === "1"), { ms: versionWaitMs(), signal: request.signal });
});
