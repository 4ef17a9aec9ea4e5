// Uploaded cover art (spec 2 §5): JPEG or PNG (read from the bytes, not the name), square, at least
// 3000×3000, under 50 MB. Other colour spaces (CMYK, greyscale) and transparency are converted to an RGB
// JPEG, since stores take RGB only; a compliant file is kept as it is. The file never passes through
// this process's memory whole: the upload handler streams it to a temporary file, sharp reads the header
// for the checks and decodes from the file (one full decode at a time) for the sizes and the conversion,
// and storage copies the files on disk.
import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { coverArt, type CoverArt, type CoverArtSizes } from "../../../drizzle/schema/releases";
import { newId } from "../../../drizzle/schema/columns";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";
import { uploadFolder } from "~/server/uploads.server";

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
 * The derived sizes: when the file is not one stores take as it is, a full-size sRGB JPEG converted from it
 * into a temporary file (`converted`, the caller removes it; null when the file is kept); then the 1400 px
 * page image, decoded from the stored file (JPEG shrink-on-load makes that cheap), and the 300 px thumbnail
 * from the page image. One after the other, so a large cover is decoded once at a time, not twice at once.
 */
export async function coverSizes(file: string, inspection: CoverInspection): Promise<{ page: Buffer; thumbnail: Buffer; converted: string | null }> {
  const rgb = (input: string) => sharp(input).rotate().flatten({ background: "#ffffff" }).toColourspace("srgb");
  let converted: string | null = null;
  if (!inspection.compliant) {
    await mkdir(uploadFolder(), { recursive: true });
    converted = path.join(uploadFolder(), `${randomBytes(12).toString("hex")}.rgb.jpg`);
    try {
      await rgb(file).jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toFile(converted);
    } catch (error) {
      await rm(converted, { force: true });
      throw error;
    }
  }
  try {
    const page = await rgb(converted ?? file).resize(PAGE_PIXELS, PAGE_PIXELS).jpeg({ quality: 88 }).toBuffer();
    const thumbnail = await sharp(page).resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS).jpeg({ quality: 82 }).toBuffer();
    return { page, thumbnail, converted };
  } catch (error) {
    if (converted) await rm(converted, { force: true });
    throw error;
  }
}

/**
 * Checks the image at `file` and stores it with its derived sizes for the user. Throws ApiError 400 on
 * `coverArt` with the reason. Deletes `file` whatever happens.
 */
export async function storeUploadedCoverArt(user: { id: string }, file: string): Promise<CoverArt> {
  let converted: string | null = null;
  try {
    const inspection = await inspectCoverFile(file);
    const { format, width, height, compliant } = inspection;
    const id = newId();
    const keys = coverArtKeys(id, compliant && format === "png" ? "png" : "jpg", format === "png" ? "png" : "jpg");
    const storage = getStorage();
    const sizes = await coverSizes(file, inspection);
    converted = sizes.converted;
    await storage.put(keys.thumbnail, sizes.thumbnail);
    await storage.put(keys.page, sizes.page);
    await storage.putFile(keys.full, converted ?? file);
    if (converted) await storage.putFile(keys.original, file);
    const stored: CoverArtSizes = { thumbnail: keys.thumbnail, page: keys.page, full: keys.full };
    const [row] = await db
      .insert(coverArt)
      .values({
        id,
        userId: user.id,
        source: "upload",
        originalKey: converted ? keys.original : keys.full,
        sizes: stored,
        width,
        height,
        format: converted ? "jpeg" : format,
        bytes: (await stat(converted ?? file)).size,
      })
      .returning();
    return row;
  } finally {
    await unlink(file).catch(() => {});
    if (converted) await rm(converted, { force: true });
  }
}
