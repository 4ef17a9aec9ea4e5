// Style and filter previews (spec 1 §3: each style and filter has a preview URL). Each is a short clip the
// engine renders like a song (a fixed seed per preview, the song's strongest section, 17 s plus the
// reverb tail, faded in and out, mastered with the songs' master), made in the background by the
// catalogue.previews job at start, kept in media storage and served by /media/previews/… with the media
// route's ranges and caching. The storage key carries a version made from the catalogue and the engine's
// sound version: when either changes, the next start makes them all again under new keys.
import { createHash } from "node:crypto";
import { compose, defaultSongParams, getFilter, getStyle, produce, STEPS_PER_SEGMENT, STYLES } from "~/engine";
import { renderFromPartsOffThread } from "~/engine/threads";
import { env } from "~/server/env.server";
import { getStorage } from "~/server/storage.server";

/**
 * Bump when the engine's sound changes in a way the catalogue data does not show (instruments, mixing,
 * mastering): the previews are then made again.
 */
export const ENGINE_SOUND_VERSION = 1;

/** The window: 17 s from the start of the strongest section, plus the 3 s tail the render adds (20 s). */
export const PREVIEW_SECONDS = 17;
export const FADE = { inSeconds: 0.5, outSeconds: 2.5 } as const;

export interface PreviewItem {
  style: string;
  /** null: the style's own preview (its default filter). */
  filter: string | null;
}

/** Every preview the pages offer: each style, and each filter its filter page lists. */
export function allPreviewItems(): PreviewItem[] {
  return STYLES.flatMap((style) => [
    { style: style.value, filter: null },
    ...style.filters.filter((value) => getFilter(value).purposes.includes("create")).map((filter) => ({ style: style.value, filter })),
  ]);
}

/** The items CATALOGUE_PREVIEWS selects ("all", "off", or a comma list of styles and style/filter pairs). */
export function selectedPreviewItems(setting = env.CATALOGUE_PREVIEWS): PreviewItem[] {
  const value = setting.trim();
  if (value === "off" || value === "") return [];
  const all = allPreviewItems();
  if (value === "all") return all;
  const wanted = new Set(value.split(",").map((part) => part.trim()));
  return all.filter((item) => wanted.has(item.filter ? `${item.style}/${item.filter}` : item.style));
}

let version: string | null = null;

/** A short hash of everything the previews' sound follows from: the styles, their filters and the engine. */
export function previewVersion(): string {
  version ??= createHash("sha256")
    .update(JSON.stringify({ engine: ENGINE_SOUND_VERSION, seconds: PREVIEW_SECONDS, fade: FADE, styles: STYLES, filters: allPreviewItems().map((item) => item.filter && getFilter(item.filter)) }))
    .digest("hex")
    .slice(0, 12);
  return version;
}

export function previewKey(item: PreviewItem, at = previewVersion()): string {
  return `previews/${at}/${item.style}${item.filter ? `/${item.filter}` : ""}.mp3`;
}

/** The URL path of a preview (served by app/routes/media.previews.$.ts); the version busts shared caches. */
export function previewPath(item: PreviewItem): string {
  return `/media/previews/${item.style}${item.filter ? `/${item.filter}` : ""}.mp3?v=${previewVersion()}`;
}

/** Reads /media/previews/{style}.mp3 or /{style}/{filter}.mp3's splat; null when it names nothing we preview. */
export function parsePreviewPath(splat: string): PreviewItem | null {
  const match = /^([A-Za-z0-9_]+)(?:\/([A-Za-z0-9_]+))?\.mp3$/.exec(splat);
  if (!match) return null;
  const item = { style: match[1], filter: match[2] ?? null };
  return allPreviewItems().some((known) => known.style === item.style && known.filter === item.filter) ? item : null;
}

/** A fixed seed per preview, so the same catalogue always sounds the same. */
export function previewSeed(item: PreviewItem): number {
  return createHash("sha256").update(`${item.style}/${item.filter ?? ""}`).digest().readUInt32BE(0) % 1_000_000_000;
}

/** Renders one preview: compose the song, find its strongest section, render that window. Returns the MP3. */
export async function renderCataloguePreview(item: PreviewItem, seconds = PREVIEW_SECONDS): Promise<Uint8Array> {
  const seed = previewSeed(item);
  const params = defaultSongParams(item.style, seed, item.filter ?? getStyle(item.style).defaultFilter);
  const composition = compose(params);
  const production = produce(params, composition, seed);
  const startSeconds = strongestStart(composition.segments, composition.tempo, seconds);
  const rendered = await renderFromPartsOffThread(composition, production, { excerpt: { startSeconds, seconds }, fade: FADE }, { background: true });
  if (!rendered.mp3) throw new Error(`The preview of ${item.style}/${item.filter ?? ""} has no MP3`);
  return rendered.mp3;
}

/**
 * Where the window starts: the first segment with the most energy (the arrangement's peak: a chorus or
 * drop), moved earlier if the song ends before the window does.
 */
export function strongestStart(segments: { energy: number }[], tempo: number, seconds: number): number {
  // As the render schedules it (pipeline.ts scheduleRender): STEPS_PER_SEGMENT sixteenths a segment.
  const segmentSeconds = (60 / tempo / 4) * STEPS_PER_SEGMENT;
  let best = 0;
  segments.forEach((segment, index) => {
    if (segment.energy > segments[best].energy) best = index;
  });
  const songSeconds = segments.length * segmentSeconds;
  return Math.max(0, Math.min(best * segmentSeconds, songSeconds - seconds));
}

const known = new Map<string, boolean>();

/** The preview's URL when its file exists for the current version, else null (a card then offers no player). */
export async function previewUrlIfMade(item: PreviewItem): Promise<string | null> {
  const key = previewKey(item);
  let exists = known.get(key);
  if (!exists) {
    exists = (await getStorage().stat(key)) !== null;
    // Only "made" is kept: a preview still to come is looked for again on the next page view.
    if (exists) known.set(key, true);
  }
  return exists ? previewPath(item) : null;
}

/** Makes every selected preview that is missing for the current version; returns how many it made. */
export async function ensureCataloguePreviews(items = selectedPreviewItems(), seconds = PREVIEW_SECONDS): Promise<number> {
  const storage = getStorage();
  let made = 0;
  for (const item of items) {
    const key = previewKey(item);
    if (await storage.stat(key)) continue;
    await storage.put(key, await renderCataloguePreview(item, seconds));
    made += 1;
  }
  return made;
}
