// The persistent player's public surface: the provider (root layout), the bar, and hooks for pages.
export { PlayerBar, formatSeconds } from "./player-bar";
export { PlayerProvider, usePlayerActions, usePlayerState, type CreateContext, type PlayerState } from "./player-provider";
export type { PlayerSong } from "./api";
export { CREATION_STATUSES, TRACK_POLL_MS, type CreationStatus } from "./queue";
