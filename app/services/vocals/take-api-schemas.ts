// The JSON shapes of the vocal take APIs (OpenAPI components): POST /api/vocal_files, POST /api/song/vocal,
// GET and DELETE /api/song/{id}/vocal.
import { z } from "zod";

export const VocalFileSchema = z
  .object({
    vocalFileId: z.string(),
    durationSeconds: z.number().describe("Length of the decoded take"),
  })
  .meta({ id: "VocalFile" });

export const VocalStateSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["take", "generated"]),
    status: z.enum(["pending", "generating_vocal_melody", "generating_vocals_for_sections", "completed", "error"]),
    errorCode: z.string().nullable().describe("A spec 1 §8 code when status is error"),
    error: z.string().nullable().describe('The message to show, e.g. "Unable to create vocal track"'),
    voiceId: z.string().nullable(),
    autoVocal: z.boolean(),
    emphasis: z.number(),
    saved: z.boolean(),
    applied: z.boolean().describe("The song plays with this vocal now: the wait is over"),
    versionStatus: z.enum(["queue", "rendering", "complete", "failed"]).nullable().describe("The version putting it on the song, while on its way"),
    createdAt: z.string(),
  })
  .meta({ id: "VocalState" });
