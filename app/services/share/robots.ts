// /robots.txt (issue 26): crawlers may read the public pages (home, pricing, the share and embed pages,
// FAQs, terms, and the sign-in and sign-up entry pages people search for) and are kept out of the app
// behind the sign-in, the API and the steps of the auth flows (OAuth callbacks, email links, password
// reset), which have nothing to index and only cost a render.
export const DISALLOWED_PATHS = [
  "/edit",
  "/account",
  "/admin",
  "/api/",
  "/library",
  "/create",
  "/style",
  "/sign-out",
  "/forgot-password",
  "/reset-password",
  "/verify",
  "/auth/",
  "/terms/accept",
  "/user/",
  "/dev/",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
