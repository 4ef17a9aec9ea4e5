// Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys, as the SDK sends it:
// `line_items[0][price]=price_1&metadata[user_id]=u1`) read back into nested objects and arrays.
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

export function decodeStripeParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const path = rawKey.split("[").map((part, index) => (index === 0 ? part : part.replace(/\]$/, "")));
    let node: Params = root;
    path.forEach((part, index) => {
      // `expand[]=x` style: an empty index appends.
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[key] = value;
      } else {
        if (typeof node[key] !== "object") node[key] = {};
        node = node[key] as Params;
      }
    });
  }
  return arraysFromIndexedObjects(root) as Params;
}

function arraysFromIndexedObjects(value: ParamValue): ParamValue {
  if (typeof value !== "object" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexedObjects(value[key])]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]);
  }
  return converted;
}
