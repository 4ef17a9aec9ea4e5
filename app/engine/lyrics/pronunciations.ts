// The CMU pronouncing dictionary (cmu-pronouncing-dictionary, ISC), loaded on first use.
// The package's ESM module is one 135k-key object literal: importing it costs ~400 ms and ~30 MB of heap
// at import time. Reading its text once and keeping only the first pronunciation of each word in a Map
// takes ~180 ms, happens only when lyrics are actually needed, and keeps every lookup synchronous.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let table: Map<string, string> | null = null;

function load(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const text = readFileSync(require.resolve("cmu-pronouncing-dictionary"), "utf8");
  const map = new Map<string, string>();
  // Lines look like `  "word": "W ER1 D",`; variants are `"word(2)"` and are skipped (first pronunciation wins).
  const entry = /^\s*"([^"(]+)": "([A-Z0-9 ]+)",?$/gm;
  for (let match = entry.exec(text); match; match = entry.exec(text)) map.set(match[1], match[2]);
  if (map.size < 100_000) throw new Error(`CMU pronouncing dictionary: read only ${map.size} entries; its file layout changed`);
  return map;
}

/** ARPAbet phones of a lower-case word ("night" -> "N AY1 T"), or undefined when the word is unknown. */
export function pronunciation(word: string): string | undefined {
  table ??= load();
  return table.get(word);
}

/** Every word of the dictionary with its phones (for building rhyme indexes). */
export function allPronunciations(): ReadonlyMap<string, string> {
  table ??= load();
  return table;
}
