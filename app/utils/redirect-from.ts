// Where to go after signing in (spec 3 §2 Guards): back to `redirectFrom` when it is a path on this
// site, otherwise the style step. Shared by the sign-in and sign-up pages and their tests.

export const AFTER_SIGN_IN_DEFAULT = "/style";

const BASE = "http://songloom.invalid";

/**
 * The same-site path in `value`, or null. Parsing with URL (as a browser would) catches what prefix
 * checks miss: `//evil`, `/\evil`, and control characters such as `/\t/evil`, which browsers strip
 * into `//evil`.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // Dot segments can collapse into a protocol-relative path: "/..//evil" parses to pathname "//evil".
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * After sign-in: `redirectFrom` when it is same-site (so `/labs` goes to the labs page, `/account/…`
 * back to the account), otherwise the style step. Auth pages themselves are never a destination, which
 * would loop back to sign-in.
 */
export function afterSignInPath(redirectFrom: string | null | undefined): string {
  const path = sameSitePath(redirectFrom);
  if (!path || /^\/(sign-in|sign-up|sign-out)(?:[/?#]|$)/.test(path)) return AFTER_SIGN_IN_DEFAULT;
  return path;
}

/**
 * Where the emailed verification link continues (spec 3 §4): back to membership when sign-up started
 * there (redirectFrom=/account/membership), otherwise pricing with new_sign_up=true.
 */
export function verifyContinuationFor(redirectFrom: string | null | undefined): "membership" | "pricing" {
  const path = sameSitePath(redirectFrom);
  return path && /^\/account\/membership(?:[/?#]|$)/.test(path) ? "membership" : "pricing";
}
