// Display names of the admin sections (spec 3 §2 "Sub-pages"), keyed by their URL segment.
export const ADMIN_SECTION_LABELS: Record<string, string> = {
  distro: "Distribution review",
  faqs: "FAQs",
  songs: "Songs",
  users: "User lookup",
  royalties: "Royalties",
  withdrawals: "Held withdrawals",
  feature_flags: "Feature flags",
  tags: "Tags",
  restricted_artist_names: "Restricted artist names",
  swagger: "API documentation",
  protected_lyrics: "Protected lyrics",
  roles: "Roles and permissions",
  staff_second_factor: "Second factor reset",
};
