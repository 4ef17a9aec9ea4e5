// POST /user/save/{songId}: the form version of saving a song (works without JavaScript). With a
// same-site `redirectTo` it goes back there on success; otherwise (a fetcher) it answers JSON. Refusals
// answer JSON with the reason and their status either way, for the form to show.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { saveSong } from "~/services/library/song-library.server";
import { SaveSongSchema } from "~/services/songs/save-schema";
import { sameSitePath } from "~/utils/redirect-from";
import { IdSchema } from "~/utils/input-schemas";

const ParamsSchema = z.object({ songId: IdSchema });

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const form = await readFormData(request);
  const parsedParams = ParamsSchema.safeParse(params);
  const parsed = SaveSongSchema.safeParse({ songName: form.get("songName"), artistName: form.get("artistName") });
  if (!parsedParams.success || !parsed.success) {
    const issues = [...(parsedParams.error?.issues ?? []), ...(parsed.error?.issues ?? [])];
    const fields = Object.fromEntries(issues.map((issue) => [issue.path.join("."), [issue.message]]));
    return json({ ok: false as const, message: "Some fields are invalid.", fields }, { status: 400 });
  }
  try {
    const song = await saveSong(user, parsedParams.data.songId, parsed.data);
    const redirectTo = sameSitePath(form.get("redirectTo")?.toString());
    return redirectTo ? redirect(redirectTo) : json({ ok: true as const, song });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return json({ ok: false as const, message: error.message, fields: error.fields ?? {} }, { status: error.status });
    }
    throw error;
  }
}
