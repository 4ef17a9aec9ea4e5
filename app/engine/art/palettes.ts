// Colour palettes for generated cover art, by the mood of the release's genre (app/content/release-genres.ts).
// Each palette is a background, three shape colours and an ink for type, chosen so the ink reads on the
// background (contrast checked in tests/unit/cover-art-svg.test.ts).
export type ArtMood = "calm" | "bright" | "dark" | "warm" | "electric";

export interface Palette {
  name: string;
  background: string;
  shapes: [string, string, string];
  ink: string;
}

export const PALETTES: Record<ArtMood, readonly Palette[]> = {
  calm: [
    { name: "mist", background: "#e8eef1", shapes: ["#9fb8c6", "#5f8396", "#d5c7b0"], ink: "#1c2b33" },
    { name: "sage", background: "#dfe6d8", shapes: ["#8fa68a", "#50654d", "#c9b99b"], ink: "#1f2a1d" },
    { name: "dusk", background: "#27324a", shapes: ["#6b7fa8", "#a7b3d1", "#e0b88f"], ink: "#f3f1ec" },
  ],
  bright: [
    { name: "sherbet", background: "#fff3e6", shapes: ["#ff7a8a", "#ffc857", "#4ecdc4"], ink: "#2b1d2f" },
    { name: "candy", background: "#fde2f3", shapes: ["#f15bb5", "#00bbf9", "#fee440"], ink: "#2a0f2a" },
    { name: "citrus", background: "#1f7a8c", shapes: ["#ffd166", "#ef476f", "#f7f7f2"], ink: "#fffdf5" },
  ],
  dark: [
    { name: "ember", background: "#121014", shapes: ["#c1121f", "#780000", "#fdf0d5"], ink: "#fdf0d5" },
    { name: "steel", background: "#0d1b2a", shapes: ["#415a77", "#778da9", "#e0e1dd"], ink: "#e0e1dd" },
    { name: "moss", background: "#161a14", shapes: ["#4f6d3a", "#a3b18a", "#dad7cd"], ink: "#eeece4" },
  ],
  warm: [
    { name: "terracotta", background: "#f4e3d3", shapes: ["#c8553d", "#f28f3b", "#588b8b"], ink: "#2d1e17" },
    { name: "saffron", background: "#3d2c1e", shapes: ["#e9a03b", "#c44536", "#f5e6c8"], ink: "#fbf3e4" },
    { name: "rosewood", background: "#fbeee6", shapes: ["#9e2a2b", "#e09f3e", "#335c67"], ink: "#2a1414" },
  ],
  electric: [
    { name: "neon", background: "#0b0620", shapes: ["#ff2e97", "#00f0ff", "#7b2cff"], ink: "#f5f3ff" },
    { name: "acid", background: "#0f0f0f", shapes: ["#c6ff00", "#00e5a0", "#ff3d00"], ink: "#f7ffe0" },
    { name: "laser", background: "#1a0033", shapes: ["#ff00e5", "#ffe600", "#00a2ff"], ink: "#ffffff" },
  ],
};

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
