// Memberships and payments on Stripe (docs/money.md, ADR 022). Other domains use createOneTimeCheckout
// and registerOneTimePaymentHandler for one-time purchases.
export { createCardSetupCheckout, createMembershipCheckout, createOneTimeCheckout, registerOneTimePaymentHandler, type BillingUser, type OneTimeCheckout, type OneTimePayment, type OneTimePaymentHandler } from "./checkout.server";
export { listCards, type SavedCard } from "./customers.server";
export {
  assertCanBuy,
  cancelMembership,
  changeMembership,
  classifyChange,
  getMembership,
  membershipUpdates,
  PAYMENT_ERROR_MESSAGE,
  renewMembership,
  setDefaultCard,
  SUBSCRIPTION_UPDATE_LIMIT,
  TOO_MANY_UPDATES_MESSAGE,
  type MembershipChange,
  type MembershipView,
} from "./membership.server";
export { paymentsAvailable, isStripeStandin } from "./stripe.server";
export { receiveStripeWebhook } from "./webhooks.server";
