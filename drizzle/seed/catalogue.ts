// Loads the engine's catalogue (app/engine/catalogue) into the catalogue tables. Idempotent: rows are
// upserted by id and only rewritten when something changed, so re-running leaves updated_at alone.
// Entries removed from the engine are left in place: songs may still name them.
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { IndexColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../app/server/db.server";
import {
  AMBIENT_EFFECTS,
  DRUM_KIND_INFO,
  DRUM_KITS,
  DRUM_SOUNDS,
  ENSEMBLES,
  FILTERS,
  INSTRUMENTS,
  MIX_STYLES,
  STYLES,
} from "../../app/engine/catalogue/index";
import {
  ambientEffects,
  drumKinds,
  drumKits,
  drumSounds,
  filters,
  harmonicEnsembles,
  instruments,
  mixStyles,
  styles,
} from "../schema/catalogue";

/**
 * INSERT ... ON CONFLICT (target) DO UPDATE, touching a row only when one of the given columns differs.
 * The columns updated are those present in the rows, minus the conflict target.
 */
async function upsert<TTable extends PgTable>(
  database: Db | Tx,
  table: TTable,
  target: IndexColumn[],
  rows: PgInsertValue<TTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const targetNames = new Set(target.map((column) => column.name));
  // [property, column] pairs: drizzle's `set` is keyed by property, the SQL by column name.
  const updated = Object.keys(rows[0])
    .map((key) => [key, columns[key]] as const)
    .filter(([, column]) => !targetNames.has(column.name));
  const current = updated.map(([, column]) => sql`${table}.${sql.identifier(column.name)}`);
  const incoming = updated.map(([, column]) => sql`excluded.${sql.identifier(column.name)}`);
  await database
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target,
      // Built from the rows' own keys, so TypeScript cannot check it; every catalogue table has updatedAt.
      set: {
        ...Object.fromEntries(updated.map(([key], index) => [key, incoming[index]])),
        updatedAt: sql`now()`,
      } as PgUpdateSetSource<TTable>,
      setWhere: sql`(${sql.join(current, sql`, `)}) is distinct from (${sql.join(incoming, sql`, `)})`,
    });
}

export async function seed(db: Db): Promise<void> {
  // One transaction: pages never see half a catalogue.
  await db.transaction(async (tx) => {
    await upsert(
      tx,
      styles,
      [styles.id],
      STYLES.map((style, position) => ({
        id: style.value,
        name: style.name,
        description: style.description,
        previewUrl: style.previewUrl,
        credits: style.credits,
        icon: style.icon,
        position,
      })),
    );

    // A style's default may move to another filter; clear the old flag first so the
    // one-default-per-style index never sees two.
    for (const style of STYLES) {
      await tx
        .update(filters)
        .set({ isDefault: false })
        .where(and(eq(filters.styleId, style.value), ne(filters.value, style.defaultFilter), eq(filters.isDefault, true)));
    }
    const stylesByValue = new Map(STYLES.map((style) => [style.value, style]));
    await upsert(
      tx,
      filters,
      [filters.styleId, filters.value],
      FILTERS.map((filter) => {
        const style = stylesByValue.get(filter.style);
        if (!style) throw new Error(`Catalogue: filter ${filter.value} names unknown style ${filter.style}`);
        const position = style.filters.indexOf(filter.value);
        return {
          styleId: filter.style,
          value: filter.value,
          name: filter.name,
          genres: filter.genres,
          previewUrl: filter.previewUrl,
          purposes: filter.purposes,
          isDefault: style.defaultFilter === filter.value,
          // Filters a style does not list go after the listed ones.
          position: position === -1 ? style.filters.length : position,
        };
      }),
    );

    const named = (entries: readonly { id: string; name: string; description?: string }[]) =>
      entries.map((entry, position) => ({
        id: entry.id,
        name: entry.name,
        description: entry.description ?? "",
        position,
      }));
    await upsert(tx, harmonicEnsembles, [harmonicEnsembles.id], named(ENSEMBLES));
    await upsert(tx, drumKits, [drumKits.id], named(DRUM_KITS));
    await upsert(tx, mixStyles, [mixStyles.id], named(MIX_STYLES));
    await upsert(tx, ambientEffects, [ambientEffects.id], named(AMBIENT_EFFECTS));
    await upsert(tx, drumKinds, [drumKinds.id], named(DRUM_KIND_INFO));

    await upsert(
      tx,
      instruments,
      [instruments.id],
      INSTRUMENTS.map((instrument, position) => ({
        id: instrument.id,
        name: instrument.name,
        group: instrument.group,
        type: instrument.type,
        subtype: instrument.subtype,
        roles: instrument.roles,
        position,
      })),
    );
    await upsert(
      tx,
      drumSounds,
      [drumSounds.id],
      DRUM_SOUNDS.map((sound, position) => ({
        id: sound.id,
        name: sound.name,
        kindId: sound.kind,
        kit: sound.kit,
        position,
      })),
    );
  });
}
