// The production page and its APIs (spec 1 §7 Instruments and drums): input schemas that check every id
// against the engine's catalogue (an unknown id is a 400 naming the field, never a 500 from produce()),
// the instrument and drum searches, and what the page shows of a song's current production.
import { z } from "zod";
import {
  AMBIENT_EFFECTS,
  DRUM_KIND_INFO,
  DRUM_KITS,
  DRUM_SOUNDS,
  ENSEMBLES,
  INSTRUMENTS,
  MIX_STYLES,
  instrumentGroups,
  instrumentSubtypes,
  instrumentTypes,
  searchDrumSounds,
  searchInstruments,
} from "~/engine/catalogue";
import { DRUM_KINDS, PART_NAMES, type DrumKind, type PartName, type PitchedPart } from "~/engine/types";
import { typedText } from "~/utils/input-schemas";
import type { ProductionEdit } from "./edit.server";

import { DRUM_TAB_PAGE_SIZE, INSTRUMENT_PAGE_SIZE } from "~/components/production/page-sizes";

export { DRUM_TAB_PAGE_SIZE, INSTRUMENT_PAGE_SIZE };
export const MAX_PAGE_SIZE = 50;
export const MAX_LEVEL = 2;

export const PITCHED_PARTS: readonly PitchedPart[] = ["bass", "chords", "lead", "pad", "arp"];

const ids = <T extends { id: string }>(items: readonly T[]) => new Set(items.map((item) => item.id));
const ENSEMBLE_IDS = ids(ENSEMBLES);
const KIT_IDS = ids(DRUM_KITS);
const MIX_IDS = ids(MIX_STYLES);
const SFX_IDS = ids(AMBIENT_EFFECTS);
const INSTRUMENT_IDS = ids(INSTRUMENTS);
const DRUM_SOUND_KIND = new Map(DRUM_SOUNDS.map((sound) => [sound.id, sound.kind]));

const oneOf = (known: Set<string>, what: string) =>
  z.string().refine((value) => known.has(value), { message: `Unknown ${what}.` });

export const EnsembleIdSchema = oneOf(ENSEMBLE_IDS, "instrument ensemble");
export const DrumKitIdSchema = oneOf(KIT_IDS, "drum ensemble");
export const MixIdSchema = oneOf(MIX_IDS, "mixing style");
export const SfxIdSchema = oneOf(SFX_IDS, "ambient effect");
export const InstrumentIdSchema = oneOf(INSTRUMENT_IDS, "instrument");
export const PitchedPartSchema = z.enum(PITCHED_PARTS as [PitchedPart, ...PitchedPart[]]);
export const DrumKindSchema = z.enum(DRUM_KINDS as [DrumKind, ...DrumKind[]]);
export const PartNameSchema = z.enum(PART_NAMES as [PartName, ...PartName[]]);
export const LevelSchema = z.coerce.number().min(0, "A level is 0 to 2.").max(MAX_LEVEL, "A level is 0 to 2.");

/** True when the drum sound exists and is of this kind (a snare cannot play the kick). */
export function isDrumOfKind(id: string, kind: DrumKind): boolean {
  return DRUM_SOUND_KIND.get(id) === kind;
}

/** Per-part instruments: only pitched parts, only known instruments (the field named by part). */
const InstrumentsMapSchema = z
  .record(z.string(), z.string())
  .superRefine((map, ctx) => {
    for (const [part, id] of Object.entries(map)) {
      if (!PitchedPartSchema.safeParse(part).success) ctx.addIssue({ code: "custom", path: [part], message: `Not a part with an instrument: use one of ${PITCHED_PARTS.join(", ")}.` });
      else if (!INSTRUMENT_IDS.has(id)) ctx.addIssue({ code: "custom", path: [part], message: "Unknown instrument." });
    }
  })
  .transform((map) => map as Partial<Record<PitchedPart, string>>);

const DrumsMapSchema = z
  .record(z.string(), z.string())
  .superRefine((map, ctx) => {
    for (const [kind, id] of Object.entries(map)) {
      if (!DrumKindSchema.safeParse(kind).success) ctx.addIssue({ code: "custom", path: [kind], message: `Not a drum kind: use one of ${DRUM_KINDS.join(", ")}.` });
      else if (!DRUM_SOUND_KIND.has(id)) ctx.addIssue({ code: "custom", path: [kind], message: "Unknown drum sound." });
      else if (!isDrumOfKind(id, kind as DrumKind)) ctx.addIssue({ code: "custom", path: [kind], message: `This drum sound is not a ${kind}.` });
    }
  })
  .transform((map) => map as Partial<Record<DrumKind, string>>);

const LevelsMapSchema = z
  .record(z.string(), z.unknown())
  .superRefine((map, ctx) => {
    for (const [part, value] of Object.entries(map)) {
      if (!PartNameSchema.safeParse(part).success) ctx.addIssue({ code: "custom", path: [part], message: `Not a part: use one of ${PART_NAMES.join(", ")}.` });
      else {
        const level = LevelSchema.safeParse(value);
        if (!level.success) ctx.addIssue({ code: "custom", path: [part], message: "A level is a number from 0 to 2." });
      }
    }
  })
  .transform((map) => Object.fromEntries(Object.entries(map).map(([part, value]) => [part, Number(value)])) as Partial<Record<PartName, number>>);

export const HarmonicBodySchema = z.object({ instrument_ensemble: EnsembleIdSchema });
export const DrumsBodySchema = z.object({ drum_ensemble: DrumKitIdSchema });

/** POST /api/song/{id}/production: any of the single-choice changes, at least one. */
export const ProductionBodySchema = z
  .object({
    instruments: InstrumentsMapSchema.optional(),
    drums: DrumsMapSchema.optional(),
    mix: MixIdSchema.optional(),
    sfx: SfxIdSchema.optional(),
    levels: LevelsMapSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Send at least one of instruments, drums, mix, sfx or levels." });

export function productionBodyToEdit(body: z.output<typeof ProductionBodySchema>): ProductionEdit {
  return {
    ...(body.instruments && { instruments: body.instruments }),
    ...(body.drums && { drums: body.drums }),
    ...(body.mix !== undefined && { mix: body.mix }),
    ...(body.sfx !== undefined && { sfx: body.sfx }),
    ...(body.levels && { levels: body.levels }),
  };
}

const PageSchema = z.coerce.number().int("A page is a whole number.").min(1, "Pages start at 1.").default(1);
const PerPageSchema = (fallback: number) =>
  z.coerce.number().int("per_page is a whole number.").min(1, "per_page is at least 1.").max(MAX_PAGE_SIZE, `per_page is at most ${MAX_PAGE_SIZE}.`).default(fallback);
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), typedText().max(100, "At most 100 characters.").optional());
const optionalOneOf = (values: () => string[], what: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .refine((value) => values().includes(value), { message: `Unknown ${what}.` })
      .optional(),
  );

export const InstrumentSearchQuerySchema = z.object({
  instrument_group: optionalOneOf(instrumentGroups, "instrument group"),
  instrument_type: optionalOneOf(() => instrumentTypes(), "instrument type"),
  instrument_subtype: optionalOneOf(() => instrumentSubtypes(), "instrument subtype"),
  instrument_query: optionalText,
  page: PageSchema,
  per_page: PerPageSchema(INSTRUMENT_PAGE_SIZE),
});
export const InstrumentCountQuerySchema = InstrumentSearchQuerySchema.omit({ page: true, per_page: true });

/** Display names (the spec's "Open hi-hat") are accepted as well as ids (open_hat). */
const DrumKindQuerySchema = z.preprocess((value) => {
  if (typeof value !== "string" || value === "") return undefined;
  return DRUM_KIND_INFO.find((info) => info.name.toLowerCase() === value.toLowerCase())?.id ?? value;
}, DrumKindSchema.optional());

export const DrumSearchQuerySchema = z.object({
  drum_kind: DrumKindQuerySchema,
  query: optionalText,
  page: PageSchema,
  per_page: PerPageSchema(INSTRUMENT_PAGE_SIZE),
});
export const DrumCountQuerySchema = DrumSearchQuerySchema.omit({ page: true, per_page: true });

export const InstrumentSchema = z
  .object({ id: z.string(), name: z.string(), group: z.string(), type: z.string(), subtype: z.string(), roles: z.array(z.string()) })
  .meta({ id: "Instrument" });
export const DrumSoundSchema = z.object({ id: z.string(), name: z.string(), kind: z.string(), kit: z.string() }).meta({ id: "DrumSound" });

export interface InstrumentHit {
  id: string;
  name: string;
  group: string;
  type: string;
  subtype: string;
  roles: string[];
}
export interface DrumHit {
  id: string;
  name: string;
  kind: DrumKind;
  kit: string;
}

type InstrumentFilters = z.output<typeof InstrumentCountQuerySchema>;
type DrumFilters = z.output<typeof DrumCountQuerySchema>;

export function findInstruments(filters: InstrumentFilters & { page: number; per_page: number }) {
  const found = searchInstruments({
    group: filters.instrument_group,
    type: filters.instrument_type,
    subtype: filters.instrument_subtype,
    query: filters.instrument_query,
    page: filters.page,
    perPage: filters.per_page,
  });
  const instruments: InstrumentHit[] = found.items.map(({ id, name, group, type, subtype, roles }) => ({ id, name, group, type, subtype, roles: [...roles] }));
  return { instruments, page: found.page, per_page: found.perPage, total: found.total };
}

export function countInstruments(filters: InstrumentFilters): number {
  return findInstruments({ ...filters, page: 1, per_page: 1 }).total;
}

export function findDrums(filters: DrumFilters & { page: number; per_page: number }) {
  const found = searchDrumSounds({ kind: filters.drum_kind, query: filters.query, page: filters.page, perPage: filters.per_page });
  const drums: DrumHit[] = found.items.map(({ id, name, kind, kit }) => ({ id, name, kind, kit }));
  return { drums, page: found.page, per_page: found.perPage, total: found.total };
}

export function countDrums(filters: DrumFilters): number {
  return findDrums({ ...filters, page: 1, per_page: 1 }).total;
}

const INSTRUMENT_NAMES = new Map(INSTRUMENTS.map((instrument) => [instrument.id, instrument.name]));
const DRUM_NAMES = new Map(DRUM_SOUNDS.map((sound) => [sound.id, sound.name]));

export function instrumentName(id: string): string {
  return INSTRUMENT_NAMES.get(id) ?? id;
}

export function drumName(id: string): string {
  return DRUM_NAMES.get(id) ?? id;
}

/** What every production edit answers with: the queued version (202); the song keeps playing meanwhile. */
export const VersionAcceptedSchema = z
  .object({ version: z.number().int().describe("The new version's number (the creation render is 1)"), status: z.enum(["queue", "rendering", "complete", "failed"]) })
  .meta({ id: "SongVersionAccepted" });

export const versionAccepted = (row: { version: number; status: "queue" | "rendering" | "complete" | "failed" }) => ({ version: row.version, status: row.status });

export const EDIT_ERROR_RESPONSES = {
  400: { description: "A field is invalid or names an unknown catalogue id (fields says which)" },
  401: { description: "Not signed in" },
  403: { description: "Email not verified, or the song is read-only (locked, or mastered on a paid plan)" },
  404: { description: "No such song, or someone else's" },
  409: { description: "The song is still being created" },
} as const;
