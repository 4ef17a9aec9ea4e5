// What a personal access token may do on /api/v1 (docs/api.md). A token carries a subset; each /api/v1
// operation names the one scope it needs, and the OpenAPI document lists them under the bearer scheme.
export const TOKEN_SCOPES = {
  "songs:read": "Read your songs and their generation status",
  "songs:write": "Create songs and save them to your library",
  "releases:read": "Read your releases and their store status",
  "releases:write": "Create releases, add songs and cover art, and submit them",
  "stats:read": "Read your streams, revenue and royalties",
} as const;

export type TokenScope = keyof typeof TOKEN_SCOPES;

export const TOKEN_SCOPE_NAMES = Object.keys(TOKEN_SCOPES) as TokenScope[];

export function isTokenScope(value: string): value is TokenScope {
  return Object.hasOwn(TOKEN_SCOPES, value);
}

/** Lifetimes offered, in days. Staff tokens live at most 30 days: a staff account is worth more to steal. */
export const TOKEN_LIFETIMES_DAYS = { user: [7, 30, 90, 365], staff: [7, 30] } as const;

export type TokenKind = keyof typeof TOKEN_LIFETIMES_DAYS;

/** Live (unrevoked, unexpired) tokens one account may hold at once. */
export const MAX_LIVE_TOKENS = 25;

/** Every token starts with this, so a leaked one is easy to recognise (secret scanners, logs). */
export const TOKEN_PREFIX = "slk_";
