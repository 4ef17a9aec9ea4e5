// Style and filter previews (spec 1 §3): rendered by the engine through the job's code path (a short window
// here, to keep CI cheap), kept in storage under the catalogue version, made once, and served with ranges.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as previewRoute from "~/routes/media.previews.$";
import { LocalDiskStorage, getStorage, useStorage } from "~/server/storage.server";
import {
  allPreviewItems,
  ensureCataloguePreviews,
  parsePreviewPath,
  previewKey,
  previewPath,
  previewUrlIfMade,
  previewVersion,
  selectedPreviewItems,
  strongestStart,
} from "~/services/catalogue-previews/index.server";
import { callRoute, get } from "../support/auth";

beforeAll(() => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-previews-"))));
});

test("every style and every filter its page lists has a preview; the setting selects some or none", () => {
  const items = allPreviewItems();
  expect(items.filter((item) => item.filter === null)).toHaveLength(8);
  expect(items).toContainEqual({ style: "wd_lofi", filter: "rainy_nights" });
  expect(selectedPreviewItems("off")).toEqual([]);
  expect(selectedPreviewItems("wd_lofi, wd_edm/house")).toEqual([
    { style: "wd_edm", filter: "house" },
    { style: "wd_lofi", filter: null },
  ]);
  expect(parsePreviewPath("wd_lofi/rainy_nights.mp3")).toEqual({ style: "wd_lofi", filter: "rainy_nights" });
  expect(parsePreviewPath("wd_lofi/house.mp3")).toBeNull();
  expect(parsePreviewPath("../etc.mp3")).toBeNull();
});

test("the window starts at the strongest section, and fits before the song ends", () => {
  const flat = (energies: number[]) => energies.map((energy) => ({ energy }));
  // 120 bpm: a 32-step segment is 4 s.
  expect(strongestStart(flat([0.2, 0.5, 0.9, 0.9, 0.4, 0.3, 0.2, 0.1]), 120, 17)).toBe(8);
  expect(strongestStart(flat([0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1]), 120, 17)).toBe(32 - 17);
});

test("a preview is rendered once, stored under the catalogue version, and served with ranges and caching", async () => {
  const item = { style: "wd_lofi", filter: null };
  expect(await previewUrlIfMade(item)).toBeNull();
  expect(await ensureCataloguePreviews([item], 3)).toBe(1);
  // Made already: the next start renders nothing.
  expect(await ensureCataloguePreviews([item], 3)).toBe(0);
  const stored = await getStorage().stat(previewKey(item));
  expect(stored!.size).toBeGreaterThan(10_000);
  expect(previewKey(item)).toContain(`previews/${previewVersion()}/`);
  expect(await previewUrlIfMade(item)).toBe(previewPath(item));

  const url = previewPath(item);
  const whole = await callRoute(previewRoute.loader, get(url), { "*": "wd_lofi.mp3" });
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-type")).toBe("audio/mpeg");
  expect(whole.headers.get("cache-control")).toContain("immutable");
  const bytes = new Uint8Array(await whole.arrayBuffer());
  // An MPEG audio frame (or an ID3 tag) starts the file.
  expect(bytes[0] === 0xff || String.fromCharCode(...bytes.slice(0, 3)) === "ID3").toBe(true);

  const part = await callRoute(previewRoute.loader, get(url, undefined, { Range: "bytes=0-99" }), { "*": "wd_lofi.mp3" });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 0-99/${stored!.size}`);
  const stale = await callRoute(previewRoute.loader, get("/media/previews/wd_lofi.mp3?v=old"), { "*": "wd_lofi.mp3" });
  expect(stale.headers.get("cache-control")).toBe("public, max-age=3600");
  expect((await callRoute(previewRoute.loader, get("/media/previews/nope.mp3"), { "*": "nope.mp3" })).status).toBe(404);
}, 120_000);
