// Paged search over instruments and drum sounds, for the production page's picker (spec: 20 per page).
import type { DrumKind, DrumSound, Instrument, PitchedPart } from "../types";
import { DRUM_SOUNDS } from "./drumSounds";
import { INSTRUMENTS } from "./instruments";

export const SEARCH_PAGE_SIZE = 20;

export interface SearchPage<T> {
  items: T[];
  /** Matches across all pages. */
  total: number;
  /** 1-based. */
  page: number;
  perPage: number;
}

export interface InstrumentQuery {
  group?: string;
  type?: string;
  subtype?: string;
  role?: PitchedPart;
  /** Case-insensitive words that must all appear in the name, group, type or subtype. */
  query?: string;
  page?: number;
  perPage?: number;
}

export interface DrumSoundQuery {
  kind?: DrumKind;
  kit?: string;
  query?: string;
  page?: number;
  perPage?: number;
}

export function searchInstruments(query: InstrumentQuery = {}): SearchPage<Instrument> {
  const matches = INSTRUMENTS.filter(
    (instrument) =>
      (!query.group || instrument.group === query.group) &&
      (!query.type || instrument.type === query.type) &&
      (!query.subtype || instrument.subtype === query.subtype) &&
      (!query.role || instrument.roles.includes(query.role)) &&
      matchesWords(query.query, [instrument.name, instrument.group, instrument.type, instrument.subtype]),
  );
  return paginate(matches, query.page, query.perPage);
}

export function searchDrumSounds(query: DrumSoundQuery = {}): SearchPage<DrumSound> {
  const matches = DRUM_SOUNDS.filter(
    (sound) =>
      (!query.kind || sound.kind === query.kind) &&
      (!query.kit || sound.kit === query.kit) &&
      matchesWords(query.query, [sound.name, sound.kit, sound.kind]),
  );
  return paginate(matches, query.page, query.perPage);
}

export function instrumentGroups(): string[] {
  return distinct(INSTRUMENTS.map((instrument) => instrument.group));
}

export function instrumentTypes(group?: string): string[] {
  return distinct(INSTRUMENTS.filter((instrument) => !group || instrument.group === group).map((instrument) => instrument.type));
}

export function instrumentSubtypes(group?: string, type?: string): string[] {
  return distinct(
    INSTRUMENTS.filter((instrument) => (!group || instrument.group === group) && (!type || instrument.type === type)).map(
      (instrument) => instrument.subtype,
    ),
  );
}

export function drumSoundKits(): string[] {
  return distinct(DRUM_SOUNDS.map((sound) => sound.kit));
}

function matchesWords(query: string | undefined, fields: string[]): boolean {
  if (!query?.trim()) return true;
  const haystack = fields.join(" ").toLowerCase().replace(/_/g, " ");
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

function paginate<T>(matches: readonly T[], page = 1, perPage = SEARCH_PAGE_SIZE): SearchPage<T> {
  const safePage = Math.max(1, Math.floor(page));
  const safePerPage = Math.max(1, Math.floor(perPage));
  const start = (safePage - 1) * safePerPage;
  return { items: matches.slice(start, start + safePerPage), total: matches.length, page: safePage, perPage: safePerPage };
}

/** Distinct values in first-seen order. */
function distinct(values: string[]): string[] {
  return [...new Set(values)];
}
