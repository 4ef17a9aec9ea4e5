// Identity verification before withdrawals (docs/money.md).
export { completeInquiry, identityStandinEnabled, resumeInquiry, setVerificationStatus, startInquiry, verificationOf, type VerificationStatus } from "./inquiries.server";
