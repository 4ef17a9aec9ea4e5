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

/** The URL of a version's whole MP3, as the edit layout's loader makes it (the version keeps caches honest). */
export function wholeVersionUrl(songId: string, version: number): string {
  return `/media/songs/${songId}/song.mp3?version=${version}`;
}

/** An edit's first seconds (the version API's previewUrl), as opposed to a whole version. */
export function isEditPreview(url: string): boolean {
  return new URL(url, "http://songloom.invalid").pathname.endsWith("/preview.mp3");
}

/**
 * What the edit header's Play plays. From the page's loader: the newest edit's first seconds while it
 * renders, else the version the song plays. A newer answer of the version API (`answer`, before the
 * page's loaders have caught up with it) wins: the whole new version once it is complete, else its first
 * seconds, so the new audio is playable as soon as the server says so, not after the page revalidated.
 */
export function playUrlFor(page: { songId: string; version: number; audioUrl: string | null; latest: FollowedVersionStatus["latest"] }, answer: FollowedVersionStatus | null): string | null {
  const rendering = page.latest !== null && (page.latest.status === "queue" || page.latest.status === "rendering");
  const fromPage = (rendering ? page.latest?.previewUrl : null) ?? page.audioUrl;
  if (!answer) return fromPage;
  if (answer.version > page.version) return wholeVersionUrl(page.songId, answer.version);
  const preview = answer.latest?.previewUrl;
  if (preview && answer.latest!.version > page.version && (answer.latest!.status === "queue" || answer.latest!.status === "rendering")) return preview;
  return fromPage;
}
