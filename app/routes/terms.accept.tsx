// POST /terms/accept: the terms dialog's form (app/components/terms-dialog.tsx). Accept records the
// acceptance of the current terms of use and returns to the page; Cancel signs the user out (spec 3 §4:
// "the dialog can log the user out on cancel") and goes Home. A resource route: invalid input, which
// only a tampered form can send, gets a 400 JSON message.
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/server/guards.server";
import { signOutAndRedirect } from "~/server/session.server";
import { acceptTerms, StaleTermsError } from "~/server/terms.server";
import { parseForm, readFormData } from "~/utils/forms";
import { sameSitePath } from "~/utils/redirect-from";

export async function loader() {
  return redirect("/terms");
}

const TermsDialogSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), termsId: z.string().min(1, { message: "Which terms?" }), redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("cancel") }),
], { message: "Choose Accept or Cancel." });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = parseForm(TermsDialogSchema, await readFormData(request));
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  if (parsed.data.intent === "cancel") return signOutAndRedirect(request, "/");
  const back = sameSitePath(parsed.data.redirectTo) ?? "/";
  try {
    await acceptTerms(user.id, parsed.data.termsId);
  } catch (error) {
    // Newer terms were published while the dialog was open: back to the page, which shows them.
    if (error instanceof StaleTermsError) return redirect(back, 303);
    throw error;
  }
  return redirect(back);
}
