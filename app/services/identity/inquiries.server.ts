// Identity verification (spec 2 §3 verificationStatus; flag enable_kyc_verification_service). A user
// starts an inquiry with the identity provider, finishes it on the provider's page, and the provider's
// answer sets REQUESTED → APPROVED or FAILED; staff with kyc:actions can set the status by hand.
// No identity provider is integrated yet: outside production the labelled local identity stand-in
// (/dev/identity/inquiry/{id}) plays it; in production the flag stays off until one is.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { identityVerifications } from "../../../drizzle/schema/money";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";

export type VerificationStatus = (typeof identityVerifications.$inferSelect)["status"];

export function identityStandinEnabled(): boolean {
  return env.NODE_ENV !== "production";
}

function providerUrl(inquiryId: string): string {
  if (!identityStandinEnabled()) throw new ApiError(503, "verification_unavailable", "Identity verification is not available right now.");
  return `/dev/identity/inquiry/${inquiryId}`;
}

export async function verificationOf(userId: string): Promise<{ status: VerificationStatus; inquiryId: string } | null> {
  const [row] = await db.select({ status: identityVerifications.status, inquiryId: identityVerifications.inquiryId }).from(identityVerifications).where(eq(identityVerifications.userId, userId));
  return row ?? null;
}

/** Starts (or, while one is open, resumes) the user's inquiry; the URL of the provider's page. */
export async function startInquiry(userId: string): Promise<{ inquiryId: string; status: VerificationStatus; url: string }> {
  const current = await verificationOf(userId);
  if (current?.status === "APPROVED") throw new ApiError(409, "already_verified", "Your identity is already verified.");
  if (current?.status === "REQUESTED") return { ...current, url: providerUrl(current.inquiryId) };
  const inquiryId = `inq_standin_${randomBytes(10).toString("hex")}`;
  const url = providerUrl(inquiryId);
  await db
    .insert(identityVerifications)
    .values({ userId, status: "REQUESTED", inquiryId })
    .onConflictDoUpdate({ target: identityVerifications.userId, set: { status: "REQUESTED", inquiryId, decidedBy: null } });
  return { inquiryId, status: "REQUESTED", url };
}

/** The open inquiry's page again (GET /api/user/{id}/kyc_resume). */
export async function resumeInquiry(userId: string): Promise<{ inquiryId: string; status: VerificationStatus; url: string | null }> {
  const current = await verificationOf(userId);
  if (!current) throw new ApiError(404, "no_inquiry", "Start identity verification first.");
  return { ...current, url: current.status === "REQUESTED" ? providerUrl(current.inquiryId) : null };
}

/** The provider's answer for an inquiry. An answer for an inquiry that is no longer open changes nothing. */
export async function completeInquiry(inquiryId: string, outcome: "APPROVED" | "FAILED"): Promise<boolean> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.inquiryId, inquiryId));
  if (!row || row.status !== "REQUESTED") return false;
  await db.update(identityVerifications).set({ status: outcome }).where(eq(identityVerifications.userId, row.userId));
  return true;
}

/** Staff decision (POST /api/admin/user/{id}/verification). */
export async function setVerificationStatus(userId: string, status: VerificationStatus, staffId: string): Promise<void> {
  const current = await verificationOf(userId);
  await db
    .insert(identityVerifications)
    .values({ userId, status, inquiryId: current?.inquiryId ?? `manual_${randomBytes(6).toString("hex")}`, decidedBy: staffId })
    .onConflictDoUpdate({ target: identityVerifications.userId, set: { status, decidedBy: staffId } });
}
