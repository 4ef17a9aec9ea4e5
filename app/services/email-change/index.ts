// Email address changes (spec 2 §2 User Info), confirmed by a link sent to the new address.
export { checkEmailChange, confirmEmailChange, EMAIL_CHANGE_TTL_HOURS, requestEmailChange } from "./email-change.server";
