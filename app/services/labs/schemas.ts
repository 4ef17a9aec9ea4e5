// Request and response shapes of the labs API (spec 2 §7), shared by the routes and the library's form.
import { z } from "zod";
import { ARTIST_NAME_MAX, SONG_NAME_MAX } from "~/utils/field-limits";
import { IdSchema, typedText } from "~/utils/input-schemas";
import { LABS_FORMATS } from "./generations";

const name = (max: number, what: string) => typedText().trim().max(max, `The ${what} can be at most ${max} characters.`).optional();

export const LabsRenameSchema = z
  .object({
    song_name: name(SONG_NAME_MAX, "song name").describe('Blank (or "New Song") leaves the generation unnamed; left out keeps the name'),
    artist_name: name(ARTIST_NAME_MAX, "artist name").describe("Blank clears it; left out keeps it"),
  })
  .meta({ id: "LabsRename" });

export const LabsGenerationSchema = z
  .object({
    id: z.string(),
    songName: z.string(),
    unnamed: z.boolean().describe('The name is "New Song"'),
    artistName: z.string().nullable(),
    prompt: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    peaks: z.array(z.number()).nullable(),
    formats: z.array(z.enum(LABS_FORMATS)).describe("What the download call can give"),
    audioUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "LabsGeneration" });

/** The library's rename form: the same fields, plus which generation. */
export const LabsRenameFormSchema = LabsRenameSchema.extend({ intent: z.literal("rename-labs"), generationId: IdSchema });
