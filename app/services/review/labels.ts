// Review wording and constants the pages' components use, safe for the browser bundle (the .server files
// of this folder reach the database).
export const RELEASE_QUEUES = ["submitted", "approved", "live"] as const;
export const USER_QUEUES = ["submitted_users", "on_hold_users", "paid_users", "free_users"] as const;
export const QUEUES = [...RELEASE_QUEUES, ...USER_QUEUES] as const;
export type Queue = (typeof QUEUES)[number];

export const QUEUE_LABELS: Record<Queue, string> = {
  submitted: "Submitted",
  approved: "Approved",
  live: "Live",
  submitted_users: "Users with submitted releases",
  on_hold_users: "On hold",
  paid_users: "Paid users",
  free_users: "Free users",
};

/** How long a review lock lasts after its last renewal. */
export const REVIEW_LOCK_MINUTES = 5;
/** How often an open review page renews its lock (well inside REVIEW_LOCK_MINUTES). */
export const REVIEW_LOCK_RENEW_SECONDS = 60;
