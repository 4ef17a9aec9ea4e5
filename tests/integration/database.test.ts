// Migrations and the seed, on both backends the app runs on.
import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { rawRows } from "~/server/db.server";
import { MIGRATIONS_FOLDER } from "#drizzle/migrate";
import * as schema from "#drizzle/schema/index";
import { seed } from "#drizzle/seed";
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
} from "#drizzle/schema/catalogue";
import { backends, createTestDatabase, type TestDatabase } from "../support/database";

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const schemaTables = Object.values(schema as Record<string, unknown>).flatMap((value) =>
  is(value, PgTable) ? [getTableConfig(value).name] : [],
);

describe.each(backends)("database on %s", (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test("migrations create every table of the schema and record each migration once", async () => {
    const tables = await rawRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(schemaTables));
    const applied = await rawRows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied).toEqual([{ n: journal.entries.length }]);
  });

  test("the catalogue is loaded", async () => {
    const total = async (table: PgTable) => (await database.db.select({ n: count() }).from(table))[0].n;
    expect(await total(harmonicEnsembles)).toBe(14);
    expect(await total(drumKits)).toBe(7);
    expect(await total(mixStyles)).toBe(12);
    expect(await total(ambientEffects)).toBe(13);
    expect(await total(drumKinds)).toBe(5);
    expect(await total(styles)).toBeGreaterThan(0);
    expect(await total(instruments)).toBeGreaterThan(0);
    expect(await total(drumSounds)).toBeGreaterThan(0);

    const ensemble = await database.db.query.harmonicEnsembles.findFirst({ where: eq(harmonicEnsembles.id, "rock_band") });
    expect(ensemble?.name).toBeTruthy();

    // Every style has exactly one default filter, and it is one of its own.
    const withFilters = await database.db.query.styles.findMany({ with: { filters: true } });
    for (const style of withFilters) {
      expect(style.filters.filter((filter) => filter.isDefault), style.id).toHaveLength(1);
    }
  });

  test("seeding again changes nothing", async () => {
    const snapshot = async () => ({
      styles: await database.db.select().from(styles).orderBy(styles.id),
      filters: await database.db.select().from(filters).orderBy(filters.styleId, filters.value),
      instruments: await database.db.select().from(instruments).orderBy(instruments.id),
      drumSounds: await database.db.select().from(drumSounds).orderBy(drumSounds.id),
      mixStyles: await database.db.select().from(mixStyles).orderBy(mixStyles.id),
    });
    const before = await snapshot();
    await seed(database.db);
    await seed(database.db);
    // Equal rows including updated_at: the second run neither duplicated nor rewrote anything.
    expect(await snapshot()).toEqual(before);
  });

  test("the seed repairs a catalogue row that drifted", async () => {
    await database.db.update(mixStyles).set({ name: "Renamed by hand" }).where(eq(mixStyles.id, "lofi"));
    await seed(database.db);
    const [row] = await database.db.select().from(mixStyles).where(eq(mixStyles.id, "lofi"));
    expect(row.name).not.toBe("Renamed by hand");
  });
});
