// POST /auth/$provider starts a social sign-in: remix-auth-oauth2 answers with the redirect to the
// provider (state and PKCE verifier in a short-lived cookie). redirectFrom is kept in a cookie of ours
// for the callback. Only POST: a cross-site link cannot start a sign-in on someone's behalf.
import { readFormData } from "~/utils/forms";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { authenticator, isSocialProvider, enabledSocialProviders } from "~/server/auth.server";
import { authRedirectCookie } from "~/server/auth-redirect.server";
import { requireAnonymous } from "~/server/guards.server";
import { afterSignInPath } from "~/utils/redirect-from";

export async function loader() {
  return redirect("/sign-in");
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const provider = params.provider;
  if (!isSocialProvider(provider) || !enabledSocialProviders().includes(provider)) {
    throw new Response("This sign-in provider is not available.", { status: 404 });
  }
  // remix-auth copies the request (body included), so the page reads a clone.
  const form = await readFormData(request.clone());
  const redirectFrom = afterSignInPath(String(form.get("redirectFrom") ?? ""));
  try {
    await authenticator.authenticate(provider, request);
  } catch (thrown) {
    // A Response here is the redirect to the provider; anything else is a real failure.
    if (thrown instanceof Response) thrown.headers.append("Set-Cookie", await authRedirectCookie.serialize(redirectFrom));
    throw thrown;
  }
  // authenticate() without a `state` in the URL always redirects; reaching here would be a library change.
  throw new Error(`${provider} sign-in did not redirect to the provider`);
}
