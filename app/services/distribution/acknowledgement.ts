// A store's acknowledgement of a batch: `ack.json` in the batch folder (docs/distribution.md). Stores
// that answer in another form get a reader of their own that produces this.
import { z } from "zod";
import { PLATFORM_STATUS_LABELS } from "~/utils/release-display";

export const AcknowledgementSchema = z.object({
  messageId: z.string().nullable(),
  status: z.enum(["Success", "Failure", "AssetMissing"]),
  reason: z.string().optional(),
  /** The batch was a takedown (its deals end). */
  takedown: z.boolean(),
  checkedAt: z.string(),
});
export type Acknowledgement = z.infer<typeof AcknowledgementSchema>;

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
