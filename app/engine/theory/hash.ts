// FNV-1a hashing: turns labels and parameter objects into stable numbers, for ids and for deriving
// independent random streams (one per part and section) from one song seed.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** A short stable hex id for a JSON-serialisable value (keys are sorted so object order does not matter). */
export function hashId(value: unknown): string {
  const text = stableStringify(value);
  // Two differently-salted 32-bit hashes give a 16-hex-digit id with a negligible collision rate.
  return fnv1a32(text).toString(16).padStart(8, "0") + fnv1a32(`#${text}`).toString(16).padStart(8, "0");
}

/** A seed for an independent random stream, e.g. deriveSeed(seed, "lead", "chorus"). */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  return fnv1a32(`${seed}|${labels.join("|")}`);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
