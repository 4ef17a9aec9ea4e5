// /share/{songId}: an alias of the share page /s/{songId} (spec 1 §2), served in place, not redirected, so
// crawlers that follow old links get the full page at the address they asked for.
export { default, ErrorBoundary, handle, loader, meta } from "./s.$songId";
