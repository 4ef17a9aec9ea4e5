// UPC (GS1 EAN-13) check digits and ISRC format (issue 18 §2).
import { formatIsrc, gs1CheckDigit, isValidEan13, makeIsrc, makeUpc } from "~/services/distribution/identifiers";

describe("UPC / EAN-13", () => {
  test("check digits of published EAN-13 codes", () => {
    // Barcodes printed on products (the check digit is the 13th).
    expect(gs1CheckDigit("400638133393")).toBe(1); // 4006381333931
    expect(gs1CheckDigit("978030640615")).toBe(7); // ISBN 978-0-306-40615-7
    expect(gs1CheckDigit("009463143205")).toBe(7); // the ERN example album's ICPN 0094631432057
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("4006381333932")).toBe(false);
    expect(isValidEan13("400638133393")).toBe(false);
  });

  test("a UPC is the prefix, the zero-padded item reference and the check digit", () => {
    const upc = makeUpc("0200000", 42);
    expect(upc).toHaveLength(13);
    expect(upc.startsWith("020000000042")).toBe(true);
    expect(isValidEan13(upc)).toBe(true);
    expect(makeUpc("12345678901", 9)).toBe(`123456789019${gs1CheckDigit("123456789019")}`);
  });

  test("an item reference that does not fit the prefix's room is refused", () => {
    expect(() => makeUpc("12345678901", 10)).toThrow(/room for 10 item references/);
    expect(() => makeUpc("123", 1)).toThrow(/6 to 11 digits/);
  });
});

describe("ISRC", () => {
  test("country, registrant, year and a five-digit designation", () => {
    expect(makeIsrc("GBAYE", 2026, 7)).toBe("GBAYE2600007");
    expect(formatIsrc(makeIsrc("ZZSLM", 2031, 12345))).toBe("ZZ-SLM-31-12345");
  });

  test("bad registrants and designations out of range are refused", () => {
    expect(() => makeIsrc("gbaye", 2026, 1)).toThrow();
    expect(() => makeIsrc("GBAYE", 2026, 0)).toThrow();
    expect(() => makeIsrc("GBAYE", 2026, 100_000)).toThrow(/99999/);
    expect(() => formatIsrc("GB-AYE-26-00007")).toThrow(/Not an ISRC/);
  });
});
