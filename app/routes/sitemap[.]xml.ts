// GET /sitemap.xml[?page=N] (issue 26; app/services/share/sitemap.ts): the public pages and public songs,
// streamed from PostgreSQL; a sitemap index past 50,000 URLs.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/server/env.server";
import { databaseSitemapSource, publicOrigin, sitemapResponse } from "~/services/share";

export async function loader({ request }: LoaderFunctionArgs) {
  return sitemapResponse(request, publicOrigin(env.APP_URL), databaseSitemapSource);
}
