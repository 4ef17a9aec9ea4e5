// The user admin page's Songloom Labs form (POST, no JavaScript needed): grants or revokes labs access
// through the same audited service as PUT /api/admin/user/{id}/labs, then returns to the user's page.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { setLabsAccess } from "~/services/labs/index.server";
import { readFormData } from "~/utils/forms";
import { isPossibleId } from "~/utils/input-schemas";

const LabsForm = z.object({ hasAccessToLabs: z.enum(["true", "false"]) });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "user:admin");
  const userId = params.userId ?? "";
  if (!isPossibleId(userId)) throw new Response("No such user", { status: 404 });
  const parsed = LabsForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("hasAccessToLabs must be true or false.", { status: 400 });
  try {
    await setLabsAccess(admin.id, userId, parsed.data.hasAccessToLabs === "true");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("No such user", { status: 404 });
    throw error;
  }
  return redirect(`/admin/users/${userId}/view`);
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
