// The title of an edit sub-page: the edit layout's ("Edit <song> · Songloom") with "Edit" replaced by the
// page's own label, so every tab names the song the same way.
import type { MetaFunction } from "@remix-run/node";

export function editPageMeta(label?: string): MetaFunction {
  return ({ matches }) => {
    const layout = matches.find((match) => match.id === "routes/edit.$songId")?.meta ?? [];
    if (!label) return layout;
    return layout.map((entry) => ("title" in entry && typeof entry.title === "string" ? { title: entry.title.replace(/^Edit /, `${label}: `) } : entry));
  };
}
