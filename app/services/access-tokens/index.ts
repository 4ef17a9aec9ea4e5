// Personal access tokens for /api/v1 (docs/api.md): made and revoked on /account/api/tokens (and
// /admin/tokens for staff accounts), checked by the /api/v1 wrapper (app/server/public-api.server.ts).
export { authenticateTokenRequest, tokenInQuery, type TokenCaller, type TokenRequirement } from "./authenticate.server";
export { MAX_LIVE_TOKENS, TOKEN_LIFETIMES_DAYS, TOKEN_PREFIX, TOKEN_SCOPE_NAMES, TOKEN_SCOPES, isTokenScope, type TokenKind, type TokenScope } from "./scopes";
export { createAccessToken, createTokenSchema, hashAccessToken, listAccessTokens, revokeAccessToken, type TokenRow } from "./tokens.server";
export { handleTokenForm, NO_STORE, tokenPageData, tokenView, type TokenActionData, type TokenView } from "./token-forms.server";
