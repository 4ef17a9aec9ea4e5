// /api/song/vocal (spec 1 §3 Vocals, §5 "vocal creation needs a vocalFileId", §7 POST /song/vocal), for the
// song's owner: POST {songId, vocalFileId, autoVocal, emphasis, options} makes an uploaded or recorded take
// (POST /api/vocal_files) into the song's vocal. A pending `take` vocal and its vocal.generate job; 202 with
// the vocal state, which GET /api/song/{id}/vocal reports until `applied` (poll every 2.5 s).
// Defaults: autoVocal true, emphasis 0.5, compositionEffect v2_autovocal, pitchEffect avpr_mild,
// productionEffect fxch_av_autotune_w_reverb; without autoVocal only the production effect is kept.
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { requestVocalTake, VocalTakeRequestSchema } from "~/services/vocals/vocal-take.server";
import { VocalStateSchema } from "~/services/vocals/take-api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/vocal",
  summary: "Make a take the song's vocal",
  description:
    "Queues the vocal.generate job: with autoVocal the take is aligned to the beat, auto-tuned to the song's key and chords (pitchEffect) " +
    "and produced (productionEffect); without it only the production effect runs. Poll GET /api/song/{id}/vocal every 2.5 s until applied.",
  tags: ["vocals"],
  request: { body: VocalTakeRequestSchema },
  responses: {
    202: { description: "The vocal is being made", schema: VocalStateSchema },
    400: { description: "No vocalFileId, or a field is invalid (emphasis 0..1, unknown effects)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the song is locked or mastered" },
    404: { description: "Not one of the user's songs, or not one of the user's takes" },
    409: { description: "The song is still being created" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const { songId, ...input } = body;
  return requestVocalTake(await requireEditableSong(request, songId), input);
});
