// DDEX ERN 4.3 messages (issue 18 §3) validated against the official XSD: single and multi-track,
// explicit and clean, with and without a lyrics language, a takedown; an invalid message is caught.
import { buildErn, type ErnInput } from "~/services/distribution/ern";
import { findStore } from "~/services/distribution/stores";
import { validateErn } from "~/services/distribution/validate";

const file = (uri: string) => ({ uri, size: 1234, md5: "0123456789abcdef0123456789abcdef" });

function message(overrides: { tracks?: number; explicit?: number | null; language?: string | null; takedown?: boolean; storeId?: string } = {}): ErnInput {
  const store = findStore(overrides.storeId ?? "spotify")!;
  const count = overrides.tracks ?? 1;
  return {
    messageId: "20261201000000000_0200000000014",
    threadId: "0200000000014",
    createdAt: new Date("2026-11-25T12:00:00Z"),
    sender: { dpid: "PADPIDA0SONGLOOM0DEV", name: "Songloom" },
    recipient: { dpid: "PADPIDA0LOCALSPOTIFY", name: store.name },
    takedown: overrides.takedown ?? false,
    test: true,
    release: { upc: "0200000000014", title: "Rock & <Roll>", artistName: "Ünïcode Artist", labelName: "Songloom", genre: "Alternative", language: overrides.language === undefined ? "en" : overrides.language, explicit: overrides.explicit === undefined ? 0 : overrides.explicit, releaseDate: "2026-12-01" },
    tracks: Array.from({ length: count }, (_, index) => ({ isrc: `ZZSLM26${String(index + 1).padStart(5, "0")}`, title: `Track ${index + 1}`, durationSeconds: 125 + index, file: file(`resources/0200000000014_01_00${index + 1}.wav`) })),
    image: { ...file("resources/0200000000014.jpg"), width: 3000, height: 3000, codec: "JPEG" },
    territories: store.territories,
    deals: store.deals,
    endDate: overrides.takedown ? "2027-01-01" : undefined,
  };
}

test.each([
  ["a single, clean, in English", { tracks: 1, explicit: 0, language: "en" }],
  ["a three-track explicit EP in Spanish", { tracks: 3, explicit: 1, language: "es" }],
  ["an eight-track album with no lyrics (no language)", { tracks: 8, explicit: null, language: null }],
  ["a single for a store with territories and two deals", { tracks: 1, storeId: "melon" }],
  ["a takedown (deals end)", { tracks: 2, takedown: true }],
])("%s validates against release-notification.xsd", (_, overrides) => {
  const xml = buildErn(message(overrides));
  expect(validateErn(xml)).toEqual({ valid: true });
  // Text is escaped by the XML library, not pasted in.
  expect(xml).toContain("Rock &amp; &lt;Roll&gt;");
});

test("the message carries the explicit flag, the language, the file hashes and the deal dates", () => {
  const explicit = buildErn(message({ tracks: 2, explicit: 1, language: "fr" }));
  expect(explicit).toContain("<ParentalWarningType ApplicableTerritoryCode=\"Worldwide\">Explicit</ParentalWarningType>");
  expect(explicit).toContain("<LanguageOfPerformance>fr</LanguageOfPerformance>");
  expect(explicit).toContain("<HashSumValue>0123456789abcdef0123456789abcdef</HashSumValue>");
  expect(explicit).toContain("<ReleaseType>EP</ReleaseType>");
  expect(explicit).not.toContain("<EndDate>");
  const instrumental = buildErn(message({ language: null, explicit: null }));
  expect(instrumental).toContain("<IsInstrumental>true</IsInstrumental>");
  expect(instrumental).not.toContain("LanguageOfPerformance");
  const takedown = buildErn(message({ takedown: true }));
  expect(takedown).toContain("<EndDate>2027-01-01</EndDate>");
  expect(takedown).toContain("<DealReference>TakeDown</DealReference>");
});

test("an invalid message is caught with the validator's words", () => {
  const badLanguage = validateErn(buildErn(message({ language: "english!" })));
  expect(badLanguage.valid).toBe(false);
  if (!badLanguage.valid) expect(badLanguage.errors.join("\n")).toMatch(/LanguageOfPerformance/);
  const badUse = validateErn(buildErn({ ...message(), deals: [{ commercialModels: ["SubscriptionModel"], useTypes: ["Streaming"] }] }));
  expect(badUse.valid).toBe(false);
  if (!badUse.valid) expect(badUse.errors.join("\n")).toMatch(/UseType/);
  expect(validateErn("<not-closed>").valid).toBe(false);
});
