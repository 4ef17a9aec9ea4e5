// Uploaded cover art (spec 2 §5): JPEG or PNG (read from the bytes, not the name), square, at least
// 3000×3000, under 50 MB. Other colour spaces (CMYK, greyscale) and transparency are converted to an RGB
// JPEG, since stores take RGB only; a compliant file is kept as it is. The file is checked from disk:
// the upload handler streams it to a temporary file, sharp reads the header for the checks and decodes
// from the file for the sizes, and the full file is read into memory once, to store it.
import { readFile, stat, unlink } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { coverArt, type CoverArt, type CoverArtSizes } from "../../../drizzle/schema/releases";
import { newId } from "../../../drizzle/schema/columns";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";

export const COVER_MIN_PIXELS = 3000;
/** Larger covers gain stores nothing and cost seconds and hundreds of MB to decode. */
export const COVER_MAX_PIXELS = 10_000;
export const COVER_MAX_BYTES = 50 * 1024 * 1024;
export const THUMBNAIL_PIXELS = 300;
export const PAGE_PIXELS = 1400;

export const COVER_MESSAGES = {
  tooLarge: "Cover art must be smaller than 50 MB.",
  notImage: "Cover art must be a JPEG or PNG image.",
  empty: "Choose an image file (JPEG or PNG).",
  tooSmall: (width: number, height: number) => `Cover art must be at least 3000×3000 pixels; this image is ${width}×${height}.`,
  tooBig: (width: number, height: number) => `Cover art can be at most 10000×10000 pixels; this image is ${width}×${height}.`,
  notSquare: (width: number, height: number) => `Cover art must be square; this image is ${width}×${height}.`,
} as const;

function refuse(message: string): ApiError {
  return new ApiError(400, "invalid_input", message, { coverArt: [message] });
}

export const coverArtKeys = (id: string, fullExtension: "jpg" | "png", originalExtension: string) => ({
  thumbnail: `cover-art/${id}/thumbnail.jpg`,
  page: `cover-art/${id}/page.jpg`,
  full: `cover-art/${id}/full.${fullExtension}`,
  original: `cover-art/${id}/original.${originalExtension}`,
});

export interface CoverInspection {
  format: "jpeg" | "png";
  width: number;
  height: number;
  /** sRGB, three channels, no alpha: stored as it is. */
  compliant: boolean;
}

/** Reads the image's header and checks it (spec 2 §5). Throws ApiError 400 on `coverArt` with the reason. */
export async function inspectCoverFile(file: string): Promise<CoverInspection> {
  const { size } = await stat(file);
  if (size === 0) throw refuse(COVER_MESSAGES.empty);
  if (size >= COVER_MAX_BYTES) throw refuse(COVER_MESSAGES.tooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(file).metadata();
  } catch {
    throw refuse(COVER_MESSAGES.notImage);
  }
  const { format, width = 0, height = 0 } = metadata;
  if (format !== "jpeg" && format !== "png") throw refuse(COVER_MESSAGES.notImage);
  if (width !== height) throw refuse(COVER_MESSAGES.notSquare(width, height));
  if (width < COVER_MIN_PIXELS) throw refuse(COVER_MESSAGES.tooSmall(width, height));
  if (width > COVER_MAX_PIXELS) throw refuse(COVER_MESSAGES.tooBig(width, height));
  // Stores want sRGB without transparency; anything else is converted rather than refused.
  return { format, width, height, compliant: metadata.space === "srgb" && !metadata.hasAlpha && (metadata.channels ?? 3) === 3 };
}

/**
 * The derived sizes: the 1400 px page image decoded from the file (JPEG shrink-on-load makes that cheap),
 * the 300 px thumbnail from the page image, and a converted full-size sRGB JPEG when the file is not one
 * stores take as it is (null when it is).
 */
export async function coverSizes(file: string, inspection: CoverInspection): Promise<{ page: Buffer; thumbnail: Buffer; converted: Buffer | null }> {
  const rgb = () => sharp(file).rotate().flatten({ background: "#ffffff" }).toColourspace("srgb");
  const [page, converted] = await Promise.all([
    rgb().resize(PAGE_PIXELS, PAGE_PIXELS).jpeg({ quality: 88 }).toBuffer(),
    inspection.compliant ? Promise.resolve(null) : rgb().jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer(),
  ]);
  const thumbnail = await sharp(page).resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS).jpeg({ quality: 82 }).toBuffer();
  return { page, thumbnail, converted };
}

/**
 * Checks the image at `file` and stores it with its derived sizes for the user. Throws ApiError 400 on
 * `coverArt` with the reason. Deletes `file` whatever happens.
 */
export async function storeUploadedCoverArt(user: { id: string }, file: string): Promise<CoverArt> {
  try {
    const inspection = await inspectCoverFile(file);
    const { format, width, height, compliant } = inspection;
    const id = newId();
    const keys = coverArtKeys(id, compliant && format === "png" ? "png" : "jpg", format === "png" ? "png" : "jpg");
    const storage = getStorage();
    const { page, thumbnail, converted } = await coverSizes(file, inspection);
    const original = await readFile(file);
    await storage.put(keys.thumbnail, thumbnail);
    await storage.put(keys.page, page);
    await storage.put(keys.full, converted ?? original);
    if (converted) await storage.put(keys.original, original);
    const sizes: CoverArtSizes = { thumbnail: keys.thumbnail, page: keys.page, full: keys.full };
    const [row] = await db
      .insert(coverArt)
      .values({
        id,
        userId: user.id,
        source: "upload",
        originalKey: converted ? keys.original : keys.full,
        sizes,
        width,
        height,
        format: converted ? "jpeg" : format,
        bytes: (converted ?? original).byteLength,
      })
      .returning();
    return row;
  } finally {
    await unlink(file).catch(() => {});
  }
}
