// The token pages' loader data and form handling, shared by /account/api/tokens (kind user) and
// /admin/tokens (kind staff, each create and revoke audited in the same transaction). The new token goes
// back in the action's answer only, once, with Cache-Control: no-store.
import { json } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { searchParamsToObject } from "~/server/api.server";
import { recordAdminAction } from "~/services/admin/audit";
import { readFormData } from "~/utils/forms";
import { createAccessToken, createTokenSchema, listAccessTokens, revokeAccessToken, type TokenRow } from "./tokens.server";
import { TOKEN_LIFETIMES_DAYS, TOKEN_SCOPES, type TokenKind } from "./scopes";

export const NO_STORE = { "Cache-Control": "private, no-store" };

export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  state: TokenRow["state"];
}

export function tokenView(row: TokenRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    state: row.state,
  };
}

export async function tokenPageData(userId: string, kind: TokenKind) {
  return {
    tokens: (await listAccessTokens(userId, kind)).map(tokenView),
    scopes: Object.entries(TOKEN_SCOPES).map(([name, description]) => ({ name, description })),
    lifetimes: [...TOKEN_LIFETIMES_DAYS[kind]],
  };
}

const RevokeSchema = z.object({ tokenId: z.string().min(1).max(64) });

export type TokenActionData =
  | { intent: "create"; created: TokenView & { token: string }; errors?: undefined }
  | { intent: "revoke"; revoked: string; errors?: undefined }
  | { intent: string; errors: { form: string[]; fields: Record<string, string[] | undefined> } };

/** Runs the page's create or revoke form for `user`'s tokens of `kind`; call it after the page's guard. */
export async function handleTokenForm(request: Request, user: { id: string }, kind: TokenKind) {
  const form = searchParamsToObject(await readFormData(request));
  const intent = String(form.intent ?? "");
  const fail = (errors: { form: string[]; fields: Record<string, string[] | undefined> }, status = 400) =>
    json<TokenActionData>({ intent, errors }, { status, headers: NO_STORE });
  if (intent === "create") {
    const parsed = createTokenSchema(kind).safeParse(form);
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error);
      return fail({ form: flat.formErrors, fields: flat.fieldErrors });
    }
    try {
      const created = await db.transaction(async (tx) => {
        const made = await createAccessToken(tx, user, kind, parsed.data);
        if (kind === "staff") {
          await recordAdminAction(tx, {
            actorId: user.id,
            action: "access_token.create",
            targetType: "user",
            targetId: user.id,
            after: { tokenId: made.row.id, name: made.row.name, scopes: made.row.scopes, expiresAt: made.row.expiresAt.toISOString() },
          });
        }
        return made;
      });
      return json<TokenActionData>({ intent, created: { ...tokenView(created.row), token: created.token } }, { headers: NO_STORE });
    } catch (error) {
      if (error instanceof ApiError) return fail({ form: [error.message], fields: {} }, error.status);
      throw error;
    }
  }
  if (intent === "revoke") {
    const parsed = RevokeSchema.safeParse(form);
    if (!parsed.success) return fail({ form: ["Choose a token to revoke."], fields: {} });
    const revoked = await db.transaction(async (tx) => {
      const row = await revokeAccessToken(tx, user.id, kind, parsed.data.tokenId);
      if (row && kind === "staff") {
        await recordAdminAction(tx, { actorId: user.id, action: "access_token.revoke", targetType: "user", targetId: user.id, before: { tokenId: row.id, name: row.name } });
      }
      return row;
    });
    if (!revoked) return fail({ form: ["You have no such token."], fields: {} }, 404);
    return json<TokenActionData>({ intent, revoked: revoked.name }, { headers: NO_STORE });
  }
  return fail({ form: ["Choose one of the buttons on this page."], fields: {} });
}
