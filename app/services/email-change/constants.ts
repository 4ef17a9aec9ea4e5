// How long the link sent to a new address works. The User Info page says it, so not in a .server module.
export const EMAIL_CHANGE_TTL_HOURS = 24;
