// The song catalogue: what a user can pick when creating and producing a song. The engine
// (app/engine/catalogue) owns the musical definitions; these tables hold what pages list and what songs
// reference, loaded from the engine by drizzle/seed/catalogue.ts. Each row's id is its catalogue value.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** Where a filter is offered (spec 1 §4): `hidden` filters exist for old songs but are never offered. */
export const filterPurpose = pgEnum("filter_purpose", ["playback", "song", "create", "vocal", "hidden"]);

export const styles = pgTable("styles", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  previewUrl: text("preview_url"),
  /** Credits one song of this style costs. */
  credits: integer("credits").notNull().default(0),
  /** An emoji shown on the style card. */
  icon: text("icon").notNull().default(""),
  /** Display order on the style step. */
  position: integer("position").notNull().default(0),
  ...timestamps,
});
export type Style = typeof styles.$inferSelect;
export type NewStyle = typeof styles.$inferInsert;

export const filters = pgTable(
  "filters",
  {
    styleId: text("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    /** The filter's value in URLs: /style/{style}/filter/{value}. Unique within its style. */
    value: text("value").notNull(),
    name: text("name").notNull(),
    genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
    previewUrl: text("preview_url"),
    purposes: filterPurpose("purposes").array().notNull().default(sql`'{}'::filter_purpose[]`),
    isDefault: boolean("is_default").notNull().default(false),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.styleId, table.value] }),
    // A style has at most one default filter.
    uniqueIndex("filters_one_default_per_style").on(table.styleId).where(sql`${table.isDefault}`),
  ],
);
export type Filter = typeof filters.$inferSelect;
export type NewFilter = typeof filters.$inferInsert;

/** Named lists the catalogue keeps as simple rows: id (value), display name, order. */
const namedEntry = (tableName: string) =>
  pgTable(tableName, {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    ...timestamps,
  });

export const harmonicEnsembles = namedEntry("harmonic_ensembles");
export type HarmonicEnsemble = typeof harmonicEnsembles.$inferSelect;

export const drumKits = namedEntry("drum_kits");
export type DrumKit = typeof drumKits.$inferSelect;

export const mixStyles = namedEntry("mix_styles");
export type MixStyle = typeof mixStyles.$inferSelect;

export const ambientEffects = namedEntry("ambient_effects");
export type AmbientEffect = typeof ambientEffects.$inferSelect;

/** kick, snare, open_hat, closed_hat, auxiliary: the five drum voices of every kit. */
export const drumKinds = namedEntry("drum_kinds");
export type DrumKindRow = typeof drumKinds.$inferSelect;

/** Pitched instruments, searched by the picker's group/type/subtype tabs. */
export const instruments = pgTable(
  "instruments",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    group: text("group").notNull(),
    type: text("type").notNull(),
    subtype: text("subtype").notNull().default(""),
    /** Parts the instrument suits (bass, chords, lead, pad, arp). */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [index("instruments_group_type_idx").on(table.group, table.type, table.subtype)],
);
export type InstrumentRow = typeof instruments.$inferSelect;

/** Drum sounds, searched by the drums tab; each plays one drum kind. Kits share sounds, so `kit` is only a label. */
export const drumSounds = pgTable(
  "drum_sounds",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    kindId: text("kind_id")
      .notNull()
      .references(() => drumKinds.id),
    /** The kit family the sound was sampled from, e.g. "acoustickit" or "trap_808". */
    kit: text("kit").notNull(),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [index("drum_sounds_kind_idx").on(table.kindId)],
);
export type DrumSoundRow = typeof drumSounds.$inferSelect;
