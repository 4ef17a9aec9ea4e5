// GET /api/admin/release_labels (distro viewer): the release labels (spec 3 §3: id, description).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { RELEASE_LABEL_DESCRIPTIONS, RELEASE_LABELS } from "~/services/admin";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/release_labels",
  summary: "Release labels (distribution tiers)",
  tags: ["admin"],
  responses: { 200: { description: "Every label", schema: z.object({ releaseLabels: z.array(z.object({ id: z.string(), description: z.string() })) }) }, 403: { description: "Missing distro viewer" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "distro:viewer");
  return { releaseLabels: RELEASE_LABELS.map((id) => ({ id, description: RELEASE_LABEL_DESCRIPTIONS[id] })) };
});
