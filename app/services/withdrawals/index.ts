// Withdrawals and where they go (docs/money.md "Withdrawals").
export { addExternalAccount, listExternalAccounts, type ExternalAccount, type NewBankAccount } from "./external-accounts.server";
export { approveWithdrawal, failWithdrawal, findWithdrawal, recentWithdrawals, requestWithdrawal, settlePayout, type WithdrawalRequest } from "./payouts.server";
export { FROZEN_MESSAGE, KYC_THRESHOLD_CENTS, MINIMUM_WITHDRAWAL_CENTS, REVIEW_THRESHOLD_CENTS } from "./rules";
