// /labs: the Songloom Labs page signing in can return to (spec 3 §2 "the labs page if that is /labs"). Labs
// generations live in the library's Labs tab, so a user with labs access goes there; anyone else to the
// library's songs. Verified-only like the library.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedUser } from "~/server/guards.server";
import { hasAccessToLabs } from "~/services/labs/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  throw redirect((await hasAccessToLabs(user.id)) ? "/library?tab=labs" : "/library");
}
