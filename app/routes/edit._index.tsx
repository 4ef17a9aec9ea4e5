// /edit without a song id (spec 1 §2 /edit/{songId?}): the options page of the user's most recent song,
// or the library with redirectFrom when they have none yet.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedUser } from "~/server/guards.server";
import { mostRecentSongId } from "~/services/library/library-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const songId = await mostRecentSongId(user);
  if (!songId) throw redirect(`/library?${new URLSearchParams({ redirectFrom: "/edit" })}`);
  throw redirect(`/edit/${songId}`);
}
