// GET /robots.txt (issue 26; app/services/share/robots.ts): the public pages are open to crawlers, the app,
// the API and the auth pages are not, and the sitemap is named.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/server/env.server";
import { cacheableResponse, publicOrigin, robotsTxt } from "~/services/share";

export async function loader({ request }: LoaderFunctionArgs) {
  return cacheableResponse(request, robotsTxt(publicOrigin(env.APP_URL)), { "Content-Type": "text/plain; charset=utf-8" });
}
