// GET /api/user/statuses (spec 3 §7): the signed-in user's statuses (spec 3 §3), what a page checks before
// offering withdrawals or releases.
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { userStatuses } from "~/services/user-api/index.server";
import { UserStatusesSchema } from "~/services/user-api/schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/statuses",
  summary: "The signed-in user's statuses",
  tags: ["user"],
  responses: {
    200: { description: "Account, withdrawal, sign-in and distribution statuses", schema: UserStatusesSchema },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => userStatuses((await requireUser(request)).id));
