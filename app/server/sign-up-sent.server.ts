// After a sign-up with an address that already has an account, nobody is signed in, yet the answer must
// look like a new account's: the same redirect to /verify and the same "Check your email" page. This
// short-lived signed cookie carries the address typed, so /verify can show that page (and "send again")
// without a session. It never signs anyone in and names no account.
import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

export const signUpSentCookie = createCookie("sign_up_sent", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/verify",
  maxAge: 60 * 60,
  secrets: [env.SESSION_SECRET],
});

/** The address of a pending sign-up with an existing account's email, or null. */
export async function readSignUpSent(request: Request): Promise<string | null> {
  const value: unknown = await signUpSentCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}
