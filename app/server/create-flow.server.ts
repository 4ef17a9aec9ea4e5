// Server helpers of the create-flow pages: catalogue lookups (an unknown style or filter in the URL is a
// 404 page, not a catalogue exception) and the create page's schemas, kept out of the route module so
// zod stays out of that page's browser bundle.
import { z } from "zod";
import { getStyle, getStyleFilter, type Filter, type Style } from "~/engine/catalogue";
import { SONG_NAME_MAX } from "~/utils/field-limits";
import { IdSchema, typedText } from "~/utils/input-schemas";

export function requireStyle(value: string | undefined): Style {
  try {
    return getStyle(value ?? "");
  } catch {
    throw new Response("No such style", { status: 404 });
  }
}

export function requireStyleFilter(style: Style, value: string | undefined): Filter {
  try {
    return getStyleFilter(style.value, value ?? "");
  } catch {
    throw new Response("No such filter", { status: 404 });
  }
}

/** `?songs=a,b,c`: the batch the page shows, capped so a hand-made URL cannot ask for a whole library. */
export const SongIdsSchema = z
  .string()
  .transform((value) => [...new Set(value.split(",").map((id) => id.trim()).filter(Boolean))].slice(0, 12));

/** The create page's forms, told apart by `intent`. */
export const CreatePageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("save"), songId: IdSchema, songName: typedText().trim().max(SONG_NAME_MAX, `The song name can be at most ${SONG_NAME_MAX} characters.`).optional() }),
  z.object({ intent: z.literal("reject"), songId: IdSchema }),
]);
