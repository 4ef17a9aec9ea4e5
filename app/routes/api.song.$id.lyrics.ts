// /api/song/{id}/lyrics (spec 1 §4 Lyrics generation, §5, §7 Lyrics, §8), for the song's owner:
//   POST {prompt}   starts a generation (lyrics.generate job): 202; 429 past the daily limit, 422 over the
//                   prompt's character limit. Poll GET …/lyrics/status every 500 ms, at most 60 times.
//   GET             the lyrics (404 when the song has none); read-only songs too.
//   PUT {lyrics}    hand edits: sections of lines; 422 over MAX_LYRICS_CHARACTERS.
//   DELETE          removes them.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LyricsSchema, LyricsStatusSchema } from "~/services/lyrics/api-schemas";
import { requireEditableSong } from "~/services/songs/edit.server";
import {
  DAILY_LYRICS_GENERATIONS,
  deleteLyrics,
  LyricsInputSchema,
  LyricsPromptSchema,
  LYRICS_PROMPT_MAX,
  MAX_LYRICS_CHARACTERS,
  readLyrics,
  requestLyrics,
  saveLyrics,
} from "~/services/lyrics/song-lyrics.server";
import { IdSchema } from "~/utils/input-schemas";

const params = z.object({ id: IdSchema });
const guarded = {
  401: { description: "Not signed in" },
  403: { description: "Email not verified, or the song is locked or mastered" },
  404: { description: "Not one of the user's songs" },
  409: { description: "The song is still being created" },
};

const readOperation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/lyrics",
  summary: "A song's lyrics",
  tags: ["lyrics"],
  request: { params },
  responses: { 200: { description: "The lyrics", schema: z.object({ lyrics: LyricsSchema }) }, ...guarded, 404: { description: "Not one of the user's songs, or no lyrics yet" } },
});

export const loader = apiRoute(readOperation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return { lyrics: await readLyrics(song.id) };
});

const generateOperation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/lyrics",
  summary: "Generate lyrics from a prompt",
  description: `Queues the lyrics.generate job. Up to ${DAILY_LYRICS_GENERATIONS} generations per user in any 24 hours; prompts up to ${LYRICS_PROMPT_MAX} characters.`,
  tags: ["lyrics"],
  request: { params, body: LyricsPromptSchema },
  responses: {
    202: { description: "Generation queued; poll GET /api/song/{id}/lyrics/status", schema: LyricsStatusSchema },
    400: { description: "No prompt" },
    ...guarded,
    422: { description: "The prompt is over its character limit" },
    429: { description: "The daily generation limit is reached" },
  },
});
const generate = apiRoute(generateOperation, async ({ request, params, body }) => requestLyrics(await requireEditableSong(request, params.id), body.prompt));

const saveOperation = registerApiOperation({
  method: "PUT",
  path: "/api/song/{id}/lyrics",
  summary: "Save hand-edited lyrics",
  description:
    `Sections of lines. A line without timing and syllableTarget is fitted to the phrase at its place in the song. ` +
    `Language: "None" or one of the 46; empty or "No Lyrics" is stored as "None". At most ${MAX_LYRICS_CHARACTERS} characters of lyrics.`,
  tags: ["lyrics"],
  request: { params, body: z.object({ lyrics: LyricsInputSchema }) },
  responses: {
    200: { description: "The saved lyrics", schema: z.object({ lyrics: LyricsSchema }) },
    400: { description: "A field is invalid (per-field messages)" },
    ...guarded,
    422: { description: "The lyrics are over the character limit" },
  },
});
const save = apiRoute(saveOperation, async ({ request, params, body }) => ({ lyrics: await saveLyrics(await requireEditableSong(request, params.id), body.lyrics) }));

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/song/{id}/lyrics",
  summary: "Delete a song's lyrics",
  tags: ["lyrics"],
  request: { params },
  responses: { 204: { description: "Deleted" }, ...guarded, 404: { description: "Not one of the user's songs, or no lyrics" } },
});
const remove = apiRoute(deleteOperation, async ({ request, params }) => {
  await deleteLyrics(await requireEditableSong(request, params.id));
  return null;
});

const byMethod: Record<string, (args: ActionFunctionArgs) => Promise<Response>> = { POST: generate, PUT: save, DELETE: remove };

// One route file serves three methods; an unknown one gets the POST operation's 405.
export const action = (args: ActionFunctionArgs) => (byMethod[args.request.method] ?? generate)(args);
