// What a local store checks before acknowledging a batch, as a store's ingestion would: the message is a
// valid ERN 4.3 document, every file it names is in the batch with the size and MD5 it gives, and the
// cover art really is at least 3000×3000 (spec 2 §5). A file that is really missing is "Asset missing";
// any other problem is a failure with its reason. Each outcome is a DDEX FileStatus, which the local store
// answers in an FtpAcknowledgementMessage (ftp-acknowledgement.server.ts).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { XmlDocument } from "libxml2-wasm";
import type { FileStatus } from "./ftp-acknowledgement.server";
import { validateErn } from "./validate";

export const MIN_ART_PIXELS = 3000;

async function md5(file: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

function text(node: { get(xpath: string): { content: string } | null }, xpath: string): string {
  return node.get(xpath)?.content.trim() ?? "";
}

/** A local store's verdict on a batch: the DDEX FileStatus and, for a problem, the store's words. */
export interface StoreCheck {
  messageId: string | null;
  /** The release the message is about (its UPC), when the message could be read. */
  releaseId: string | null;
  fileStatus: FileStatus;
  errorText?: string;
  /** A takedown: the message's deals end. */
  takedown: boolean;
}

export async function checkBatch(batchDir: string): Promise<StoreCheck> {
  const names = await readdir(batchDir);
  const messageName = names.find((name) => name.endsWith(".xml") && !name.startsWith("BatchComplete_"));
  if (!messageName) return { messageId: null, releaseId: null, fileStatus: "ErnMissing", errorText: "The batch has no message.", takedown: false };
  const xml = await readFile(path.join(batchDir, messageName), "utf8");
  const validation = validateErn(xml);
  if (!validation.valid) return { messageId: null, releaseId: null, fileStatus: "NewReleaseMessageInvalid", errorText: `Invalid ERN: ${validation.errors.slice(0, 3).join("; ")}`, takedown: false };
  const document = XmlDocument.fromString(xml);
  try {
    const messageId = text(document, "/*/MessageHeader/MessageId");
    const releaseId = text(document, "//ReleaseList/Release/ReleaseId/ICPN") || null;
    const takedown = document.find("//DealList//ValidityPeriod/EndDate").length > 0;
    const base = { messageId, releaseId, takedown };
    // A takedown names the release's files but does not carry them: the store has them from the release.
    if (takedown) return { ...base, fileStatus: "FileOK" };
    for (const file of document.find("//File")) {
      const uri = text(file, "URI");
      const target = path.resolve(batchDir, uri);
      if (!target.startsWith(batchDir + path.sep)) return { ...base, fileStatus: "ResourceMissing", errorText: `File ${uri} is outside the batch.` };
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return { ...base, fileStatus: "ResourceMissing", errorText: `${uri} is not in the batch.` };
      const size = Number(text(file, "FileSize"));
      if (info.size !== size) return { ...base, fileStatus: "ResourceCorrupt", errorText: `${uri} has ${info.size} bytes; the message says ${size}.` };
      const expected = text(file, "HashSum/HashSumValue").toLowerCase();
      if ((await md5(target)) !== expected) return { ...base, fileStatus: "SignatureOrHashSumWrongOrMissing", errorText: `${uri} does not match its MD5 hash.` };
    }
    for (const image of document.find("//ResourceList/Image")) {
      const uri = text(image, "TechnicalDetails/File/URI");
      const { width = 0, height = 0 } = await sharp(path.resolve(batchDir, uri)).metadata();
      if (width < MIN_ART_PIXELS || height < MIN_ART_PIXELS) {
        return { ...base, fileStatus: "ResourceNotMeetingSpecifications", errorText: `Cover art ${uri} is ${width}×${height}; at least ${MIN_ART_PIXELS}×${MIN_ART_PIXELS} is needed.` };
      }
    }
    return { ...base, fileStatus: "FileOK" };
  } finally {
    document.dispose();
  }
}
