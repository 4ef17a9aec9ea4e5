// The arrangement editor's pending order: a list of indexes of the song's current segments (a repeat
// duplicates a segment, a missing index deletes it). It lives in the URL (?order=1,0,2) until "Save
// arrangement", so every step works as a plain link or GET form without JavaScript and survives a reload.

export const MAX_SEGMENTS = 64;

/** The order from the URL, or the song's own order when it is missing or not a valid order of this song. */
export function parseOrder(text: string | null, segmentCount: number): number[] {
  const identity = Array.from({ length: segmentCount }, (_, index) => index);
  if (!text) return identity;
  const parts = text.split(",");
  if (parts.length < 1 || parts.length > MAX_SEGMENTS) return identity;
  const order = parts.map((part) => (/^\d+$/.test(part.trim()) ? Number(part) : -1));
  return order.every((index) => index >= 0 && index < segmentCount) ? order : identity;
}

export const formatOrder = (order: readonly number[]) => order.join(",");

export const isIdentity = (order: readonly number[], segmentCount: number) =>
  order.length === segmentCount && order.every((from, index) => from === index);

/** The entry at `from` placed at `to` (both positions in the order). */
export function moveTo(order: readonly number[], from: number, to: number): number[] {
  if (from < 0 || from >= order.length || to < 0 || to >= order.length || from === to) return [...order];
  const next = [...order];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

export const moveUp = (order: readonly number[], position: number) => moveTo(order, position, position - 1);
export const moveDown = (order: readonly number[], position: number) => moveTo(order, position, position + 1);

/** A copy of the entry right after it; refused past the segment limit. */
export function duplicate(order: readonly number[], position: number): number[] {
  if (position < 0 || position >= order.length || order.length >= MAX_SEGMENTS) return [...order];
  return [...order.slice(0, position + 1), order[position]!, ...order.slice(position + 1)];
}

/** Removes the entry; the last segment cannot be removed. */
export function remove(order: readonly number[], position: number): number[] {
  if (order.length <= 1 || position < 0 || position >= order.length) return [...order];
  return order.filter((_, index) => index !== position);
}
