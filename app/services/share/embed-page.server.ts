// The embeddable player, /embed/{songId} (issue 26): the one page any site may frame. Its canonical URL
// is the share page, where search engines send people. A small document of its own (not the app's
// layout): the cover, title and artist, a play button, a plain <audio controls> that plays without
// JavaScript, and a link back to the share page. It reads no session, sets no cookie and changes nothing,
// so every visitor and every shared cache gets the same bytes. Its own Content-Security-Policy allows
// framing by any origin and little else: scripts and styles only by hash, images, audio and fetches only
// from our origin.
import { createHash } from "node:crypto";
import { cardPath } from "./card.server";
import { parseClip } from "./oembed.server";
import type { ShareSong } from "./public-song.server";

const STYLE = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0d0a17;color:#f5f3ff}
main{display:flex;gap:12px;align-items:center;height:100%;padding:10px;background:linear-gradient(135deg,#1e1b4b,#4c1d95);overflow:hidden}
.cover{position:relative;flex:none;width:clamp(64px,32vw,156px);aspect-ratio:1}.cover img{width:100%;height:100%;border-radius:8px;display:block}
#play{position:absolute;inset:0;margin:auto;width:56px;height:56px;border:0;border-radius:50%;background:#f5f3ff;color:#2e1065;font-size:22px;cursor:pointer;box-shadow:0 2px 10px #0008}
#play:focus-visible{outline:3px solid #fde047;outline-offset:2px}
.info{min-width:0;flex:1;display:flex;flex-direction:column;gap:4px}
h1{margin:0;font-size:17px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
p{margin:0;color:#ddd6fe;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
audio{width:100%;margin-top:6px;height:36px}
a{color:#fef9c3}small{font-size:12px;color:#ddd6fe}`;

/** Without JavaScript the button stays hidden and the <audio controls> is the player. */
const SCRIPT = `(function(){var a=document.querySelector("audio"),b=document.getElementById("play");if(!a||!b)return;b.hidden=false;function s(){var p=a.paused;b.textContent=p?"\\u25B6":"\\u275A\\u275A";b.setAttribute("aria-label",p?"Play":"Pause")}b.addEventListener("click",function(){a.paused?a.play():a.pause()});a.addEventListener("play",s);a.addEventListener("pause",s);a.addEventListener("ended",s)})();`;

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The embed page's policy: framable by anyone, loading only its own inline style and script. */
export function embedContentSecurityPolicy(origin: string): string {
  return [
    "default-src 'none'",
    `img-src 'self' ${origin}`,
    // Only so a crawler's checks that run in the page (robots.txt) can read our own origin.
    `connect-src 'self' ${origin}`,
    `media-src 'self' ${origin}`,
    `style-src ${hash(STYLE)}`,
    `script-src ${hash(SCRIPT)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
  ].join("; ");
}

export function embedPageHtml(song: ShareSong, origin: string, params: URLSearchParams): string {
  const clip = clipOf(params, song.durationSeconds);
  const fragment = clip ? `#t=${clip.start}${clip.end !== null ? `,${clip.end}` : ""}` : "";
  const page = `${origin}/s/${song.id}`;
  const label = `${song.title} by ${song.artist}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(label)} · Songloom</title>
<meta name="description" content="${escapeHtml(`Listen to ${label}, a ${song.filter} (${song.style}) song made with Songloom.`)}">
<link rel="canonical" href="${escapeHtml(page)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style></head>
<body><main>
<div class="cover"><img src="${escapeHtml(origin + cardPath(song.id, "thumb", song))}" width="156" height="156" alt="Cover of ${escapeHtml(song.title)}"><button id="play" type="button" aria-label="Play" hidden>&#9654;</button></div>
<div class="info"><h1><a href="${escapeHtml(page)}" target="_blank" rel="noopener">${escapeHtml(song.title)}</a></h1>
<p>${escapeHtml(song.artist)}</p>
<audio controls preload="none" src="${escapeHtml(`${origin}${song.audioPath}${fragment}`)}"><a href="${escapeHtml(origin + song.audioPath)}">Listen to ${escapeHtml(song.title)}</a></audio>
<small>${escapeHtml(`${song.style} · ${song.filter}`)} · <a href="${escapeHtml(page)}" target="_blank" rel="noopener">Songloom</a></small></div>
</main><script>${SCRIPT}</script></body></html>
`;
}

/** The small page a private, deleted or unknown song gets: nothing about the song. */
export function embedNotFoundHtml(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Song not available · Songloom</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><p>This song is not available.</p></main></body></html>
`;
}

/** `s`/`e` within the song, as the share page clamps them; out of range or malformed is ignored. */
export function clipOf(params: URLSearchParams, duration: number): { start: number; end: number | null } | null {
  const { start, end } = parseClip(params);
  if (start === undefined && end === undefined) return null;
  const from = Math.min(start ?? 0, Math.floor(duration));
  const to = end !== undefined && end > from ? Math.min(end, Math.ceil(duration)) : null;
  return { start: from, end: to };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
