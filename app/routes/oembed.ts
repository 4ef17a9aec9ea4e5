// GET /oembed?url=<share link>&format=json[&maxwidth=&maxheight=]: the oEmbed provider (issue 26;
// app/services/share/oembed.server.ts). Found from the share page's <link rel="alternate"
// type="application/json+oembed">. Errors are short text: 400 without a url, 404 for a URL that is not a
// public Songloom song, 501 for format=xml.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/server/env.server";
import { cacheableResponse, findShareSong, oembedAnswer, publicOrigin } from "~/services/share";

export async function loader({ request }: LoaderFunctionArgs) {
  const answer = await oembedAnswer(new URL(request.url).searchParams, publicOrigin(env.APP_URL), (songId) => findShareSong(songId));
  if (answer.status !== 200) {
    return new Response(answer.message, { status: answer.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return cacheableResponse(request, JSON.stringify(answer.body), {
    "Content-Type": "application/json; charset=utf-8",
    "Access-Control-Allow-Origin": "*",
  });
}
