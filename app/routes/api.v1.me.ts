// GET /api/v1/me (public API, docs/api.md): whom the token acts for and what it may do. Any valid token.
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { TOKEN_SCOPE_NAMES } from "~/services/access-tokens";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/v1/me",
  summary: "The token's account and scopes",
  description: "A cheap way to check a token works. Answers the account's id and display name, whether its email is verified, and the token's scopes.",
  tags: ["v1 account"],
  token: { scope: null, verified: false },
  responses: {
    200: {
      description: "The account and the token's scopes",
      schema: z.object({
        user: z.object({ id: z.string(), displayName: z.string(), verified: z.boolean() }),
        token: z.object({ id: z.string(), scopes: z.array(z.enum(TOKEN_SCOPE_NAMES)) }),
      }),
    },
  },
});

export const loader = publicApiRoute(operation, async ({ caller }) => ({
  user: { id: caller.user.id, displayName: caller.user.displayName, verified: caller.user.verified },
  token: { id: caller.tokenId, scopes: caller.scopes },
}));
