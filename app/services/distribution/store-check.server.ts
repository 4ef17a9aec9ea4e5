// What a local store checks before acknowledging a batch, as a store's ingestion would: the message is a
// valid ERN 4.3 document, every file it names is in the batch with the size and MD5 it gives, and the
// cover art really is at least 3000×3000 (spec 2 §5). A file that is really missing is "Asset missing";
// any other problem is a failure with its reason. The acknowledgement is acknowledgement.ts's format.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { XmlDocument } from "libxml2-wasm";
import type { Acknowledgement } from "./acknowledgement";
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

export async function checkBatch(batchDir: string): Promise<Acknowledgement> {
  const checkedAt = new Date().toISOString();
  const names = await readdir(batchDir);
  const messageName = names.find((name) => name.endsWith(".xml") && !name.startsWith("BatchComplete_"));
  if (!messageName) return { messageId: null, status: "Failure", reason: "The batch has no message.", takedown: false, checkedAt };
  const xml = await readFile(path.join(batchDir, messageName), "utf8");
  const validation = validateErn(xml);
  if (!validation.valid) return { messageId: null, status: "Failure", reason: `Invalid ERN: ${validation.errors.slice(0, 3).join("; ")}`, takedown: false, checkedAt };
  const document = XmlDocument.fromString(xml);
  try {
    const messageId = text(document, "/*/MessageHeader/MessageId");
    const takedown = document.find("//DealList//ValidityPeriod/EndDate").length > 0;
    const base = { messageId, takedown, checkedAt };
    // A takedown names the release's files but does not carry them: the store has them from the release.
    if (takedown) return { ...base, status: "Success" };
    for (const file of document.find("//File")) {
      const uri = text(file, "URI");
      const target = path.resolve(batchDir, uri);
      if (!target.startsWith(batchDir + path.sep)) return { ...base, status: "Failure", reason: `File ${uri} is outside the batch.` };
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return { ...base, status: "AssetMissing", reason: `${uri} is not in the batch.` };
      const size = Number(text(file, "FileSize"));
      if (info.size !== size) return { ...base, status: "Failure", reason: `${uri} has ${info.size} bytes; the message says ${size}.` };
      const expected = text(file, "HashSum/HashSumValue").toLowerCase();
      if ((await md5(target)) !== expected) return { ...base, status: "Failure", reason: `${uri} does not match its MD5 hash.` };
    }
    for (const image of document.find("//ResourceList/Image")) {
      const uri = text(image, "TechnicalDetails/File/URI");
      const { width = 0, height = 0 } = await sharp(path.resolve(batchDir, uri)).metadata();
      if (width < MIN_ART_PIXELS || height < MIN_ART_PIXELS) {
        return { ...base, status: "Failure", reason: `Cover art ${uri} is ${width}×${height}; at least ${MIN_ART_PIXELS}×${MIN_ART_PIXELS} is needed.` };
      }
    }
    return { ...base, status: "Success" };
  } finally {
    document.dispose();
  }
}
