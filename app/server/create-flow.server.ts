// Catalogue lookups for the create-flow pages: an unknown style or filter in the URL is a 404 page, not a
// catalogue exception (a 500).
import { existsSync } from "node:fs";
import path from "node:path";
import { getStyle, getStyleFilter, type Filter, type Style } from "~/engine/catalogue";

export function requireStyle(value: string | undefined): Style {
  try {
    return getStyle(value ?? "");
  } catch {
    throw new Response("No such style", { status: 404 });
  }
}

export function requireStyleFilter(style: Style, value: string | undefined): Filter {
  try {
    return getStyleFilter(style.value, value ?? "");
  } catch {
    throw new Response("No such filter", { status: 404 });
  }
}

// Preview files are generated (scripts/make-previews.ts) and may be absent; a card offers a player only
// for files that exist. Checked once per URL: the files change only on deploy.
const previewExists = new Map<string, boolean>();
export function previewUrlIfPresent(url: string): string | null {
  let exists = previewExists.get(url);
  if (exists === undefined) {
    exists = existsSync(path.join(process.cwd(), "public", url));
    previewExists.set(url, exists);
  }
  return exists ? url : null;
}
