// Link-preview cards as PNG (issue 26): chat apps and social sites show no SVG, so each song gets a
// 1200×630 card (the OpenGraph and Twitter size) and a 600×600 square (oEmbed thumbnails), drawn as SVG
// and rasterised by resvg with the Inter font shipped in npm (no system fonts: the same pixels on every
// machine). A card is named by a hash of everything drawn on it, stored with the song's media under that
// name and linked with the hash as `?v=`: a rename, a new artist or a re-render gives a new URL, which a
// crawler fetches afresh, while an unchanged card is drawn once and then served from storage. The embed
// player shows a small WebP of the square card (sharp), a tenth of the PNG's bytes.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import sharp, { type Sharp } from "sharp";
import { getStorage } from "~/server/storage.server";
import { waveformPath } from "~/utils/waveform";
import type { ShareSong } from "./public-song.server";

/** Raise when the drawing changes, so every song's card is drawn again under a new URL. */
const CARD_DESIGN = 1;

export const CARD_SIZES = {
  wide: { width: 1200, height: 630, file: "card.png", type: "image/png" },
  square: { width: 600, height: 600, file: "card-square.png", type: "image/png" },
  /** The embed player's cover: the square card at twice its 156 px display size. */
  thumb: { width: 312, height: 312, file: "card-thumb.webp", type: "image/webp" },
} as const;
export type CardShape = keyof typeof CARD_SIZES;

export type CardContent = Pick<ShareSong, "title" | "artist" | "style" | "filter" | "peaks">;

const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
];

/** The card's version: a hash of what is drawn on it. */
export function cardVersion(content: CardContent): string {
  return createHash("sha256")
    .update(JSON.stringify([CARD_DESIGN, content.title, content.artist, content.style, content.filter, content.peaks]))
    .digest("base64url")
    .slice(0, 16);
}

/** Storage key of a song's card of one version. */
export function cardKey(songId: string, shape: CardShape, version: string): string {
  return `songs/${songId}/cards/${shape}-${version}.${shape === "thumb" ? "webp" : "png"}`;
}

/** The card's path (append to the public origin), versioned so a changed card is a new URL. */
export function cardPath(songId: string, shape: CardShape, content: CardContent): string {
  return `/media/songs/${songId}/${CARD_SIZES[shape].file}?v=${cardVersion(content)}`;
}

const drawing = new Map<string, Promise<string>>();

/**
 * The storage key of the song's current card, drawn and stored first when it is not there yet. Requests
 * arriving together for a missing card share one drawing.
 */
export function ensureCard(songId: string, shape: CardShape, content: CardContent): Promise<string> {
  const key = cardKey(songId, shape, cardVersion(content));
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      const storage = getStorage();
      if (!(await storage.stat(key))) await storage.put(key, shape === "thumb" ? await renderThumbWebp(content) : await renderCardPng(content, shape));
      return key;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/**
 * The card as PNG bytes: resvg draws the pixels and sharp encodes them (zlib 6 with adaptive filters),
 * about 100 KB for the wide card where resvg's own encoder makes 240 KB; chat apps such as WhatsApp skip
 * previews over 300 KB.
 */
export async function renderCardPng(content: CardContent, shape: Exclude<CardShape, "thumb"> = "wide"): Promise<Buffer> {
  return rasterise(cardSvg(content, shape), CARD_SIZES[shape].width).png({ compressionLevel: 6 }).toBuffer();
}

/** The square card, small, as WebP. */
export async function renderThumbWebp(content: CardContent): Promise<Buffer> {
  return rasterise(cardSvg(content, "square"), CARD_SIZES.thumb.width).webp({ quality: 82 }).toBuffer();
}

/** The SVG drawn at `width` pixels, as a sharp image to encode. */
function rasterise(svg: string, width: number): Sharp {
  const image = new Resvg(svg, {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter" },
    fitTo: { mode: "width", value: width },
  }).render();
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** The card as SVG (what resvg rasterises). */
export function cardSvg(content: CardContent, shape: Exclude<CardShape, "thumb">): string {
  const { width, height } = CARD_SIZES[shape];
  const wide = shape === "wide";
  const margin = wide ? 80 : 48;
  const titleSize = wide ? 64 : 44;
  const titleLines = wrap(content.title, wide ? 30 : 22, 2);
  const waveTop = wide ? 150 : 130;
  const waveHeight = wide ? 200 : 170;
  const titleTop = wide ? 440 : 390;
  const lineGap = titleSize * 1.15;
  const titleBottom = titleTop + (titleLines.length - 1) * lineGap;
  const title = titleLines
    .map((line, index) => `<text x="${margin}" y="${titleTop + index * lineGap}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="${margin}" y="${wide ? 100 : 84}" font-size="${wide ? 34 : 28}" font-weight="700" fill="#e9d5ff">Songloom</text>
<text x="${width - margin}" y="${wide ? 100 : 84}" font-size="${wide ? 26 : 20}" fill="#c4b5fd" text-anchor="end">${escapeXml(truncate(`${content.style} · ${content.filter}`, wide ? 40 : 26))}</text>
<path transform="translate(${margin} ${waveTop})" d="${waveformPath(content.peaks, width - 2 * margin, waveHeight)}" fill="#c4b5fd" fill-opacity="0.85"/>
${title}
<text x="${margin}" y="${titleBottom + (wide ? 62 : 50)}" font-size="${wide ? 36 : 28}" fill="#ddd6fe">${escapeXml(truncate(content.artist, wide ? 44 : 30))}</text>
</svg>`;
}

/** Words into at most `maxLines` lines of about `perLine` characters; the last one cut with an ellipsis. */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= perLine || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const kept = lines.slice(0, maxLines).map((line) => truncate(line, perLine));
  if (lines.length > maxLines) kept[maxLines - 1] = truncate(`${kept[maxLines - 1]}…`, perLine);
  return kept;
}

/** At most `max` characters (code points), the last an ellipsis when cut. */
function truncate(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
