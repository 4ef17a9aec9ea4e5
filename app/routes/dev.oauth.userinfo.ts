// Local OAuth stand-in — used only when no provider keys are configured, for development and tests.
// The userinfo endpoint (OpenID Connect shape): who the bearer access token belongs to.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isStandinEnabled, userInfo } from "~/server/oauth-standin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isStandinEnabled()) return new Response("Not found", { status: 404 });
  const info = userInfo(request.headers.get("Authorization"));
  if (!info) {
    return Response.json({ error: "invalid_token" }, { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
  }
  return Response.json(info, { headers: { "Cache-Control": "no-store" } });
}
