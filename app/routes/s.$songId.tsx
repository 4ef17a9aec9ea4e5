// The public share page, /s/{songId} (aliases /song/{songId} and /share/{songId}; spec 1 §2). Complete HTML
// for crawlers and for browsers without JavaScript: title and artist, OpenGraph and Twitter audio cards,
// JSON-LD MusicRecording, a server-drawn waveform and a plain <audio controls> that plays on its own.
// Only the part of the id before the first dash counts, so /s/<id>-night-bus works; `s` and `e` are whole
// start and end seconds, passed to the audio as a media fragment (#t=s,e). Private (to anyone but its
// owner) or missing: 404. The PNG card, the embed player and oEmbed behind these tags: docs/share.md.
import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { env } from "~/server/env.server";
import { getOptionalUser } from "~/server/guards.server";
import { CARD_SIZES, cardPath, clipOf, EMBED_HEIGHT, EMBED_WIDTH, embedPath, findShareSong, PRIVATE_CACHE, PUBLIC_CACHE, publicOrigin } from "~/services/share";
import { isoDuration, waveformPath } from "~/utils/waveform";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  const songId = (params.songId ?? "").split("-")[0];
  const song = await findShareSong(songId, viewer?.id ?? null);
  if (!song) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });

  const url = new URL(request.url);
  const clip = clipOf(url.searchParams, song.durationSeconds);
  const origin = publicOrigin(env.APP_URL);
  const page = `${origin}/s/${song.id}`;
  const headers: Record<string, string> = {
    // A signed-in viewer's page (the owner's own view) is never kept by a shared cache; visitors' pages are
    // served from the page cache, which adds the ETag (app/server/page-cache.server.ts).
    "Cache-Control": viewer ? PRIVATE_CACHE : PUBLIC_CACHE,
    Vary: "Cookie",
  };
  if (song.private) headers["X-Robots-Tag"] = "noindex";
  return json(
    {
      song: {
        id: song.id,
        title: song.title,
        artist: song.artist,
        style: song.style,
        filter: song.filter,
        tempo: song.tempo,
        key: song.key,
        durationSeconds: song.durationSeconds,
        peaks: song.peaks,
        private: song.private,
        datePublished: song.publishedAt.toISOString().slice(0, 10),
      },
      clip,
      // Twitter plays an embedded player only from an HTTPS page.
      twitterPlayer: origin.startsWith("https:"),
      urls: {
        page,
        audio: `${origin}${song.audioPath}`,
        card: `${origin}${cardPath(song.id, "wide", song)}`,
        embed: `${origin}${embedPath({ songId: song.id, start: clip?.start, end: clip?.end ?? undefined })}`,
        oembed: `${origin}/oembed?url=${encodeURIComponent(page)}&format=json`,
      },
    },
    { headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

function formatTime(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export default function SharePage() {
  const { song, clip, urls } = useLoaderData<typeof loader>();
  const fragment = clip ? `#t=${clip.start}${clip.end !== null ? `,${clip.end}` : ""}` : "";
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "MusicRecording",
    name: song.title,
    byArtist: { "@type": "MusicGroup", name: song.artist },
    duration: isoDuration(song.durationSeconds),
    inLanguage: "en",
    genre: [song.style, song.filter],
    url: urls.page,
    image: urls.card,
    datePublished: song.datePublished,
    audio: { "@type": "AudioObject", contentUrl: urls.audio, encodingFormat: "audio/mpeg", duration: isoDuration(song.durationSeconds) },
  };
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm uppercase tracking-wide text-slate-400">
        {song.style} · {song.filter}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-white">{song.title}</h1>
      <p className="mt-1 text-lg text-slate-300">{song.artist}</p>
      <svg
        className="mt-6 w-full text-brand-400"
        viewBox="0 0 600 80"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Waveform of ${song.title}`}
      >
        <path d={waveformPath(song.peaks, 600, 80)} fill="currentColor" />
      </svg>
      <audio className="mt-4 w-full" controls preload="none" src={`${urls.audio}${fragment}`}>
        <a href={urls.audio}>Listen to {song.title}</a>
      </audio>
      {clip ? (
        <p className="mt-2 text-sm text-slate-400">
          Playing from {formatTime(clip.start)}
          {clip.end !== null ? ` to ${formatTime(clip.end)}` : ""}
        </p>
      ) : null}
      <dl className="mt-6 grid grid-cols-3 gap-4 text-sm text-slate-300">
        <div>
          <dt className="text-slate-400">Length</dt>
          <dd>{formatTime(song.durationSeconds)}</dd>
        </div>
        {song.tempo ? (
          <div>
            <dt className="text-slate-400">Tempo</dt>
            <dd>{song.tempo} BPM</dd>
          </div>
        ) : null}
        {song.key ? (
          <div>
            <dt className="text-slate-400">Key</dt>
            <dd>{song.key}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-8 text-slate-300">
        Made with Songloom. <a className="text-brand-300 underline" href="/style">Make your own song</a>
      </p>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Song not found · Songloom" }];
  const { song, urls, twitterPlayer } = data;
  const description = `${song.title} by ${song.artist}: a ${song.filter} (${song.style}) song made with Songloom.`;
  const cardAlt = `${song.title} by ${song.artist}: the song's waveform on the Songloom card`;
  return [
    ...(song.private ? [{ name: "robots", content: "noindex" }] : []),
    { title: `${song.title} by ${song.artist} · Songloom` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: urls.page },
    { property: "og:type", content: "music.song" },
    { property: "og:site_name", content: "Songloom" },
    { property: "og:title", content: song.title },
    { property: "og:description", content: description },
    { property: "og:url", content: urls.page },
    { tagName: "link", rel: "alternate", type: "application/json+oembed", href: urls.oembed, title: `${song.title} by ${song.artist}` },
    { property: "og:image", content: urls.card },
    { property: "og:image:width", content: String(CARD_SIZES.wide.width) },
    { property: "og:image:height", content: String(CARD_SIZES.wide.height) },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:alt", content: cardAlt },
    { property: "og:audio", content: urls.audio },
    { property: "og:audio:type", content: "audio/mpeg" },
    { property: "music:duration", content: String(Math.round(song.durationSeconds)) },
    { property: "music:musician", content: song.artist },
    { name: "twitter:card", content: twitterPlayer ? "player" : "summary_large_image" },
    { name: "twitter:title", content: song.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: urls.card },
    { name: "twitter:image:alt", content: cardAlt },
    ...(twitterPlayer
      ? [
          { name: "twitter:player", content: urls.embed },
          { name: "twitter:player:width", content: String(EMBED_WIDTH) },
          { name: "twitter:player:height", content: String(EMBED_HEIGHT) },
          { name: "twitter:player:stream", content: urls.audio },
          { name: "twitter:player:stream:content_type", content: "audio/mpeg" },
        ]
      : []),
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
