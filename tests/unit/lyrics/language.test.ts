import { detectLanguage, isEnglish, LYRICS_LANGUAGE_OPTIONS, LYRICS_LANGUAGES, normaliseLanguage } from "~/engine/lyrics";

// Written for this test: ordinary prose, not lyrics from anywhere.
const FRENCH = "Le soir tombe doucement sur la ville et les lumières des cafés s'allument une à une pendant que nous marchons le long du fleuve en parlant de nos projets pour l'été prochain.";
const SPANISH = "Cuando llega la primavera, los campos del pueblo se llenan de flores y los niños corren por las calles mientras sus abuelos conversan tranquilamente a la sombra de los árboles.";
const ENGLISH = "The rain keeps falling on the quiet street tonight, and every window glows with a warm golden light while I walk home alone.";

describe("language check", () => {
  it("recognises English and tells French and Spanish apart from it", () => {
    expect(detectLanguage(ENGLISH)).toBe("eng");
    expect(isEnglish(ENGLISH)).toBe(true);
    expect(detectLanguage(FRENCH)).toBe("fra");
    expect(isEnglish(FRENCH)).toBe(false);
    expect(detectLanguage(SPANISH)).toBe("spa");
    expect(isEnglish(SPANISH)).toBe(false);
  });

  it("does not guess on short texts; short English is judged by its words", () => {
    expect(detectLanguage("la la la")).toBe("und");
    expect(isEnglish("Hold me closer")).toBe(true);
    expect(isEnglish("Je t'aime mon cœur")).toBe(false);
    expect(isEnglish("")).toBe(false);
  });
});

describe("lyrics languages", () => {
  it("lists None plus 46 languages, alphabetical, Afrikaans to Zulu, English included", () => {
    expect(LYRICS_LANGUAGES).toHaveLength(46);
    const names = LYRICS_LANGUAGES.map((language) => language.name);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe("Afrikaans");
    expect(names[45]).toBe("Zulu");
    expect(names).toContain("English");
    expect(new Set(LYRICS_LANGUAGES.map((language) => language.code)).size).toBe(46);
    expect(LYRICS_LANGUAGE_OPTIONS[0]).toBe("None");
    expect(LYRICS_LANGUAGE_OPTIONS).toHaveLength(47);
  });

  it("sends empty and No Lyrics as None, keeps listed names, refuses others", () => {
    expect(normaliseLanguage("")).toBe("None");
    expect(normaliseLanguage(undefined)).toBe("None");
    expect(normaliseLanguage("No Lyrics")).toBe("None");
    expect(normaliseLanguage(" none ")).toBe("None");
    expect(normaliseLanguage("english")).toBe("English");
    expect(normaliseLanguage("Zulu")).toBe("Zulu");
    expect(normaliseLanguage("Klingon")).toBeNull();
  });
});
