// /sign-out: POST ends the session and goes Home (spec 3 §2 "after logout the user goes Home"). It is a
// POST so that no link or image on another site can sign anyone out; a plain visit goes to sign-in.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "~/server/session.server";

export async function loader() {
  return redirect("/sign-in");
}

export async function action({ request }: ActionFunctionArgs) {
  return signOutAndRedirect(request, "/");
}
