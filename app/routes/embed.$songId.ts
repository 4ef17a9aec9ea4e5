// GET /embed/{songId}: the embeddable player (issue 26; app/services/share/embed-page.server.ts). The only
// page any origin may frame: it sends its own Content-Security-Policy with `frame-ancestors *`. It reads no
// session: a private, deleted or unknown song is a small 404 for everyone, its owner included, so an
// embed never shows what a visitor may not see. `s` and `e` start and end the audio as on the share page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/server/env.server";
import { cacheableResponse, embedContentSecurityPolicy, embedNotFoundHtml, embedPageHtml, findShareSong, publicOrigin } from "~/services/share";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const origin = publicOrigin(env.APP_URL);
  const policy = embedContentSecurityPolicy(origin);
  const song = await findShareSong((params.songId ?? "").split("-")[0]);
  if (!song || song.private) {
    return new Response(embedNotFoundHtml(), {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy, "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return cacheableResponse(request, embedPageHtml(song, origin, new URL(request.url).searchParams), {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": policy,
  });
}
