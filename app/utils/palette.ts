// The palettes (spec 3 §1): dark (purple and teal, the default) and light (red primary).
export const PALETTES = ["dark", "light"] as const;
export type Palette = (typeof PALETTES)[number];
