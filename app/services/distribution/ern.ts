// DDEX ERN 4.3 NewReleaseMessage for one store (issue 18 §3; docs/distribution.md "The message"). Built
// as a document tree with libxml2 (libxml2-wasm), which escapes text and attributes, then serialised.
//
// One message describes the release (R0) and each track as a TrackRelease (R1…), their resources (the
// WAVs A1… and the full-size cover), the parties (the artist and the label) and the store's deals. A
// takedown is the same message whose deals end today: in ERN 4 there is no separate takedown message, a
// store removes what no deal covers any more.
import { XmlDocument, type XmlElement } from "libxml2-wasm";
import type { StoreDeal } from "./stores";

export interface ErnFile {
  /** Path of the file inside the batch folder, as the message names it. */
  uri: string;
  size: number;
  md5: string;
}

export interface ErnTrack {
  isrc: string;
  title: string;
  durationSeconds: number;
  file: ErnFile;
}

export interface ErnInput {
  messageId: string;
  /** The same for every message about this release, so a store can tie updates and takedowns together. */
  threadId: string;
  createdAt: Date;
  sender: { dpid: string; name: string };
  recipient: { dpid: string; name: string };
  takedown: boolean;
  /** TestMessage for local stores: a store must not put a test delivery on sale. */
  test: boolean;
  release: {
    upc: string;
    title: string;
    artistName: string;
    labelName: string;
    genre: string;
    /** ISO 639-1 language of the lyrics; null: no lyrics (instrumental). */
    language: string | null;
    /** 1 explicit, 0 clean, null no lyrics (spec 2 §3). */
    explicit: number | null;
    /** YYYY-MM-DD: when the deals start. */
    releaseDate: string;
  };
  tracks: ErnTrack[];
  image: ErnFile & { width: number; height: number; codec: "JPEG" | "PNG" };
  territories: "Worldwide" | readonly string[];
  deals: readonly StoreDeal[];
  /** YYYY-MM-DD when deals end: the takedown's date. */
  endDate?: string;
}

function add(parent: XmlElement, name: string, text?: string | number, attributes: Record<string, string> = {}): XmlElement {
  const child = parent.addElement(name);
  for (const [key, value] of Object.entries(attributes)) child.setAttr(key, value);
  if (text !== undefined) child.addText(String(text));
  return child;
}

/** xs:duration of a whole number of seconds: PT3M25S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `PT${minutes > 0 ? `${minutes}M` : ""}${whole % 60}S`;
}

const ARTIST = "PArtist";
const LABEL = "PLabel";
const IMAGE = "A0";
const WORLD = { ApplicableTerritoryCode: "Worldwide" };

function parentalWarning(explicit: number | null): string {
  if (explicit === 1) return "Explicit";
  if (explicit === 0) return "NotExplicit";
  // No lyrics: nothing to warn about.
  return "NotExplicit";
}

export function buildErn(input: ErnInput): string {
  const document = XmlDocument.create();
  try {
    const root = document.createRoot("NewReleaseMessage", "http://ddex.net/xml/ern/43", "ern");
    root.setAttr("ReleaseProfileVersionId", "Audio");
    root.setAttr("LanguageAndScriptCode", "en");
    root.setAttr("AvsVersionId", "3");

    const header = add(root, "MessageHeader");
    add(header, "MessageThreadId", input.threadId);
    add(header, "MessageId", input.messageId);
    const sender = add(header, "MessageSender");
    add(sender, "PartyId", input.sender.dpid);
    add(add(sender, "PartyName"), "FullName", input.sender.name);
    const recipient = add(header, "MessageRecipient");
    add(recipient, "PartyId", input.recipient.dpid);
    add(add(recipient, "PartyName"), "FullName", input.recipient.name);
    add(header, "MessageCreatedDateTime", input.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"));
    add(header, "MessageControlType", input.test ? "TestMessage" : "LiveMessage");

    const parties = add(root, "PartyList");
    const artist = add(parties, "Party");
    add(artist, "PartyReference", ARTIST);
    add(add(artist, "PartyName"), "FullName", input.release.artistName);
    const label = add(parties, "Party");
    add(label, "PartyReference", LABEL);
    add(add(label, "PartyName"), "FullName", input.release.labelName);

    const year = input.release.releaseDate.slice(0, 4);
    const warning = parentalWarning(input.release.explicit);
    const resources = add(root, "ResourceList");
    input.tracks.forEach((track, index) => {
      const recording = add(resources, "SoundRecording");
      add(recording, "ResourceReference", `A${index + 1}`);
      add(recording, "Type", "MusicalWorkSoundRecording");
      const edition = add(recording, "SoundRecordingEdition");
      add(add(edition, "ResourceId"), "ISRC", track.isrc);
      const pLine = add(edition, "PLine");
      add(pLine, "Year", year);
      add(pLine, "PLineText", `(P) ${year} ${input.release.labelName}`);
      const technical = add(edition, "TechnicalDetails");
      add(technical, "TechnicalResourceDetailsReference", `T${index + 1}`);
      const delivery = add(technical, "DeliveryFile");
      add(delivery, "Type", "AudioFile");
      add(delivery, "AudioCodecType", "PCM");
      add(delivery, "NumberOfChannels", "2");
      add(delivery, "SamplingRate", "44.1", { UnitOfMeasure: "kHz" });
      add(delivery, "BitsPerSample", 16);
      fileElement(delivery, track.file);
      add(recording, "DisplayTitleText", track.title);
      add(add(recording, "DisplayTitle", undefined, { ...WORLD, IsDefault: "true" }), "TitleText", track.title);
      add(recording, "DisplayArtistName", input.release.artistName, { ...WORLD, IsDefault: "true" });
      displayArtist(recording);
      add(recording, "Duration", isoDuration(track.durationSeconds));
      add(recording, "ParentalWarningType", warning, WORLD);
      add(recording, "IsInstrumental", input.release.language === null ? "true" : "false");
      if (input.release.language) add(recording, "LanguageOfPerformance", input.release.language);
    });
    const image = add(resources, "Image");
    add(image, "ResourceReference", IMAGE);
    add(image, "Type", "FrontCoverImage");
    add(add(image, "ResourceId"), "ProprietaryId", `COVER:${input.release.upc}`, { Namespace: input.sender.dpid });
    add(image, "ParentalWarningType", "NotExplicit", WORLD);
    const imageDetails = add(image, "TechnicalDetails");
    add(imageDetails, "TechnicalResourceDetailsReference", "T0");
    add(imageDetails, "ImageCodecType", input.image.codec);
    add(imageDetails, "ImageHeight", input.image.height, { UnitOfMeasure: "Pixel" });
    add(imageDetails, "ImageWidth", input.image.width, { UnitOfMeasure: "Pixel" });
    fileElement(imageDetails, input.image);

    const releaseList = add(root, "ReleaseList");
    const release = add(releaseList, "Release");
    add(release, "ReleaseReference", "R0");
    add(release, "ReleaseType", input.tracks.length === 1 ? "Single" : input.tracks.length <= 6 ? "EP" : "Album");
    add(add(release, "ReleaseId"), "ICPN", input.release.upc);
    add(release, "DisplayTitleText", input.release.title);
    add(add(release, "DisplayTitle", undefined, { ...WORLD, IsDefault: "true" }), "TitleText", input.release.title);
    add(release, "DisplayArtistName", input.release.artistName, { ...WORLD, IsDefault: "true" });
    displayArtist(release);
    add(release, "ReleaseLabelReference", LABEL, WORLD);
    add(release, "Duration", isoDuration(input.tracks.reduce((sum, track) => sum + track.durationSeconds, 0)));
    add(add(release, "Genre", undefined, WORLD), "GenreText", input.release.genre);
    add(release, "ReleaseDate", input.release.releaseDate, WORLD);
    add(release, "ParentalWarningType", warning, WORLD);
    add(release, "IsMultiArtistCompilation", "false");
    const group = add(release, "ResourceGroup");
    input.tracks.forEach((_, index) => {
      const item = add(group, "ResourceGroupContentItem");
      add(item, "SequenceNumber", index + 1);
      add(item, "ReleaseResourceReference", `A${index + 1}`);
    });
    add(group, "LinkedReleaseResourceReference", IMAGE);
    input.tracks.forEach((track, index) => {
      const trackRelease = add(releaseList, "TrackRelease");
      add(trackRelease, "ReleaseReference", `R${index + 1}`);
      add(add(trackRelease, "ReleaseId"), "ProprietaryId", `${input.release.upc}_${track.isrc}`, { Namespace: input.sender.dpid });
      add(trackRelease, "ReleaseResourceReference", `A${index + 1}`);
      add(trackRelease, "ReleaseLabelReference", LABEL, WORLD);
      add(add(trackRelease, "Genre", undefined, WORLD), "GenreText", input.release.genre);
    });

    const dealList = add(root, "DealList");
    const releaseDeal = add(dealList, "ReleaseDeal");
    for (let index = 0; index <= input.tracks.length; index += 1) add(releaseDeal, "DealReleaseReference", `R${index}`);
    for (const terms of input.deals) {
      const deal = add(releaseDeal, "Deal");
      if (input.takedown) add(deal, "DealReference", "TakeDown");
      const dealTerms = add(deal, "DealTerms");
      const territories = input.territories === "Worldwide" ? ["Worldwide"] : input.territories;
      for (const territory of territories) add(dealTerms, "TerritoryCode", territory);
      const validity = add(dealTerms, "ValidityPeriod");
      add(validity, "StartDate", input.release.releaseDate);
      if (input.endDate) add(validity, "EndDate", input.endDate);
      for (const model of terms.commercialModels) add(dealTerms, "CommercialModelType", model);
      for (const use of terms.useTypes) add(dealTerms, "UseType", use);
    }
    return document.toString({ format: true });
  } finally {
    document.dispose();
  }
}

function fileElement(parent: XmlElement, file: ErnFile): void {
  const element = add(parent, "File");
  add(element, "URI", file.uri);
  const hash = add(element, "HashSum");
  add(hash, "Algorithm", "MD5");
  add(hash, "HashSumValue", file.md5);
  add(element, "FileSize", file.size);
}

function displayArtist(parent: XmlElement): void {
  const artist = add(parent, "DisplayArtist", undefined, { SequenceNumber: "1" });
  add(artist, "ArtistPartyReference", ARTIST);
  add(artist, "DisplayArtistRole", "MainArtist");
}
