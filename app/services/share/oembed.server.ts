// oEmbed (https://oembed.com) for share links (issue 26): WordPress, Notion, Discourse, Ghost and the like
// ask /oembed?url=<a share link>&format=json and get a `rich` answer whose html is an iframe of the embed
// player. Every share alias is accepted (/s, /song, /share, with or without the dash suffix, with `s`/`e`,
// which the player honours); a URL on another host, another scheme or of a song that is not public is a 404
// that says no more; format=xml is 501, as the spec asks of a format a provider does not serve.
import type { ShareSong } from "./public-song.server";
import { cardPath, CARD_SIZES } from "./card.server";

export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = 180;
/** Share page paths, as the share page cache reads them: the id is the part before the first dash. */
export const SHARE_PATH = /^\/(?:s|song|share)\/([A-Za-z0-9_]{1,64})(?:-[^/]*)?\/?$/;

export interface OEmbedRich {
  version: "1.0";
  type: "rich";
  provider_name: "Songloom";
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

export type OEmbedResult = { status: 200; body: OEmbedRich } | { status: 400 | 404 | 501; message: string };

/** The part of a share URL the embed keeps: the song and its clip. */
export interface EmbedTarget {
  songId: string;
  start?: number;
  end?: number;
}

/** The song a URL shares, when it is a share link on our origin; null for anything else. */
export function parseShareUrl(value: string, origin: string): EmbedTarget | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const songId = SHARE_PATH.exec(url.pathname)?.[1];
  if (!songId) return null;
  const { start, end } = parseClip(url.searchParams);
  return { songId, start, end };
}

/** `s` and `e` as whole seconds; anything else is ignored, as on the share page. */
export function parseClip(params: URLSearchParams): { start?: number; end?: number } {
  const whole = (value: string | null) => (value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined);
  return { start: whole(params.get("s")), end: whole(params.get("e")) };
}

export function embedPath(target: EmbedTarget): string {
  const query = new URLSearchParams();
  if (target.start !== undefined) query.set("s", String(target.start));
  if (target.end !== undefined) query.set("e", String(target.end));
  const search = query.toString();
  return `/embed/${target.songId}${search ? `?${search}` : ""}`;
}

/** A positive whole `maxwidth`/`maxheight`, else no limit (the parameter is ignored). */
function limit(value: string | null): number {
  return value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : Infinity;
}

export async function oembedAnswer(params: URLSearchParams, origin: string, findSong: (songId: string) => Promise<ShareSong | null>): Promise<OEmbedResult> {
  const format = params.get("format") ?? "json";
  if (format !== "json") return { status: 501, message: "Only format=json is served." };
  const url = params.get("url");
  if (!url) return { status: 400, message: "url: give the address of a Songloom song." };
  const target = parseShareUrl(url, origin);
  const song = target ? await findSong(target.songId) : null;
  if (!target || !song || song.private) return { status: 404, message: "No public Songloom song has that address." };

  const maxWidth = limit(params.get("maxwidth"));
  const maxHeight = limit(params.get("maxheight"));
  const width = Math.min(EMBED_WIDTH, maxWidth);
  const height = Math.min(EMBED_HEIGHT, maxHeight);
  const src = `${origin}${embedPath(target)}`;
  const title = `${song.title} by ${song.artist}`;
  const body: OEmbedRich = {
    version: "1.0",
    type: "rich",
    provider_name: "Songloom",
    provider_url: `${origin}/`,
    title: song.title,
    author_name: song.artist,
    author_url: `${origin}/s/${song.id}`,
    html: `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" loading="lazy" allow="autoplay" title="${escapeAttribute(title)}"></iframe>`,
    width,
    height,
    cache_age: 600,
  };
  // The spec asks that a thumbnail, too, fit maxwidth and maxheight: left out when it does not.
  const square = CARD_SIZES.square;
  if (square.width <= maxWidth && square.height <= maxHeight) {
    body.thumbnail_url = `${origin}${cardPath(song.id, "square", song)}`;
    body.thumbnail_width = square.width;
    body.thumbnail_height = square.height;
  }
  return { status: 200, body };
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
