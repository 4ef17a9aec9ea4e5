// Relations for drizzle's relational queries (`db.query.styles.findMany({ with: { filters: true } })`).
// One file, so the graph between domains is visible in one place.
import { relations } from "drizzle-orm";
import { drumKinds, drumSounds, filters, styles } from "./catalogue";

export const stylesRelations = relations(styles, ({ many }) => ({
  filters: many(filters),
}));

export const filtersRelations = relations(filters, ({ one }) => ({
  style: one(styles, { fields: [filters.styleId], references: [styles.id] }),
}));

export const drumKindsRelations = relations(drumKinds, ({ many }) => ({
  sounds: many(drumSounds),
}));

export const drumSoundsRelations = relations(drumSounds, ({ one }) => ({
  kind: one(drumKinds, { fields: [drumSounds.kindId], references: [drumKinds.id] }),
}));
