// Reading a cover-art upload from a multipart request (the release page's form and the cover-art API):
// the file part is streamed to a temporary file (never held in memory), the other fields are kept as
// form values. A declared body over the limit is refused before anything is read; a body that turns out
// larger than it declared is cut off at the limit by the upload handler.
import { randomBytes } from "node:crypto";
import { unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { ApiError } from "~/server/http.server";
import { COVER_MAX_BYTES, COVER_MESSAGES } from "./cover-art-upload";

/** Room for the form's other fields and the multipart boundaries around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface CoverUpload {
  /** The temporary file holding the upload, or null when no file was chosen. The caller deletes it. */
  file: string | null;
  form: FormData;
}

function tooLarge(): ApiError {
  return new ApiError(400, "invalid_input", COVER_MESSAGES.tooLarge, { coverArt: [COVER_MESSAGES.tooLarge] });
}

export async function readCoverUpload(request: Request, field = "coverArt"): Promise<CoverUpload> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > COVER_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    throw new ApiError(415, "unsupported_media_type", "Send the image as multipart/form-data.");
  }
  const files: string[] = [];
  const handler = unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({
      directory: path.join(os.tmpdir(), "songloom-uploads"),
      file: () => `${randomBytes(12).toString("hex")}.upload`,
      maxPartSize: COVER_MAX_BYTES,
      filter: ({ name }) => name === field,
    }),
    unstable_createMemoryUploadHandler({ maxPartSize: ENVELOPE_BYTES }),
  );
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, async (part) => {
      const value = await handler(part);
      if (value instanceof NodeOnDiskFile) files.push(value.getFilePath());
      return value;
    });
  } catch (error) {
    await Promise.all(files.map((file) => unlink(file).catch(() => {})));
    if (error instanceof MaxPartSizeExceededError) throw tooLarge();
    throw new ApiError(400, "invalid_form", "The upload could not be read. Please send it again.");
  }
  const value = form.get(field);
  const file = value instanceof NodeOnDiskFile ? value.getFilePath() : null;
  // Only the named field's file is used; drop any other.
  await Promise.all(files.filter((other) => other !== file).map((other) => unlink(other).catch(() => {})));
  return { file, form };
}
