// Release wording the pages show, safe for the browser bundle (the services under app/services/releases
// reach the database and sharp, so components must not import them).

/** Spec 2 §4 release statuses; null is Draft. */
export const RELEASE_STATUS_LABELS: Record<string, string> = {
  null: "Draft",
  0: "Submitted",
  1: "Live",
  2: "Rejected",
  3: "Awaiting Corrections",
  4: "Approved",
  5: "Hold",
  6: "Removed",
  7: "Pending Removal",
};

export function releaseStatusLabel(status: number | null): string {
  return RELEASE_STATUS_LABELS[String(status)] ?? "Unknown";
}

/** The release form's explicit choices (spec 2 §3), with the server's value: 0 clean, 1 explicit, null No Lyrics. */
export const EXPLICIT_OPTIONS = [
  { value: "no_lyrics", label: "No Lyrics", stored: null },
  { value: "explicit", label: "Explicit", stored: 1 },
  { value: "clean", label: "Clean", stored: 0 },
] as const;

export function explicitLabel(stored: number | null): string {
  return EXPLICIT_OPTIONS.find((option) => option.stored === stored)?.label ?? "No Lyrics";
}

/** Spec 2 §4 distribution platform status labels, by status number (app/services/distribution). */
export const PLATFORM_STATUS_LABELS = ["Submitted", "Failure", "Success", "Asset missing", "Removed", "Not submitted"] as const;

/** The stats date picker's first day (spec 2 §2). */
export const STATS_MIN_DATE = "2019-01-01";
