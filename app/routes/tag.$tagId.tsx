// /tag/{id} (spec 3 §2): a tag's public songs, complete HTML for crawlers and browsers without JavaScript
// (like the share page: visitors get it without the Remix runtime, ADR 012): title, description, links to
// each song's share page and a plain <audio> per song. 20 songs a page (?page=). A missing tag is a 404.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds } from "~/components/player";
import { Waveform } from "~/components/songs/waveform";
import { env } from "~/server/env.server";
import { getOptionalUser } from "~/server/guards.server";
import { findTag, TAG_PAGE_SIZE, tagSongs } from "~/services/library/index.server";
import { EMPTY_LIST, LOAD_FAILED } from "~/utils/library-paging";
import { PUBLIC_PAGE } from "~/utils/page-handle";

export const handle = PUBLIC_PAGE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await getOptionalUser(request);
  const tag = await findTag(params.tagId ?? "");
  if (!tag) throw new Response("Not Found", { status: 404 });
  const page = z.coerce.number().int().min(1).max(10_000).catch(1).parse(new URL(request.url).searchParams.get("page") ?? 1);
  // A list that fails to load says so in place (spec 2 §2, §8), with the tag's header still there.
  let list: Awaited<ReturnType<typeof tagSongs>> | null = null;
  try {
    list = await tagSongs(tag, page);
  } catch (error) {
    console.error("Tag list failed", error);
  }
  const { songs, total } = list ?? { songs: [], total: 0 };
  return json({
    failed: list === null,
    tag: { id: tag.id, name: tag.name },
    songs: songs.map((song) => ({ id: song.id, title: song.songName, artist: song.artistName ?? "Songloom", durationSeconds: song.durationSeconds, audioUrl: song.audioUrl, peaks: song.peaks })),
    page,
    pages: Math.max(1, Math.ceil(total / TAG_PAGE_SIZE)),
    total,
    url: `${env.APP_URL.replace(/\/$/, "")}/tag/${tag.id}`,
  });
}

export default function TagPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p className="text-sm uppercase tracking-wide text-slate-400">Tag</p>
      <h1 className="text-3xl font-bold tracking-tight text-white">#{data.tag.name}</h1>
      <p className="mt-2 text-slate-400">
        {data.failed ? "Public songs" : `${data.total} public ${data.total === 1 ? "song" : "songs"}`} made with Songloom and tagged “{data.tag.name}”.
      </p>
      {data.failed ? (
        <p role="alert" className="mt-8 text-slate-300">
          {LOAD_FAILED}
        </p>
      ) : data.songs.length === 0 ? (
        <p className="mt-8 text-slate-300">{EMPTY_LIST}</p>
      ) : (
        <ol className="mt-8 grid gap-3">
          {data.songs.map((song) => (
            <li key={song.id} className="grid gap-2 rounded-2xl border border-ink-700 bg-ink-900 p-4">
              <div className="flex items-baseline justify-between gap-3">
                <a href={`/s/${song.id}`} className="font-semibold text-white hover:underline">
                  {song.title}
                </a>
                <span className="text-sm text-slate-400">
                  {song.artist}
                  {song.durationSeconds ? ` · ${formatSeconds(song.durationSeconds)}` : ""}
                </span>
              </div>
              {song.peaks ? <Waveform peaks={song.peaks} className="h-8 w-full" /> : null}
              <audio controls preload="none" src={song.audioUrl} className="w-full" aria-label={`Play ${song.title}`} />
            </li>
          ))}
        </ol>
      )}
      {data.pages > 1 ? (
        <nav aria-label="Pages" className="mt-8 flex gap-4 text-sm">
          {data.page > 1 ? <Link to={`?page=${data.page - 1}`} rel="prev" className="text-brand-300 underline">Previous</Link> : null}
          <span className="text-slate-400">
            Page {data.page} of {data.pages}
          </span>
          {data.page < data.pages ? <Link to={`?page=${data.page + 1}`} rel="next" className="text-brand-300 underline">Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Tag not found · Songloom" }];
  const title = `#${data.tag.name} songs · Songloom`;
  const description = `${data.total} public songs tagged “${data.tag.name}” on Songloom.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { tagName: "link", rel: "canonical", href: data.url },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
