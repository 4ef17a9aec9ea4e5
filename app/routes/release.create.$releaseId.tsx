// /release/create/{id}: the "create" alias of /release/{id}/edit (spec 2 §2).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/guards.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect(`/release/${encodeURIComponent(params.releaseId ?? "")}/edit`);
}
