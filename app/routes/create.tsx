// /create starts the create flow at its first step (spec 1 §2). Verified users only, like the flow itself.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedUser } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedUser(request);
  return redirect("/style");
}
