// Withdrawal limits (docs/money.md). Amounts in cents.

/** The smallest withdrawal: bank payouts cost us a fixed fee, so tiny ones are not worth sending. */
export const MINIMUM_WITHDRAWAL_CENTS = 1_000;
/** Withdrawals of this much or more wait for staff review (held) before they are paid. */
export const REVIEW_THRESHOLD_CENTS = 100_000;
/** With identity checks on, withdrawals above this need verificationStatus APPROVED. */
export const KYC_THRESHOLD_CENTS = 60_000;

export const FROZEN_MESSAGE = "Your account is frozen, so withdrawals are paused. Please contact support.";
