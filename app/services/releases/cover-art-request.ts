// Reading a cover-art upload from a multipart request (the release page's form and the cover-art API):
// the file part is streamed to a temporary file (never held in memory) and cut off as it passes 50 MB;
// the other fields are kept as form values. A declared body over the limit is refused before anything
// is read.
import { ApiError } from "~/server/http.server";
import { readMultipartUpload, UploadTooLargeError } from "~/server/uploads.server";
import { COVER_MAX_BYTES, COVER_MESSAGES } from "./cover-art-upload";

/** Room for the form's other fields and the multipart boundaries around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface CoverUpload {
  /** The temporary file holding the upload, or null when no file was chosen. The caller deletes it. */
  file: string | null;
  form: FormData;
}

/** A cover at or over the limit: 413 with the field's message (the pages show it beside the file input). */
function tooLarge(): ApiError {
  return new ApiError(413, "payload_too_large", COVER_MESSAGES.tooLarge, { coverArt: [COVER_MESSAGES.tooLarge] });
}

export async function readCoverUpload(request: Request, field = "coverArt"): Promise<CoverUpload> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > COVER_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    throw new ApiError(415, "unsupported_media_type", "Send the image as multipart/form-data.");
  }
  try {
    // Covers must be under 50 MB: one byte less is the most a cover may be.
    const { fields, file } = await readMultipartUpload(request, { field, maxBytes: COVER_MAX_BYTES - 1 });
    return { file: file?.path ?? null, form: fields };
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge();
    throw new ApiError(400, "invalid_form", "The upload could not be read. Please send it again.");
  }
}
