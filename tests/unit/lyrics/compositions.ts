// Real compositions for the lyrics tests, composed once per file.
import { defaultSongParams } from "~/engine/catalogue";
import { compose } from "~/engine/compose";
import type { Composition } from "~/engine/types";

const cache = new Map<string, Composition>();

export function composition(style: string, filter: string, seed = 1): Composition {
  const key = `${style}/${filter}/${seed}`;
  if (!cache.has(key)) cache.set(key, compose(defaultSongParams(style, seed, filter)));
  return cache.get(key)!;
}

export const SONGS = [
  { style: "wd_lofi", filter: "rainy_nights" },
  { style: "wd_edm", filter: "house" },
  { style: "wd_rap", filter: "songloom_trap" },
] as const;
