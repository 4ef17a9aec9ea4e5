// A small constructor so each filter file lists only musical choices; the bookkeeping fields
// (style, preview URL, purposes) are filled in the same way for every filter.
import type { Filter, FilterPurpose } from "../types";

/** Visible everywhere: in the player, on songs, in the creator and for vocals. */
export const STANDARD_PURPOSES: FilterPurpose[] = ["playback", "song", "create", "vocal"];

export type FilterMusic = Omit<Filter, "value" | "name" | "style" | "genres" | "previewUrl" | "purposes">;

export function defineFilter(
  style: string,
  value: string,
  name: string,
  genres: string[],
  music: FilterMusic,
  purposes: FilterPurpose[] = STANDARD_PURPOSES,
): Filter {
  return { value, name, style, genres, previewUrl: `/media/previews/${style}/${value}.mp3`, purposes, ...music };
}
