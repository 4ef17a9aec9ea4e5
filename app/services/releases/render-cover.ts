// Rasterises a cover design (app/engine/art) to the 3000×3000 JPEG stores take: @resvg/resvg-js draws the
// SVG with the TTFs of @expo-google-fonts (Inter, DM Serif Display; OFL-1.1) loaded explicitly, so the
// result does not depend on the fonts a server has installed; sharp encodes the JPEG. ADR 020.
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { ART_SIZE } from "~/engine/art";

const require = createRequire(import.meta.url);

/** The TTF files the art's font families come from (also usable by other renderers, e.g. share cards). */
export const ART_FONT_FILES: readonly string[] = [
  require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  require.resolve("@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf"),
  require.resolve("@expo-google-fonts/dm-serif-display/400Regular/DMSerifDisplay_400Regular.ttf"),
];

export async function renderCoverJpeg(svg: string): Promise<Buffer> {
  const rendered = new Resvg(svg, {
    fitTo: { mode: "width", value: ART_SIZE },
    font: { fontFiles: [...ART_FONT_FILES], loadSystemFonts: false, defaultFontFamily: "Inter" },
  }).render();
  // Raw RGBA straight into sharp: no PNG encode and decode in between.
  return sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
