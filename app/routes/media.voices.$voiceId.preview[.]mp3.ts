// GET /media/voices/{voiceId}/preview.mp3: a voice's preview phrase (the voice picker's play button).
// Rendered once with renderVoicePreview on a worker thread and kept in storage (voices/{id}/preview-v1.mp3);
// signed-in users; browsers keep it for a day (it only changes with a new preview version and URL key).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/guards.server";
import { storedMediaResponse } from "~/server/media-response.server";
import { voicePreviewKey } from "~/services/vocals/generative-vocals.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const key = await voicePreviewKey(params.voiceId ?? "");
  if (!key) return new Response("No such voice", { status: 404 });
  return storedMediaResponse(request, key, "audio/mpeg", "private, max-age=86400");
}
