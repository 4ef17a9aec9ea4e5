// The mastering page's form fields, validated on the server (the API routes take the same values as JSON).
import { z } from "zod";
import { PLATFORM_IDS, PRESET_LETTERS } from "~/engine/master/presets";

export const SampleFormSchema = z.object({
  startSeconds: z.coerce.number("A number of seconds").int("Whole seconds").min(0, "The window cannot start before the song").max(3600, "At most an hour in"),
  intensity: z.coerce.number("A number from 0 to 100").int("A whole number").min(0, "At least 0").max(100, "At most 100"),
  platform: z.enum(PLATFORM_IDS, "Pick a platform"),
});

export const PresetChoiceSchema = z.enum(PRESET_LETTERS, "One of the presets a to n");
