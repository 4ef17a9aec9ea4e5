// Share pages for crawlers, link previews and embeds (issue 26; docs/share.md): the public view of a
// song, its PNG cards, the embeddable player, oEmbed, robots.txt, the sitemap and their cache headers.
export { findShareSong, publicOrigin, toShareSong, type ShareSong } from "./public-song.server";
export { cardPath, cardVersion, CARD_SIZES, ensureCard, renderCardPng, type CardShape } from "./card.server";
export { cacheableResponse, etagOf, IMMUTABLE_CACHE, matchesEtag, PRIVATE_CACHE, PUBLIC_CACHE } from "./http-cache";
export { embedContentSecurityPolicy, embedNotFoundHtml, embedPageHtml, clipOf } from "./embed-page.server";
export { EMBED_HEIGHT, EMBED_WIDTH, embedPath, oembedAnswer, parseShareUrl } from "./oembed.server";
export { robotsTxt } from "./robots";
export { sitemapResponse } from "./sitemap";
export { databaseSitemapSource } from "./sitemap-source.server";
export { cardResponse, cardShapeOf } from "./card-response.server";
