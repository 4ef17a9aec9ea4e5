// Local OAuth stand-in — used only when no provider keys are configured, for development and tests.
// The token endpoint: exchanges an authorization code (with client authentication and PKCE) for an
// access token, answering in RFC 6749's JSON shapes so the real OAuth2Strategy client accepts it.
import type { ActionFunctionArgs } from "@remix-run/node";
import { exchangeCode, isStandinEnabled } from "~/server/oauth-standin.server";

export async function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isStandinEnabled()) return new Response("Not found", { status: 404 });
  const form = new URLSearchParams(await request.text());
  const result = exchangeCode(form, request.headers.get("Authorization"));
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return Response.json({ error: result.error, error_description: result.description }, { status: result.status, headers });
  return Response.json(result.body, { headers });
}
