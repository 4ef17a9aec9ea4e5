// Chord and key names follow the key's signature (issue 23 item 7): sharps in sharp keys, flats in flat keys.
import { defaultSongParams } from "~/engine/catalogue";
import { compose, describeComposition } from "~/engine/compose";
import { chordFromNumeral } from "~/engine/theory/chords";
import { keySpelling, makeKey, spellInKey } from "~/engine/theory";

const symbol = (tonic: number, mode: Parameters<typeof makeKey>[1], numeral: string) => chordFromNumeral(makeKey(tonic, mode), numeral).symbol;

describe("chord spelling", () => {
  it("spells each key's scale with one letter per degree and the fewer accidentals", () => {
    expect(keySpelling(4, "major").degrees).toEqual(["E", "F#", "G#", "A", "B", "C#", "D#"]);
    expect(keySpelling(5, "minor").degrees).toEqual(["F", "G", "Ab", "Bb", "C", "Db", "Eb"]);
    expect(keySpelling(1, "minor").degrees[0]).toBe("C#");
    expect(keySpelling(1, "major").degrees[0]).toBe("Db");
    expect(keySpelling(8, "dorian").degrees).toEqual(["Ab", "Bb", "Cb", "Db", "Eb", "F", "Gb"]);
    expect(makeKey(1, "minor").name).toBe("C# minor");
    expect(makeKey(3, "major").name).toBe("Eb major");
    expect(makeKey(6, "major").name).toBe("F# major");
  });

  it("names chords by their degree: sharps in sharp keys, flats in flat keys, alterations from the degree", () => {
    expect(symbol(4, "major", "vi7")).toBe("C#m7");
    expect(symbol(4, "major", "iii")).toBe("G#m");
    expect(symbol(4, "major", "bVI")).toBe("C");
    expect(symbol(4, "major", "bVII")).toBe("D");
    expect(symbol(9, "harmonic_minor", "V7")).toBe("E7");
    expect(symbol(11, "minor", "VI")).toBe("G");
    expect(symbol(11, "harmonic_minor", "V")).toBe("F#");
    expect(symbol(1, "minor", "iv")).toBe("F#m");
    expect(symbol(1, "minor", "VI")).toBe("A");
    expect(symbol(5, "minor", "VI")).toBe("Db");
    expect(symbol(3, "major", "IVmaj7")).toBe("Abmaj7");
    expect(symbol(0, "phrygian", "II")).toBe("Db");
    expect(symbol(7, "major", "bVII")).toBe("F");
    expect(symbol(2, "mixolydian", "VII")).toBe("C");
    expect(spellInKey(4, "major", 3)).toBe("D#");
    expect(spellInKey(3, "major", 1)).toBe("Db");
  });

  it("a composed song's JSON names its key and chords the same way", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const composition = compose(defaultSongParams("wd_lofi", seed, "morning_sun"));
      const description = describeComposition(composition);
      const degrees = keySpelling(composition.key.tonic, composition.key.mode).degrees;
      expect(description.key).toBe(`${degrees[0]} ${composition.key.mode.replace("_", " ")}`);
      const sharpKey = degrees.some((name) => name.endsWith("#"));
      const flatKey = degrees.some((name) => name.endsWith("b"));
      for (const segment of composition.segments) {
        for (const chord of segment.chords) {
          const root = /^[A-G](#|b)?/.exec(chord.symbol)![0];
          if (sharpKey) expect(root.endsWith("b"), `${chord.symbol} in ${composition.key.name}`).toBe(false);
          if (flatKey) expect(root.endsWith("#"), `${chord.symbol} in ${composition.key.name}`).toBe(false);
        }
      }
    }
  });
});
