// The arrangement editor's pending order: moves, duplicates and deletes, and what the URL may hold.
import { duplicate, formatOrder, isIdentity, moveDown, moveTo, moveUp, parseOrder, remove } from "~/components/edit/arrangement-order";

test("the URL's order is used only when every entry is a segment of the song", () => {
  expect(parseOrder("2,0,1,1", 3)).toEqual([2, 0, 1, 1]);
  expect(parseOrder(null, 3)).toEqual([0, 1, 2]);
  expect(parseOrder("0,3", 3)).toEqual([0, 1, 2]);
  expect(parseOrder("0,x", 3)).toEqual([0, 1, 2]);
  expect(parseOrder(Array(65).fill("0").join(","), 3)).toEqual([0, 1, 2]);
  expect(formatOrder([1, 0])).toBe("1,0");
  expect(isIdentity([0, 1, 2], 3)).toBe(true);
  expect(isIdentity([0, 1], 3)).toBe(false);
});

test("up and down swap neighbours and stop at the ends; a drag moves an entry anywhere", () => {
  expect(moveUp([0, 1, 2], 1)).toEqual([1, 0, 2]);
  expect(moveUp([0, 1, 2], 0)).toEqual([0, 1, 2]);
  expect(moveDown([0, 1, 2], 1)).toEqual([0, 2, 1]);
  expect(moveDown([0, 1, 2], 2)).toEqual([0, 1, 2]);
  expect(moveTo([0, 1, 2, 3], 0, 3)).toEqual([1, 2, 3, 0]);
  expect(moveTo([0, 1, 2, 3], 3, 1)).toEqual([0, 3, 1, 2]);
});

test("duplicate puts the copy right after; delete keeps at least one segment; both respect the 64 limit", () => {
  expect(duplicate([0, 1, 2], 1)).toEqual([0, 1, 1, 2]);
  expect(duplicate(Array(64).fill(0), 0)).toHaveLength(64);
  expect(remove([0, 1, 2], 0)).toEqual([1, 2]);
  expect(remove([2], 0)).toEqual([2]);
});
