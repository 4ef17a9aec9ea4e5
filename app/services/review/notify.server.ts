// Emails to a release's owner about its review (issue 18 item 5): approved, rejected, flagged for
// corrections, and live (the delivery side calls notifyReleaseLive when the stores have it). Sent after the
// change committed; a mail failure is logged and never undoes the review.
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema/auth";
import { releases } from "#drizzle/schema/releases";
import { db } from "~/server/db.server";
import { linkEmail, sendEmail } from "~/server/email.server";
import { env } from "~/server/env.server";
import { readIssues } from "./fields";

export type ReviewNotice = "approved" | "rejected" | "flagged" | "live";

async function load(releaseId: string) {
  const [row] = await db
    .select({ id: releases.id, title: releases.title, issues: releases.issues, email: users.email, displayName: users.displayName })
    .from(releases)
    .innerJoin(users, eq(users.id, releases.userId))
    .where(eq(releases.id, releaseId));
  return row ?? null;
}

/** The email for one notice about a release; exported for tests. */
export function reviewEmail(notice: ReviewNotice, release: { id: string; title: string; issues: Record<string, string> | null; email: string; displayName: string }) {
  const { message, flags } = readIssues(release.issues);
  const url = new URL(`/release/${release.id}`, env.APP_URL).toString();
  const said = message ? ` Our reviewer wrote: “${message}”` : "";
  const texts: Record<ReviewNotice, { subject: string; intro: string; action: string; outro: string }> = {
    approved: {
      subject: `Approved: ${release.title}`,
      intro: `Hi ${release.displayName}, your release “${release.title}” passed review and is on its way to the stores.`,
      action: "See your release",
      outro: "We will email you again when it is live.",
    },
    rejected: {
      subject: `Not approved: ${release.title}`,
      intro: `Hi ${release.displayName}, your release “${release.title}” could not be approved.${said}`,
      action: "See your release",
      outro: "You can change it and submit it again from its page.",
    },
    flagged: {
      subject: `Needs corrections: ${release.title}`,
      intro: `Hi ${release.displayName}, your release “${release.title}” needs a few corrections before it can go to the stores.${said}${
        flags.length > 0 ? ` Please fix: ${flags.map((flag) => (flag.note ? `${flag.label} (${flag.note})` : flag.label)).join("; ")}.` : ""
      }`,
      action: "Fix your release",
      outro: "Once it is fixed, submit it again and we will review it.",
    },
    live: {
      subject: `Live: ${release.title}`,
      intro: `Hi ${release.displayName}, your release “${release.title}” is live on the stores.`,
      action: "See your release",
      outro: "Stream counts appear on its page as the stores report them.",
    },
  };
  return linkEmail({ to: release.email, url, ...texts[notice] });
}

export async function notifyRelease(releaseId: string, notice: ReviewNotice): Promise<void> {
  try {
    const release = await load(releaseId);
    if (release) await sendEmail(reviewEmail(notice, release));
  } catch (error) {
    console.error(`[review] could not email the ${notice} notice of release ${releaseId}:`, error);
  }
}

/** For the delivery side: tells the owner their release went live on the stores. */
export function notifyReleaseLive(releaseId: string): Promise<void> {
  return notifyRelease(releaseId, "live");
}
