// Language detection (franc-min, MIT: trigram profiles of the 82 languages with 8M+ speakers) and the list
// of lyric languages the product offers: "None" plus 46 widely sung languages, Afrikaans to Zulu.
import { franc } from "franc-min";
import { pronunciation } from "./pronunciations";
import { words } from "./syllables";

export interface LyricsLanguage {
  name: string;
  /** ISO 639-3 code as franc reports it. */
  code: string;
}

export const NO_LYRICS_LANGUAGE = "None";

export const LYRICS_LANGUAGES: readonly LyricsLanguage[] = [
  { name: "Afrikaans", code: "afr" }, { name: "Arabic", code: "arb" }, { name: "Bengali", code: "ben" },
  { name: "Bulgarian", code: "bul" }, { name: "Catalan", code: "cat" }, { name: "Chinese", code: "cmn" },
  { name: "Croatian", code: "hrv" }, { name: "Czech", code: "ces" }, { name: "Danish", code: "dan" },
  { name: "Dutch", code: "nld" }, { name: "English", code: "eng" }, { name: "Estonian", code: "est" },
  { name: "Filipino", code: "tgl" }, { name: "Finnish", code: "fin" }, { name: "French", code: "fra" },
  { name: "German", code: "deu" }, { name: "Greek", code: "ell" }, { name: "Hebrew", code: "heb" },
  { name: "Hindi", code: "hin" }, { name: "Hungarian", code: "hun" }, { name: "Indonesian", code: "ind" },
  { name: "Italian", code: "ita" }, { name: "Japanese", code: "jpn" }, { name: "Korean", code: "kor" },
  { name: "Latvian", code: "lvs" }, { name: "Lithuanian", code: "lit" }, { name: "Malay", code: "zlm" },
  { name: "Norwegian", code: "nob" }, { name: "Persian", code: "pes" }, { name: "Polish", code: "pol" },
  { name: "Portuguese", code: "por" }, { name: "Punjabi", code: "pan" }, { name: "Romanian", code: "ron" },
  { name: "Russian", code: "rus" }, { name: "Serbian", code: "srp" }, { name: "Slovak", code: "slk" },
  { name: "Slovenian", code: "slv" }, { name: "Spanish", code: "spa" }, { name: "Swahili", code: "swh" },
  { name: "Swedish", code: "swe" }, { name: "Tamil", code: "tam" }, { name: "Thai", code: "tha" },
  { name: "Turkish", code: "tur" }, { name: "Ukrainian", code: "ukr" }, { name: "Vietnamese", code: "vie" },
  { name: "Zulu", code: "zul" },
];

/** What the language picker offers: "None" first, then the 46 languages. */
export const LYRICS_LANGUAGE_OPTIONS: readonly string[] = [NO_LYRICS_LANGUAGE, ...LYRICS_LANGUAGES.map((language) => language.name)];

/**
 * The language value to store: empty or "No Lyrics" becomes "None" (spec 1 §5); a listed language in its
 * listed spelling; null when the value is not in the list (the caller answers 400 for the field).
 */
export function normaliseLanguage(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (text === "" || /^(no lyrics|none)$/i.test(text)) return NO_LYRICS_LANGUAGE;
  return LYRICS_LANGUAGES.find((language) => language.name.toLowerCase() === text.toLowerCase())?.name ?? null;
}

/** Below this franc's trigram guess is noise (a short line matches many languages). */
export const MIN_DETECTION_CHARACTERS = 40;

/** ISO 639-3 code of the text's language, or "und" when the text is too short to tell. */
export function detectLanguage(text: string): string {
  const letters = text.replace(/\s+/g, " ").trim();
  if (letters.length < MIN_DETECTION_CHARACTERS) return "und";
  return franc(letters, { minLength: MIN_DETECTION_CHARACTERS });
}

/** The listed language name for an ISO 639-3 code, if any. */
export function languageName(code: string): string | undefined {
  return LYRICS_LANGUAGES.find((language) => language.code === code)?.name;
}

/** Share of a short text's words that the English pronouncing dictionary knows. */
const SHORT_TEXT_ENGLISH_SHARE = 0.8;

/**
 * English lyrics: franc says so; or, for a text too short for franc, most of its words are English words.
 * The dictionary also lists some foreign words and names, so the fallback is kept to short texts.
 */
export function isEnglish(text: string): boolean {
  const detected = detectLanguage(text);
  if (detected !== "und") return detected === "eng";
  const list = words(text).filter((word) => /[a-z]/.test(word));
  if (list.length === 0) return false;
  return list.filter((word) => pronunciation(word) !== undefined).length / list.length >= SHORT_TEXT_ENGLISH_SHARE;
}
