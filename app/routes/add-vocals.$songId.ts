// /add-vocals/{songId} (spec 1 §2 legacy redirects): a permanent redirect to /edit/{songId}/vocals, keeping the id and the query.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/edit/${encodeURIComponent(params.songId ?? "")}/vocals${search}`, 301);
}
