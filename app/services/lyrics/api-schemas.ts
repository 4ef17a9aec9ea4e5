// The JSON shapes of the lyrics API (OpenAPI components), shared by the api.song.$id.lyrics* and
// api.lyrics.* routes.
import { z } from "zod";

const TimingSchema = z.object({ start: z.number(), end: z.number() }).describe("Seconds from the start of the song");
const SectionTypeSchema = z.enum(["intro", "verse", "pre_chorus", "chorus", "bridge", "outro"]);

export const LyricLineSchema = z.object({
  value: z.string(),
  timing: TimingSchema,
  syllableTarget: z.number().int().describe("Syllables the phrase under the line is written for (0: no phrase)"),
});

export const LyricsSchema = z
  .object({
    sections: z.array(z.object({ type: SectionTypeSchema, lines: z.array(LyricLineSchema) })),
    language: z.string().describe('"None" or one of the 46 languages'),
    prompt: z.string(),
  })
  .meta({ id: "Lyrics" });

export const LyricsStatusSchema = z.object({
  status: z.enum(["pending", "generating", "completed", "error"]),
  error: z.string().optional(),
});

export const LyricsWithSyllableCountSchema = z
  .object({
    sections: z.array(
      z.object({
        type: SectionTypeSchema,
        lines: z.array(LyricLineSchema.extend({ syllableCount: z.number().int(), syllableLimit: z.number().int().nullable() })),
      }),
    ),
    language: z.string(),
    prompt: z.string(),
  })
  .meta({ id: "LyricsWithSyllableCount" });

const PhraseSchema = z.object({ start: z.number(), end: z.number(), syllableTarget: z.number().int(), syllableLimit: z.number().int(), segment: z.number().int() });

export const LyricsTimingSchema = z.object({
  lines: z.array(z.object({ section: z.number().int(), line: z.number().int(), type: SectionTypeSchema, start: z.number(), end: z.number() })),
  plan: z.object({
    tempo: z.number(),
    durationSeconds: z.number(),
    sections: z.array(z.object({ type: SectionTypeSchema, occurrence: z.number().int(), start: z.number(), end: z.number(), phrases: z.array(PhraseSchema) })),
  }),
});
