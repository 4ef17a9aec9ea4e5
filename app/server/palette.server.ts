// The colour palette setting (spec 3 §1: the dark theme, and an alternate light palette with a red
// primary), kept in a cookie so the server renders the chosen palette in the first HTML: no flash of the
// other one, and it works without JavaScript. A browser setting, like the player's volume, so it needs no
// account and applies to the pages before sign-in too.
import { createCookie } from "@remix-run/node";
import { env } from "./env.server";
import type { RequestHead } from "./http.server";
import { PALETTES, type Palette } from "~/utils/palette";

export const paletteCookie = createCookie("palette", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/",
  // Browsers cap cookie lifetimes at 400 days.
  maxAge: 400 * 24 * 60 * 60,
});

export async function paletteOf(request: RequestHead): Promise<Palette> {
  const value: unknown = await paletteCookie.parse(request.headers.get("Cookie"));
  return (PALETTES as readonly unknown[]).includes(value) ? (value as Palette) : "dark";
}
