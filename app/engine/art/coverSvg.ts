// Procedural cover art as SVG (spec 2 §5 generated art). A keyword and an optional prompt seed every choice:
// the look (one of LOOKS, each its own composition, not one template recoloured), the palette within the
// genre's mood, and the shapes. The title and artist are typeset on a plain panel or band so they read on
// any background. Pure: the same input gives the same SVG, byte for byte; rasterising is the caller's job.
import { createRng, type Rng } from "../theory/random";
import { fnv1a32 } from "../theory/hash";
import { PALETTES, type ArtMood, type Palette } from "./palettes";

export const ART_SIZE = 3000;

export const LOOKS = ["waves", "orbits", "bauhaus", "shards", "halftone", "horizon"] as const;
export type ArtLook = (typeof LOOKS)[number];

export interface CoverArtInput {
  keyword: string;
  prompt?: string;
  title: string;
  artistName: string;
  mood: ArtMood;
}

export interface CoverArtDesign {
  svg: string;
  look: ArtLook;
  palette: string;
  seed: number;
}

/** The font families the SVG names; the rasteriser must load TTFs for both (see ADR 020). */
export const ART_FONTS = { sans: "Inter", serif: "DM Serif Display" } as const;

export function coverArtSeed(keyword: string, prompt = ""): number {
  return fnv1a32(`${keyword.trim().toLowerCase()}|${prompt.trim().toLowerCase()}`);
}

export function designCoverArt(input: CoverArtInput): CoverArtDesign {
  const seed = coverArtSeed(input.keyword, input.prompt);
  const rng = createRng(seed);
  const look = rng.pick(LOOKS);
  const palette = rng.pick(PALETTES[input.mood]);
  const shapes = DRAW[look](rng, palette);
  const type = typeset(rng, palette, input, look);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}">` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="${palette.background}"/>` +
    shapes +
    type +
    `</svg>`;
  return { svg, look, palette: palette.name, seed };
}

const S = ART_SIZE;
const r = (value: number) => Math.round(value);

const DRAW: Record<ArtLook, (rng: Rng, palette: Palette) => string> = {
  // Layered sine bands rising from the bottom, like a landscape of sound.
  waves(rng, palette) {
    const layers = rng.int(4, 7);
    let out = "";
    for (let layer = 0; layer < layers; layer++) {
      const base = S * (0.35 + (0.5 * layer) / layers);
      const amplitude = S * (0.03 + rng.next() * 0.07);
      const period = S / rng.int(1, 4);
      const phase = rng.next() * Math.PI * 2;
      let d = `M0 ${r(base)}`;
      for (let x = 0; x <= S; x += 50) d += ` L${x} ${r(base + amplitude * Math.sin((x / period) * Math.PI * 2 + phase))}`;
      d += ` L${S} ${S} L0 ${S} Z`;
      out += `<path d="${d}" fill="${palette.shapes[layer % 3]}" fill-opacity="${(0.55 + 0.45 * (layer / layers)).toFixed(2)}"/>`;
    }
    return out;
  },
  // Rings around an off-centre point, with one planet.
  orbits(rng, palette) {
    const cx = S * (0.3 + rng.next() * 0.4);
    const cy = S * (0.3 + rng.next() * 0.3);
    let out = "";
    const rings = rng.int(6, 12);
    for (let ring = rings; ring >= 1; ring--) {
      const radius = (S * 0.75 * ring) / rings;
      out += `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="none" stroke="${palette.shapes[ring % 3]}" stroke-width="${r(S * (0.004 + rng.next() * 0.02))}"/>`;
    }
    const angle = rng.next() * Math.PI * 2;
    const orbit = (S * 0.75 * rng.int(2, rings)) / rings;
    out += `<circle cx="${r(cx + orbit * Math.cos(angle))}" cy="${r(cy + orbit * Math.sin(angle))}" r="${r(S * (0.05 + rng.next() * 0.07))}" fill="${palette.shapes[0]}"/>`;
    out += `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(S * 0.08)}" fill="${palette.shapes[1]}"/>`;
    return out;
  },
  // A grid of tiles, each a quarter circle, half circle, square or empty: Bauhaus posters.
  bauhaus(rng, palette) {
    const cells = rng.pick([3, 4, 5]);
    const size = S / cells;
    let out = "";
    for (let row = 0; row < cells; row++) {
      for (let column = 0; column < cells; column++) {
        const x = column * size;
        const y = row * size;
        const colour = rng.pick(palette.shapes);
        const kind = rng.int(0, 4);
        if (kind === 0) out += `<rect x="${r(x)}" y="${r(y)}" width="${r(size)}" height="${r(size)}" fill="${colour}"/>`;
        else if (kind === 1) {
          const corner = rng.int(0, 3);
          const cx = x + (corner % 2) * size;
          const cy = y + Math.floor(corner / 2) * size;
          out += `<clipPath id="c${row}_${column}"><rect x="${r(x)}" y="${r(y)}" width="${r(size)}" height="${r(size)}"/></clipPath>`;
          out += `<circle clip-path="url(#c${row}_${column})" cx="${r(cx)}" cy="${r(cy)}" r="${r(size)}" fill="${colour}"/>`;
        } else if (kind === 2) out += `<circle cx="${r(x + size / 2)}" cy="${r(y + size / 2)}" r="${r(size * 0.42)}" fill="${colour}"/>`;
        else if (kind === 3) out += `<path d="M${r(x)} ${r(y + size)} L${r(x + size / 2)} ${r(y)} L${r(x + size)} ${r(y + size)} Z" fill="${colour}"/>`;
      }
    }
    return out;
  },
  // Low-poly shards: a jittered triangle mesh shaded across the palette.
  shards(rng, palette) {
    const steps = rng.int(5, 8);
    const cell = S / steps;
    const points: [number, number][][] = [];
    for (let row = 0; row <= steps; row++) {
      points.push([]);
      for (let column = 0; column <= steps; column++) {
        const edge = row === 0 || column === 0 || row === steps || column === steps;
        const jitter = edge ? 0 : cell * 0.35;
        points[row].push([column * cell + (rng.next() - 0.5) * 2 * jitter, row * cell + (rng.next() - 0.5) * 2 * jitter]);
      }
    }
    let out = "";
    const tri = (a: [number, number], b: [number, number], c: [number, number]) => {
      const colour = rng.weighted([...palette.shapes, palette.background], [3, 2, 1, 2]);
      out += `<path d="M${r(a[0])} ${r(a[1])} L${r(b[0])} ${r(b[1])} L${r(c[0])} ${r(c[1])} Z" fill="${colour}" fill-opacity="${(0.6 + rng.next() * 0.4).toFixed(2)}"/>`;
    };
    for (let row = 0; row < steps; row++) {
      for (let column = 0; column < steps; column++) {
        const [a, b, c, d] = [points[row][column], points[row][column + 1], points[row + 1][column], points[row + 1][column + 1]];
        tri(a, b, d);
        tri(a, d, c);
      }
    }
    return out;
  },
  // A field of dots whose size follows a radial gradient from a seeded centre.
  halftone(rng, palette) {
    const spacing = rng.pick([100, 120, 150]);
    const cx = S * rng.next();
    const cy = S * rng.next();
    const colour = rng.pick(palette.shapes);
    let out = `<g fill="${colour}">`;
    for (let y = spacing / 2; y < S; y += spacing) {
      for (let x = spacing / 2; x < S; x += spacing) {
        const distance = Math.hypot(x - cx, y - cy) / (S * 1.1);
        const radius = (spacing / 2) * Math.max(0.08, 1 - distance);
        out += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(radius)}"/>`;
      }
    }
    out += `</g><circle cx="${r(cx)}" cy="${r(cy)}" r="${r(S * 0.12)}" fill="${palette.shapes[(palette.shapes.indexOf(colour) + 1) % 3]}"/>`;
    return out;
  },
  // A striped sun setting behind a horizon, with its reflection.
  horizon(rng, palette) {
    const horizon = S * (0.55 + rng.next() * 0.15);
    const radius = S * (0.22 + rng.next() * 0.12);
    const cx = S * (0.35 + rng.next() * 0.3);
    let out = `<clipPath id="sky"><rect width="${S}" height="${r(horizon)}"/></clipPath>`;
    out += `<circle clip-path="url(#sky)" cx="${r(cx)}" cy="${r(horizon)}" r="${r(radius)}" fill="${palette.shapes[0]}"/>`;
    const stripes = rng.int(4, 8);
    for (let stripe = 0; stripe < stripes; stripe++) {
      const y = horizon - radius * (stripe / stripes) * 0.9;
      out += `<rect x="0" y="${r(y - (radius / stripes) * 0.35)}" width="${S}" height="${r((radius / stripes) * 0.25 * (1 + stripe / stripes))}" fill="${palette.background}"/>`;
    }
    out += `<rect x="0" y="${r(horizon)}" width="${S}" height="${r(S - horizon)}" fill="${palette.shapes[1]}"/>`;
    const lines = rng.int(6, 12);
    for (let line = 1; line <= lines; line++) {
      const y = horizon + (S - horizon) * (line / lines) ** 1.6;
      out += `<rect x="${r(cx - radius * (1 - line / (lines + 2)))}" y="${r(y)}" width="${r(2 * radius * (1 - line / (lines + 2)))}" height="${r(S * 0.006 * line)}" fill="${palette.shapes[2]}" fill-opacity="0.7"/>`;
    }
    return out;
  },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[character]!);
}

/** Breaks text into at most `maxLines` lines of about `perLine` characters, on spaces where it can. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine || current === "") current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, Math.max(perLine - 1, 1)).trimEnd()}…`;
    return kept;
  }
  return lines.map((line) => (line.length > perLine * 1.4 ? `${line.slice(0, Math.floor(perLine * 1.4) - 1)}…` : line));
}

/** Title and artist on a panel: top-left card, bottom band or centred plate, seeded. */
function typeset(rng: Rng, palette: Palette, input: CoverArtInput, look: ArtLook): string {
  const serif = rng.chance(0.5);
  const titleFamily = serif ? ART_FONTS.serif : ART_FONTS.sans;
  const titleWeight = serif ? 400 : 800;
  const title = input.title.trim() || input.keyword;
  const layout = rng.pick(look === "horizon" ? (["top", "plate"] as const) : (["top", "band", "plate"] as const));
  const titleSize = title.length <= 12 ? 260 : title.length <= 24 ? 200 : 150;
  const perLine = Math.max(6, Math.floor((S * 0.78) / (titleSize * 0.58)));
  const lines = wrapText(title, perLine, 3);
  const artistSize = 110;
  const gap = titleSize * 1.1;
  const blockHeight = lines.length * gap + artistSize * 1.6;
  const pad = 150;
  const panel = palette.background;
  const ink = palette.ink;
  let x = pad * 1.6;
  let anchor: "start" | "middle" = "start";
  let top: number;
  let backdrop: string;
  if (layout === "top") {
    top = pad * 1.6;
    backdrop = `<rect x="${pad}" y="${pad}" width="${r(S * 0.78 + pad)}" height="${r(blockHeight + pad)}" fill="${panel}" fill-opacity="0.88"/>`;
  } else if (layout === "band") {
    top = S - blockHeight - pad * 1.4;
    backdrop = `<rect x="0" y="${r(top - pad * 0.8)}" width="${S}" height="${r(S - top + pad * 0.8)}" fill="${panel}" fill-opacity="0.92"/>`;
  } else {
    anchor = "middle";
    x = S / 2;
    top = (S - blockHeight) / 2;
    backdrop = `<rect x="${r(S * 0.1)}" y="${r(top - pad * 0.8)}" width="${r(S * 0.8)}" height="${r(blockHeight + pad * 1.4)}" rx="40" fill="${panel}" fill-opacity="0.9"/>`;
  }
  let text = "";
  lines.forEach((line, index) => {
    text += `<text x="${r(x)}" y="${r(top + titleSize + index * gap)}" text-anchor="${anchor}" font-family="${titleFamily}" font-weight="${titleWeight}" font-size="${titleSize}" fill="${ink}">${escapeXml(line)}</text>`;
  });
  const artist = wrapText(input.artistName.toUpperCase(), Math.floor((S * 0.78) / (artistSize * 0.66)), 1)[0] ?? "";
  text += `<text x="${r(x)}" y="${r(top + lines.length * gap + artistSize * 1.3)}" text-anchor="${anchor}" font-family="${ART_FONTS.sans}" font-weight="600" font-size="${artistSize}" letter-spacing="12" fill="${ink}" fill-opacity="0.85">${escapeXml(artist)}</text>`;
  return backdrop + text;
}
