// /edit/notes/{songId} (spec 1 §2 legacy redirects): a permanent redirect to /edit/{songId}/arrangement, keeping the id
// and the query. The spec sends this old URL to the arrangement page, not to the notes editor.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/edit/${encodeURIComponent(params.songId ?? "")}/arrangement${search}`, 301);
}
