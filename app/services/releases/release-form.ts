// The release form's fields (spec 2 §3 Release form, §5): one zod schema for the /release/{id}/edit page's
// action and POST/PUT /api/album, so the two can never disagree about what is valid. Field limits live in
// app/utils/field-limits.ts so the page can show them.
import { z } from "zod";
import { findGenre, DEFAULT_GENRE } from "~/content/release-genres";
import { findLanguage } from "~/content/release-languages";
import { typedText } from "~/utils/input-schemas";
import { RELEASE_ARTIST_MAX, RELEASE_CREDIT_MAX, RELEASE_TITLE_MAX } from "~/utils/release-field-limits";

/** The form's three choices; the server stores 0 clean, 1 explicit and null for No Lyrics (spec 2 §3). */
export const EXPLICIT_CHOICES = ["no_lyrics", "explicit", "clean"] as const;
export type ExplicitChoice = (typeof EXPLICIT_CHOICES)[number];

export function explicitToChoice(value: number | null): ExplicitChoice {
  return value === 1 ? "explicit" : value === 0 ? "clean" : "no_lyrics";
}

const tidy = (value: string) => value.replace(/\s+/g, " ").trim();

const requiredText = (label: string, max: number) =>
  typedText()
    .transform(tidy)
    .pipe(z.string().min(1, `${label} is required.`).max(max, `${label} can be at most ${max} characters.`));

/** "None", "No Lyrics", blank or null all mean no language (spec 2 §5). */
const Language = z.preprocess(
  (value) => (value === null || value === undefined || value === "" || value === "None" || value === "none" || value === "No Lyrics" ? null : value),
  z
    .string()
    .refine((code) => findLanguage(code) !== undefined, "Choose a language from the list.")
    .nullable(),
);

/** The form's words, or the API's 0/1/null. */
const Explicit = z.preprocess(
  (value) => {
    if (value === 1 || value === "1" || value === "explicit" || value === "Explicit") return 1;
    if (value === 0 || value === "0" || value === "clean" || value === "Clean") return 0;
    if (value === null || value === undefined || value === "" || value === "no_lyrics" || value === "No Lyrics") return null;
    return value;
  },
  z.union([z.literal(0), z.literal(1)], { message: "Choose No Lyrics, Explicit or Clean." }).nullable(),
);

const CreditUrl = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string()
    .max(RELEASE_CREDIT_MAX, `The link can be at most ${RELEASE_CREDIT_MAX} characters.`)
    .refine((value) => value === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), "Enter a web address starting with http:// or https://.")
    .transform((value) => (value === "" ? null : value)),
);

export const ReleaseFormSchema = z
  .object({
    title: requiredText("The title", RELEASE_TITLE_MAX),
    artistName: requiredText("The artist name", RELEASE_ARTIST_MAX),
    genre: z
      .string()
      .default(DEFAULT_GENRE)
      .refine((id) => findGenre(id) !== undefined, "Choose a genre from the list."),
    language: Language.default(null),
    explicit: Explicit.default(null),
    coverArtCreditName: typedText()
      .transform(tidy)
      .pipe(z.string().max(RELEASE_CREDIT_MAX, `The credit can be at most ${RELEASE_CREDIT_MAX} characters.`))
      .transform((value) => (value === "" ? null : value))
      .default(null),
    coverArtCreditUrl: CreditUrl.default(null),
  })
  .transform((release) => ({
    ...release,
    // No language means no lyrics, so nothing to be explicit or clean about.
    explicit: release.language === null ? null : release.explicit,
  }))
  .superRefine((release, context) => {
    if (release.language !== null && release.explicit === null) {
      context.addIssue({ code: "custom", path: ["explicit"], message: "A release with lyrics is Explicit or Clean." });
    }
  });
export type ReleaseFormInput = z.output<typeof ReleaseFormSchema>;
