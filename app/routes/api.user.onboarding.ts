// GET /api/user/onboarding (spec 2 §3 Onboarding step, §4, §7): the steps a new user completes.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { onboardingSteps } from "~/services/library/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/onboarding",
  summary: "Onboarding steps",
  description: "First song, first save, first edit, first release; `editorTour` is true while the first edit step is incomplete and the user has not hidden the tour (the edit page offers it then).",
  tags: ["library"],
  responses: {
    200: {
      description: "Steps in order",
      schema: z.object({ steps: z.array(z.object({ key: z.string(), title: z.string(), href: z.string(), isComplete: z.boolean() })), editorTour: z.boolean() }),
    },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => onboardingSteps(await requireUser(request)));
