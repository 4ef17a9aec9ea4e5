// /auth/$provider/callback: the provider sends the user back here with a code (GET; Apple POSTs it as
// form_post). remix-auth-oauth2 checks the state, exchanges the code and we find or create the user,
// then finish like any sign-in. Failures go back to sign-in with a message, never to an error page.
import { readFormData } from "~/utils/forms";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { User } from "../../drizzle/schema/auth";
import { SocialEmailUnverifiedError } from "~/models/user.server";
import { authRedirectCookie, clearOAuthStateCookies } from "~/server/auth-redirect.server";
import { authenticator, enabledSocialProviders, isSocialProvider, ProviderProfileError, signInUser } from "~/server/auth.server";
import { afterSignInPath } from "~/utils/redirect-from";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return finish(request, params.provider);
}

/** Apple's form_post: the same parameters in a form body; the strategy reads them from the URL. */
export async function action({ request, params }: ActionFunctionArgs) {
  const url = new URL(request.url);
  for (const [key, value] of await readFormData(request)) {
    if (typeof value === "string" && ["code", "state", "error", "error_description"].includes(key)) url.searchParams.set(key, value);
  }
  return finish(new Request(url, { headers: request.headers }), params.provider);
}

async function finish(request: Request, provider: string | undefined): Promise<Response> {
  if (!isSocialProvider(provider) || !enabledSocialProviders().includes(provider)) {
    throw new Response("This sign-in provider is not available.", { status: 404 });
  }
  const headers = new Headers();
  for (const cookie of clearOAuthStateCookies(request, provider)) headers.append("Set-Cookie", cookie);
  const failed = (code: "failed" | "email_in_use" | "no_email" | `banned=${string}`) => {
    const query = code.startsWith("banned=") ? code : `authError=${code}`;
    return redirect(`/sign-in?${query}`, { headers });
  };

  let user: User;
  try {
    user = await authenticator.authenticate(provider, request);
  } catch (error) {
    if (error instanceof SocialEmailUnverifiedError) return failed("email_in_use");
    if (error instanceof ProviderProfileError) return failed("no_email");
    if (error instanceof Response) throw error;
    // State mismatch, a denied consent, an unreachable provider: the user can simply try again.
    console.warn(`[auth] ${provider} callback failed:`, error instanceof Error ? error.message : error);
    return failed("failed");
  }
  const redirectFrom: unknown = await authRedirectCookie.parse(request.headers.get("Cookie"));
  const result = await signInUser(request, user, afterSignInPath(typeof redirectFrom === "string" ? redirectFrom : null));
  if (!result.ok) return failed(`banned=${result.reason}`);
  for (const cookie of headers.getSetCookie()) result.response.headers.append("Set-Cookie", cookie);
  result.response.headers.append("Set-Cookie", await authRedirectCookie.serialize("", { maxAge: 0 }));
  return result.response;
}
