// Splits a song's tracks into two groups of similar rendering cost, one per core. The split depends only
// on the tracks, so a song renders to the same bytes whether the groups run in parallel or in turn.

import type { Track } from "../types";

/** Seconds of audio a track's notes make ring, including a typical one-second tail: a cost proxy. */
const trackCost = (track: Track): number => track.notes.reduce((sum, note) => sum + note.duration + 1, 0);

export function splitTracks(tracks: Track[]): [Track[], Track[]] {
  const groups: [Track[], Track[]] = [[], []];
  const costs = [0, 0];
  const byCost = [...tracks].sort((a, b) => trackCost(b) - trackCost(a) || a.part.localeCompare(b.part));
  for (const track of byCost) {
    const lighter = costs[0] <= costs[1] ? 0 : 1;
    groups[lighter].push(track);
    costs[lighter] += trackCost(track);
  }
  // Within a group, mix in the song's track order.
  const order = (t: Track) => tracks.indexOf(t);
  return [groups[0].sort((a, b) => order(a) - order(b)), groups[1].sort((a, b) => order(a) - order(b))];
}
