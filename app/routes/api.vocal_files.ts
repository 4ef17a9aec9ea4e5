// /api/vocal_files (spec 1 §3 Vocals: the take a vocalFileId names), for a signed-in verified user:
//   POST multipart/form-data {vocalFile}  WAV or MP3 (read from its bytes), at most 50 MB and 10 minutes.
//        Decoded on a worker thread and stored as 44.1 kHz WAV owned by the user: 201 {vocalFileId, durationSeconds}.
//        Anything else (WebM, Ogg, FLAC, a text file, an empty or too long file) is a 400 on `vocalFile`;
//        a file over 50 MB is a 413 on `vocalFile`, cut off as it streams (it is never held in memory).
// The browser's recorder uploads WAV it encoded itself (ADR 015).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { MAX_TAKE_SECONDS, MAX_VOCAL_FILE_BYTES, readTakeUpload, uploadVocalFile } from "~/services/vocals/vocal-take.server";
import { VocalFileSchema } from "~/services/vocals/take-api-schemas";

const CHOOSE_FILE = "Choose an audio file (WAV or MP3).";

const uploadOperation = registerApiOperation({
  method: "POST",
  path: "/api/vocal_files",
  summary: "Upload a vocal take",
  description:
    `Send multipart/form-data with the file in \`vocalFile\`: WAV (PCM or float, any rate) or MP3, at most ${MAX_VOCAL_FILE_BYTES / 1024 / 1024} MB ` +
    `and ${MAX_TAKE_SECONDS / 60} minutes. The take is stored as 44.1 kHz WAV; use its vocalFileId with POST /api/song/vocal.`,
  tags: ["vocals"],
  request: {
    multipart: true,
    body: z.object({
      vocalFile: z.custom<File>((value) => value instanceof File, CHOOSE_FILE).meta({ type: "string", format: "binary", description: "The audio file" }),
    }),
  },
  responses: {
    201: { description: "The take is stored", schema: VocalFileSchema },
    400: { description: "No file, an unsupported format, empty or too long (on `vocalFile`)" },
    413: { description: "Larger than 50 MB (on `vocalFile`)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

// The wrapper's body parsing would buffer the file: the upload is streamed to disk here instead, after the
// guards, and a declared body over the limit is refused before it is read.
const upload = apiRoute({ ...uploadOperation, request: undefined }, async ({ request }) => {
  const user = await requireVerifiedUser(request);
  const { file, cleanup } = await readTakeUpload(request);
  try {
    return await uploadVocalFile(user, file);
  } finally {
    await cleanup();
  }
});

export function action(args: ActionFunctionArgs) {
  return upload(args);
}
