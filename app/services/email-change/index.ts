// Email address changes (spec 2 §2 User Info), confirmed by a link sent to the new address.
export { checkEmailChange, confirmEmailChange, requestEmailChange } from "./email-change.server";
export { EMAIL_CHANGE_TTL_HOURS } from "./constants";
