// /release/edit without an id (spec 2 §2 "/release/{releaseId?}/edit"): a new release.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/release/create");
}
