// A store's answer to a batch: the DDEX FtpAcknowledgementMessage of the ERN choreography's SFTP profiles
// (docs/distribution.md "The store's answer"; ADR 033). The local stores write it (local-stores.server.ts)
// and the delivery reads it (deliver.server.ts), so both sides go through this file.
//
// The message is validated against ern-c/ftp-acknowledgement.xsd, Songloom's schema of the documented
// structure whose value lists (FileStatus, ProposedActionType) are DDEX's own allowed-value sets. Reading
// never throws for bad input: an answer that is too big, not XML, not this message, invalid, or about
// another release is returned as a problem, which the delivery holds for staff instead of guessing.
import path from "node:path";
import { readFileSync } from "node:fs";
import { XmlDocument, XmlValidateError, XsdValidator, type XmlElement } from "libxml2-wasm";
import { xmlRegisterFsInputProviders } from "libxml2-wasm/lib/nodejs.mjs";
import { PlatformStatus } from "./acknowledgement";

/** The namespace and MessageVersionId the stores are asked to answer in (ERN-C SFTP 1.6). */
export const ACK_NAMESPACE = "http://ddex.net/xml/ern-c-sftp/16";
export const ACK_MESSAGE_VERSION = "ern-c-sftp/16";
/**
 * Earlier versions of the choreography whose FtpAcknowledgementMessage has the same structure: an answer
 * in one of them is read as if it were 1.6 (stores move between versions slowly).
 */
const COMPATIBLE_NAMESPACES = new Set(["http://ddex.net/xml/ern-c/14", "http://ddex.net/xml/ern-c/15", ACK_NAMESPACE]);
/** Acknowledgements are a few kilobytes; anything past this is not one, and is not parsed. */
export const MAX_ACK_BYTES = 256 * 1024;

const SCHEMA = path.resolve(process.cwd(), "app/services/distribution/ern-c/ftp-acknowledgement.xsd");

/** DDEX ErncFileStatus values (allowed-value-sets.xsd). */
export const FILE_STATUSES = [
  "ArtistRoleUnknown",
  "CommercialReleaseDateInvalid",
  "ConflictingAvailabilityPeriods",
  "DuplicatedPublisherNames",
  "ErnMissing",
  "FileOK",
  "IdentifierInvalid",
  "IdentifierSyntaxInvalid",
  "InternalError",
  "MetadataMissing",
  "NewReleaseMessageInvalid",
  "NoDealForTrackRelease",
  "NoDealInNewReleaseMessage",
  "OriginalReleaseDateLaterThanReleaseDate",
  "PrimaryArtistNameMissing",
  "ResourceCorrupt",
  "ResourceMissing",
  "ResourceNotMeetingSpecifications",
  "SignatureOrHashSumWrongOrMissing",
  "UnsupportedUsage",
  "UserDefined",
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/**
 * What each status means, in plain words, for the artist's store table when the store sent no ErrorText
 * of its own (after DDEX's definitions of the values).
 */
export const FILE_STATUS_WORDS: Record<FileStatus, string> = {
  ArtistRoleUnknown: "An artist role is not one the store knows.",
  CommercialReleaseDateInvalid: "The release date is not valid for the store.",
  ConflictingAvailabilityPeriods: "Two availability periods start on the same day for the same country and use.",
  DuplicatedPublisherNames: "A publisher name is given twice.",
  ErnMissing: "The store did not find the release's message.",
  FileOK: "Accepted.",
  IdentifierInvalid: "An identifier is not valid (for example the same ISRC on two tracks).",
  IdentifierSyntaxInvalid: "An identifier is not written correctly.",
  InternalError: "The store had an internal error.",
  MetadataMissing: "Details the store requires are missing.",
  NewReleaseMessageInvalid: "The release's message did not validate at the store.",
  NoDealForTrackRelease: "A track has no deal.",
  NoDealInNewReleaseMessage: "The message has no deals.",
  OriginalReleaseDateLaterThanReleaseDate: "The original release date is after the release date.",
  PrimaryArtistNameMissing: "The main artist's name is missing.",
  ResourceCorrupt: "A file is damaged.",
  ResourceMissing: "A file is missing.",
  ResourceNotMeetingSpecifications: "A file does not meet the store's requirements.",
  SignatureOrHashSumWrongOrMissing: "A file's checksum is wrong or missing.",
  UnsupportedUsage: "A deal's use is not one the store supports.",
  UserDefined: "The store answered with a status of its own.",
};

/** ErncProposedActionType values. */
export type ProposedAction = "DoNotResendAffectedResource" | "DoNotResendRelease" | "ResendXmlOnly" | "ResendXmlAndResources" | "UserDefined";

export interface Party {
  dpid: string;
  name: string;
}

export interface FtpAcknowledgement {
  sender: Party;
  recipient: Party;
  createdAt: Date;
  /** The acknowledged release as the batch path names it (the UPC here). */
  releaseId: string;
  /** The batch's date, YYYY-MM-DD. */
  date: string;
  fileStatus: FileStatus;
  /** The store's own word for a UserDefined status. */
  userDefinedValue?: string;
  /** The store's own words about the problem. */
  errorText?: string;
  proposedAction?: ProposedAction;
  manualCheckRequired?: boolean;
  /** ISRCs of the tracks the problem is about. */
  affectedIsrcs?: string[];
}

/** Where the answer to `batch` lands, inside the batch folder (the choreography's acknowledgements/ folder). */
export function acknowledgementPath(batch: string): string {
  return `acknowledgements/ACK_${batch}.xml`;
}

/** The placeholder DDEX Party Id of a local store: the local stores are not DDEX parties. */
export function localStoreDpid(storeId: string): string {
  return `PADPIDA0LOCAL${storeId.replace(/[^a-zA-Z0-9]/g, "").toUpperCase()}`;
}

function add(parent: XmlElement, name: string, text?: string): XmlElement {
  const child = parent.addElement(name);
  if (text !== undefined) child.addText(text);
  return child;
}

function addParty(parent: XmlElement, name: string, party: Party): void {
  const element = add(parent, name);
  add(element, "PartyId", party.dpid);
  add(add(element, "PartyName"), "FullName", party.name);
}

/** The FtpAcknowledgementMessage as XML (libxml2 builds the tree, so text is escaped by it). */
export function buildFtpAcknowledgement(ack: FtpAcknowledgement): string {
  const document = XmlDocument.create();
  try {
    const root = document.createRoot("FtpAcknowledgementMessage", ACK_NAMESPACE, "ernc");
    root.setAttr("MessageVersionId", ACK_MESSAGE_VERSION);
    const header = add(root, "MessageHeader");
    addParty(header, "MessageSender", ack.sender);
    addParty(header, "MessageRecipient", ack.recipient);
    add(header, "MessageCreatedDateTime", ack.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"));
    const file = add(root, "AcknowledgedFile");
    add(file, "ReleaseId", ack.releaseId);
    add(file, "Date", ack.date);
    const status = add(root, "FileStatus", ack.fileStatus);
    if (ack.userDefinedValue) status.setAttr("UserDefinedValue", ack.userDefinedValue);
    if (ack.errorText) add(root, "ErrorText", ack.errorText);
    if (ack.proposedAction) add(root, "ProposedActionType", ack.proposedAction);
    if (ack.manualCheckRequired !== undefined) add(root, "ManualCheckRequired", String(ack.manualCheckRequired));
    for (const isrc of ack.affectedIsrcs ?? []) add(add(root, "AffectedResource"), "ISRC", isrc);
    return document.toString({ format: true });
  } finally {
    document.dispose();
  }
}

let validator: XsdValidator | null = null;

function schemaValidator(): XsdValidator {
  if (validator) return validator;
  // The schema imports DDEX's allowed-value-sets.xsd (beside the ERN schema) through the file system.
  xmlRegisterFsInputProviders();
  const schema = XmlDocument.fromBuffer(readFileSync(SCHEMA), { url: SCHEMA });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

export type AckReading = { ok: true; ack: FtpAcknowledgement } | { ok: false; problem: string };

const text = (node: XmlElement, xpath: string): string => node.get(xpath)?.content.trim() ?? "";

/**
 * Reads a store's answer. `expect.releaseId` is the batch's release (its UPC): an answer about another
 * release is not this batch's. `expect.senderDpid`, when given, is the store's DDEX Party Id.
 */
export function readFtpAcknowledgement(raw: string | Buffer, expect: { releaseId: string; senderDpid?: string }): AckReading {
  const bytes = typeof raw === "string" ? Buffer.byteLength(raw) : raw.length;
  if (bytes > MAX_ACK_BYTES) return { ok: false, problem: `The acknowledgement is ${bytes} bytes, more than the ${MAX_ACK_BYTES} an acknowledgement can be.` };
  let xml = typeof raw === "string" ? raw : raw.toString("utf8");
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    return { ok: false, problem: `The acknowledgement is not well-formed XML: ${(error as Error).message.trim().slice(0, 300)}` };
  }
  try {
    const root = document.root;
    if (root.name !== "FtpAcknowledgementMessage") return { ok: false, problem: `The acknowledgement is a ${root.name}, not a DDEX FtpAcknowledgementMessage.` };
    if (!COMPATIBLE_NAMESPACES.has(root.namespaceUri)) {
      return { ok: false, problem: `The acknowledgement's namespace ${root.namespaceUri || "(none)"} is not the ERN choreography's (${ACK_NAMESPACE}).` };
    }
    const namespace = root.namespaceUri;
    if (namespace !== ACK_NAMESPACE) {
      // Same structure in an earlier version: validated as 1.6.
      document.dispose();
      xml = xml.replaceAll(namespace, ACK_NAMESPACE);
      document = XmlDocument.fromString(xml);
    }
    try {
      schemaValidator().validate(document);
    } catch (error) {
      if (!(error instanceof XmlValidateError)) throw error;
      return { ok: false, problem: `The acknowledgement does not follow the FtpAcknowledgementMessage structure: ${error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`).slice(0, 3).join("; ")}` };
    }
    const top = document.root;
    const party = (name: string): Party => ({ dpid: text(top, `MessageHeader/${name}/PartyId`), name: text(top, `MessageHeader/${name}/PartyName/FullName`) });
    const statusNode = top.get("FileStatus") as XmlElement;
    const ack: FtpAcknowledgement = {
      sender: party("MessageSender"),
      recipient: party("MessageRecipient"),
      createdAt: new Date(text(top, "MessageHeader/MessageCreatedDateTime")),
      releaseId: text(top, "AcknowledgedFile/ReleaseId"),
      date: text(top, "AcknowledgedFile/Date"),
      fileStatus: statusNode.content.trim() as FileStatus,
      userDefinedValue: statusNode.attr("UserDefinedValue")?.value || undefined,
      errorText: text(top, "ErrorText") || undefined,
      proposedAction: (text(top, "ProposedActionType") || undefined) as ProposedAction | undefined,
      manualCheckRequired: top.get("ManualCheckRequired") ? ["true", "1"].includes(text(top, "ManualCheckRequired")) : undefined,
      affectedIsrcs: top.find("AffectedResource/ISRC").map((node) => node.content.trim()),
    };
    if (ack.releaseId !== expect.releaseId) return { ok: false, problem: `The acknowledgement is for release ${ack.releaseId}, not this batch's ${expect.releaseId}.` };
    if (expect.senderDpid && ack.sender.dpid !== expect.senderDpid) return { ok: false, problem: `The acknowledgement was sent by ${ack.sender.dpid}, not the store (${expect.senderDpid}).` };
    return { ok: true, ack };
  } finally {
    document.dispose();
  }
}

/** The per-store status (spec 2 §4) a store's FileStatus sets. */
export function platformStatusFor(fileStatus: FileStatus, kind: "release" | "takedown"): number {
  if (fileStatus === "FileOK") return kind === "takedown" ? PlatformStatus.Removed : PlatformStatus.Success;
  if (fileStatus === "ResourceMissing" || fileStatus === "ErnMissing") return PlatformStatus.AssetMissing;
  return PlatformStatus.Failure;
}

/** What the artist reads for a store's answer: the store's own words, else what its status means. */
export function storeWords(ack: Pick<FtpAcknowledgement, "fileStatus" | "errorText" | "userDefinedValue">): string {
  if (ack.errorText) return ack.errorText;
  if (ack.fileStatus === "UserDefined" && ack.userDefinedValue) return ack.userDefinedValue;
  return FILE_STATUS_WORDS[ack.fileStatus];
}
