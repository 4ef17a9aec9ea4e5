// The per-store statuses (spec 2 §4) a delivery shows. What a store's answer sets them to is in
// ftp-acknowledgement.server.ts; this file has no server code because the pages render the labels too.
import { PLATFORM_STATUS_LABELS } from "~/utils/release-display";

/** Spec 2 §4 distribution platform statuses. */
export const PlatformStatus = {
  Submitted: 0,
  Failure: 1,
  Success: 2,
  AssetMissing: 3,
  Removed: 4,
  NotSubmitted: 5,
} as const;
export type PlatformStatusValue = (typeof PlatformStatus)[keyof typeof PlatformStatus];

export function platformStatusLabel(status: number): string {
  return PLATFORM_STATUS_LABELS[status] ?? "Unknown";
}
