// The CMU pronouncing dictionary (cmu-pronouncing-dictionary, ISC), loaded on first use.
// The package's ESM module is one 135k-key object literal: importing it costs ~400 ms and ~30 MB of heap
// at import time. Reading its text once and keeping only the first pronunciation of each word in a Map
// takes ~150 ms on an idle machine, happens only when lyrics are needed, and keeps lookups synchronous.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let table: Map<string, string> | null = null;

function load(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const text = readFileSync(require.resolve("cmu-pronouncing-dictionary"), "utf8");
  const map = new Map<string, string>();
  // Lines look like `  "word": "W ER1 D",`; variants are `"word(2)"` and are skipped (first pronunciation
  // wins). Plain indexOf scanning is ~3x faster than a multiline regex over the 4.6 MB text.
  for (let at = text.indexOf('\n  "'); at >= 0; at = text.indexOf('\n  "', at)) {
    const keyStart = at + 4;
    const keyEnd = text.indexOf('"', keyStart);
    const valueStart = text.indexOf('"', keyEnd + 1) + 1;
    const valueEnd = text.indexOf('"', valueStart);
    if (keyEnd < 0 || valueStart === 0 || valueEnd < 0) break;
    if (text.charCodeAt(keyEnd - 1) !== 41 /* ")" */) map.set(text.slice(keyStart, keyEnd), text.slice(valueStart, valueEnd));
    at = valueEnd;
  }
  if (map.size < 100_000) throw new Error(`CMU pronouncing dictionary: read only ${map.size} entries; its file layout changed`);
  return map;
}

/** ARPAbet phones of a lower-case word ("night" -> "N AY1 T"), or undefined when the word is unknown. */
export function pronunciation(word: string): string | undefined {
  table ??= load();
  return table.get(word);
}
