// POST /palette: switches the colour palette (app/server/palette.server.ts) and returns to the page. A
// plain form in the footer, so it works without JavaScript.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { paletteCookie } from "~/server/palette.server";
import { parseForm, readFormData } from "~/utils/forms";
import { PALETTES } from "~/utils/palette";
import { sameSitePath } from "~/utils/redirect-from";

export async function loader() {
  return redirect("/");
}

const PaletteForm = z.object({
  palette: z.enum(PALETTES, { message: "palette must be dark or light." }),
  redirectTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseForm(PaletteForm, await readFormData(request));
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400 });
  return redirect(sameSitePath(parsed.data.redirectTo) ?? "/", { status: 303, headers: { "Set-Cookie": await paletteCookie.serialize(parsed.data.palette) } });
}
