// The review fields of spec 2 §3 ("Release review fields") and how a review's findings are kept on the
// release: `releases.issues` maps a flagged field to the reviewer's note about it, and MESSAGE_KEY holds
// the message to the user (a flag's or a rejection's). Pure: the release form, the user's pages and the
// admin review page all read these.
import { z } from "zod";

export const REVIEW_FIELDS = [
  "title",
  "artistName",
  "coverArt",
  "genre",
  "language",
  "explicit",
  "featuredArtist",
  "songName",
  "lyrics",
  "songwriterName",
  "private",
  "vocal",
  "distributed",
  "master",
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

export const REVIEW_FIELD_LABELS: Record<ReviewField, string> = {
  title: "Title",
  artistName: "Artist name",
  coverArt: "Cover art",
  genre: "Genre",
  language: "Language",
  explicit: "Explicit",
  featuredArtist: "Featured artist",
  songName: "Song name",
  lyrics: "Lyrics",
  songwriterName: "Songwriter name",
  private: "Private",
  vocal: "Vocal",
  distributed: "Distributed",
  master: "Master",
};

/** Not a review field, so it cannot clash with one: the reviewer's message to the user. */
export const MESSAGE_KEY = "message";

export const FLAG_MESSAGE_REQUIRED = "Write a message to the user when no field is flagged.";
export const REVIEW_MESSAGE_MAX = 2000;

export function isReviewField(value: string): value is ReviewField {
  return (REVIEW_FIELDS as readonly string[]).includes(value);
}

/** A flag request: the flagged fields (each with an optional note) and the message to the user. */
export const FlagInputSchema = z
  .object({
    fields: z.partialRecord(z.enum(REVIEW_FIELDS), z.string().trim().max(500, { message: "A field note can be at most 500 characters." })),
    message: z.string().trim().max(REVIEW_MESSAGE_MAX, { message: `The message can be at most ${REVIEW_MESSAGE_MAX} characters.` }),
  })
  .superRefine((input, context) => {
    if (Object.keys(input.fields).length === 0 && input.message === "") context.addIssue({ code: "custom", path: ["message"], message: FLAG_MESSAGE_REQUIRED });
  });
export type FlagInput = z.infer<typeof FlagInputSchema>;

export const RejectInputSchema = z.object({
  message: z.string().trim().max(REVIEW_MESSAGE_MAX, { message: `The message can be at most ${REVIEW_MESSAGE_MAX} characters.` }),
});

/** What a release's `issues` says, split for display: the message and the flagged fields in review order. */
export function readIssues(issues: Record<string, string> | null | undefined): { message: string | null; flags: { field: ReviewField; label: string; note: string }[] } {
  if (!issues) return { message: null, flags: [] };
  const flags = REVIEW_FIELDS.filter((field) => field in issues).map((field) => ({ field, label: REVIEW_FIELD_LABELS[field], note: issues[field] ?? "" }));
  return { message: issues[MESSAGE_KEY] || null, flags };
}

/** The issues to store for a flag: the notes by field, and the message. */
export function flagIssues(input: FlagInput): Record<string, string> {
  return { ...input.fields, ...(input.message ? { [MESSAGE_KEY]: input.message } : {}) };
}

/** Which release form fields answer which review field, so fixing one clears its flag. */
const FORM_FIELD_FLAGS: Record<string, ReviewField> = {
  title: "title",
  artistName: "artistName",
  coverArtId: "coverArt",
  genre: "genre",
  language: "language",
  explicit: "explicit",
};

/**
 * The issues left after the user saved the release: a flag clears once its field changed (the message
 * stays until the release is resubmitted). Null when nothing is left.
 */
export function clearFixedFlags(issues: Record<string, string> | null, before: object, after: object): Record<string, string> | null {
  if (!issues) return null;
  const left = { ...issues };
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const [formField, flag] of Object.entries(FORM_FIELD_FLAGS)) {
    if (now[formField] !== undefined && now[formField] !== was[formField]) delete left[flag];
  }
  return Object.keys(left).length > 0 ? left : null;
}

/** The flags as the release form's field errors (title, artist name, cover art…), so the form points at them. */
export function flagsAsFieldErrors(issues: Record<string, string> | null | undefined): Record<string, string[]> | undefined {
  const { flags } = readIssues(issues);
  const onForm = flags.filter((flag) => (Object.values(FORM_FIELD_FLAGS) as string[]).includes(flag.field));
  if (onForm.length === 0) return undefined;
  return Object.fromEntries(onForm.map((flag) => [flag.field, [flag.note ? `Our reviewer flagged this: ${flag.note}` : "Our reviewer flagged this. Please fix it."]]));
}
