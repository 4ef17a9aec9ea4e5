// /api/song/{id}/generative_vocals (spec 1 §4 "Generated vocals", §5, §7 Vocals, §8), for the song's owner:
//   POST {voice}  checks the lyrics and queues the vocal.generate job: 202. 400 missing_voice_selection, 422
//                 with the §8 code of the broken lyrics rule, 429 past the daily limit.
//   GET           the newest generated vocal: {status, error_code?, error?, progress?, ...}; poll it every 5 s,
//                 at most 25 times. 404 before any.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { DAILY_VOCAL_GENERATIONS, generativeVocalStatus, requestGenerativeVocal } from "~/services/vocals/generative-vocals.server";
import { IdSchema } from "~/utils/input-schemas";

const params = z.object({ id: IdSchema });
const StatusEnum = z.enum(["pending", "generating_vocal_melody", "generating_vocals_for_sections", "completed", "error"]);

export const GenerativeVocalStatusSchema = z
  .object({
    status: StatusEnum,
    error_code: z.string().optional().describe("A spec 1 §8 code when status is error"),
    error: z.string().optional(),
    progress: z.number().min(0).max(1).optional(),
    vocal_id: z.string(),
    voice_id: z.string().nullable(),
    saved: z.boolean(),
    applied: z.boolean().describe("The song plays with this vocal (after save, once its version is rendered)"),
    version_status: z.enum(["queue", "rendering", "complete", "failed"]).nullable(),
    mix_url: z.string().optional().describe("The song with this vocal, for review (completed only)"),
    vocal_url: z.string().optional().describe("The vocal alone (completed only)"),
  })
  .meta({ id: "GenerativeVocalStatus" });

const readOperation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/generative_vocals",
  summary: "Status of the song's newest generated vocal",
  tags: ["vocals"],
  request: { params },
  responses: {
    200: { description: "The status", schema: GenerativeVocalStatusSchema },
    401: { description: "Not signed in" },
    404: { description: "Not one of the user's songs, or no generated vocal yet" },
  },
});

export const loader = apiRoute(readOperation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return generativeVocalStatus(song);
});

const generateOperation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/generative_vocals",
  summary: "Sing the song's lyrics with a voice",
  description: `Queues the vocal.generate job. Up to ${DAILY_VOCAL_GENERATIONS} generations per user in any 24 hours. The lyrics must be English, not empty, free of protected lyrics, changed since this voice last sang them, and each line within its phrase's syllable limit.`,
  tags: ["vocals"],
  request: { params, body: z.object({ voice: z.string().max(64).optional() }) },
  responses: {
    202: { description: "Queued; poll GET /api/song/{id}/generative_vocals", schema: z.object({ status: StatusEnum, vocal_id: z.string() }) },
    400: { description: "missing_voice_selection, or an unknown voice" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the song is locked or mastered" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being created, or its lyrics are being written" },
    422: { description: "The lyrics break a rule; error.code is the spec 1 §8 code (lyrics_are_empty, copyright_check_error, ...)" },
    429: { description: "The daily limit is reached" },
  },
});
const generate = apiRoute(generateOperation, async ({ request, params, body }) => requestGenerativeVocal(await requireEditableSong(request, params.id), body.voice));

export const action = (args: ActionFunctionArgs) => generate(args);
