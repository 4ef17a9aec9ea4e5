// Route `handle` flags the root layout reads through useMatches().
//
// `staticForVisitors`: the page is complete without JavaScript (server-rendered, progressive forms, plain
// <audio>), so a signed-out visitor gets it without the Remix runtime: no <Scripts/>, no hydration, and
// only the advert's small inline script. Signed-in users always get the full app (the player, client
// navigation). See docs/decisions/012-public-pages-without-hydration.md.
import type { UIMatch } from "@remix-run/react";

export interface PageHandle {
  staticForVisitors?: boolean;
}

/** The handle public pages export: `export const handle = PUBLIC_PAGE;` */
export const PUBLIC_PAGE: PageHandle = { staticForVisitors: true };

/** True when every route below the root is static for visitors and nobody is signed in. */
export function isStaticForVisitor(matches: readonly UIMatch[], signedIn: boolean): boolean {
  if (signedIn) return false;
  const pages = matches.slice(1);
  return pages.length > 0 && pages.every((match) => (match.handle as PageHandle | undefined)?.staticForVisitors === true);
}
