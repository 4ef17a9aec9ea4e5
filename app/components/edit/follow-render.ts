// The edit layout's rule for when the page must show what an edit's render did (app/routes/edit.$songId.tsx).

export interface FollowedVersionStatus {
  /** The version the song plays now. */
  version: number;
  latest: { version: number; status: "queue" | "rendering" | "complete" | "failed"; previewUrl?: string | null } | null;
}

/**
 * Whether the version API's answer means the page is out of date: the edit it follows (`following`) has
 * finished or failed, a newer edit exists, or the song plays another version than the page shows.
 */
export function renderFollowed(status: FollowedVersionStatus, shownVersion: number, following: number): boolean {
  const finished = status.latest === null || (status.latest.status !== "queue" && status.latest.status !== "rendering");
  return finished || status.version !== shownVersion || status.latest?.version !== following;
}
