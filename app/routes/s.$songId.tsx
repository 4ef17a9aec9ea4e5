// The public share page, /s/{songId} (aliases /song/{songId} and /share/{songId}; spec 1 §2). Complete HTML
// for crawlers and for browsers without JavaScript: title and artist, OpenGraph and Twitter audio cards,
// JSON-LD MusicRecording, a server-drawn waveform and a plain <audio controls> that plays on its own.
// Only the part of the id before the first dash counts, so /s/<id>-night-bus works; `s` and `e` are whole
// start and end seconds, passed to the audio as a media fragment (#t=s,e). Private or missing: 404.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { getFilter, getStyle } from "~/engine/catalogue";
import { findVisibleSong, songAudioUrl, UNNAMED_SONG } from "~/models/song.server";
import { env } from "~/server/env.server";
import { getOptionalUser } from "~/server/guards.server";
import { isoDuration, waveformPath } from "~/utils/waveform";
import { PUBLIC_PAGE } from "~/utils/page-handle";

/** Complete without JavaScript: visitors get it without the Remix runtime (ADR 012). */
export const handle = PUBLIC_PAGE;

const WholeSeconds = z.preprocess((value) => (value === null || value === "" ? undefined : value), z.coerce.number().int().min(0).optional()).catch(undefined);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  const songId = (params.songId ?? "").split("-")[0];
  const song = songId ? await findVisibleSong(viewer?.id ?? null, songId) : null;
  if (!song || song.status !== "complete") throw new Response("Not Found", { status: 404 });

  const url = new URL(request.url);
  const start = WholeSeconds.parse(url.searchParams.get("s"));
  const end = WholeSeconds.parse(url.searchParams.get("e"));
  const duration = song.durationSeconds ?? 0;
  const clip = start !== undefined || end !== undefined ? clampClip(start ?? 0, end, duration) : null;
  const origin = env.APP_URL.replace(/\/$/, "");
  const style = safeName(() => getStyle(song.style).name, song.style);
  const filter = safeName(() => getFilter(song.filter).name, song.filter);
  return json({
    song: {
      id: song.id,
      title: song.songName === UNNAMED_SONG ? `${filter} song` : song.songName,
      artist: song.artistName ?? "Songloom",
      style,
      filter,
      tempo: song.tempo,
      key: song.key,
      durationSeconds: duration,
      peaks: song.wavePreview ?? [],
    },
    clip,
    urls: {
      page: `${origin}/s/${song.id}`,
      audio: `${origin}${songAudioUrl(song)}`,
      cover: `${origin}/media/songs/${song.id}/cover.svg`,
    },
  });
}

function clampClip(start: number, end: number | undefined, duration: number) {
  const from = Math.min(start, Math.floor(duration));
  const to = end !== undefined && end > from ? Math.min(end, Math.ceil(duration)) : null;
  return { start: from, end: to };
}

function safeName(lookup: () => string, fallback: string): string {
  try {
    return lookup();
  } catch {
    return fallback;
  }
}

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
    image: urls.cover,
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
          <dt className="text-slate-500">Length</dt>
          <dd>{formatTime(song.durationSeconds)}</dd>
        </div>
        {song.tempo ? (
          <div>
            <dt className="text-slate-500">Tempo</dt>
            <dd>{song.tempo} BPM</dd>
          </div>
        ) : null}
        {song.key ? (
          <div>
            <dt className="text-slate-500">Key</dt>
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
  const { song, urls } = data;
  const description = `${song.title} by ${song.artist}: a ${song.filter} (${song.style}) song made with Songloom.`;
  return [
    { title: `${song.title} by ${song.artist} · Songloom` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: urls.page },
    { property: "og:type", content: "music.song" },
    { property: "og:site_name", content: "Songloom" },
    { property: "og:title", content: song.title },
    { property: "og:description", content: description },
    { property: "og:url", content: urls.page },
    { property: "og:image", content: urls.cover },
    { property: "og:audio", content: urls.audio },
    { property: "og:audio:type", content: "audio/mpeg" },
    { property: "music:duration", content: String(Math.round(song.durationSeconds)) },
    { property: "music:musician", content: song.artist },
    { name: "twitter:card", content: "player" },
    { name: "twitter:title", content: song.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: urls.cover },
    { name: "twitter:player", content: urls.page },
    { name: "twitter:player:width", content: "480" },
    { name: "twitter:player:height", content: "200" },
    { name: "twitter:player:stream", content: urls.audio },
    { name: "twitter:player:stream:content_type", content: "audio/mpeg" },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
