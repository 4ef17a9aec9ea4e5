// The release form pages' server side (/release/create and /release/{id}/edit): one action for both, told
// apart by `intent` — save (the fields, with an optional cover file in the same multipart form), generate
// (generated art) and use-art (a cover from the history). Failures come back as per-field messages for the
// re-rendered form, so the pages work the same with JavaScript off.
import { unlink } from "node:fs/promises";
import { redirect } from "@remix-run/node";
import type { z } from "zod";
import { ApiError, type FieldErrors } from "~/server/http.server";
import { readFormData } from "~/utils/forms";
import { storeUploadedCoverArt } from "./cover-art-upload";
import { readCoverUpload } from "./cover-art-request";
import { requestGeneratedArt } from "./generated-art";
import { ReleaseFormSchema } from "./release-form";
import { createRelease, setReleaseCoverArt, updateRelease } from "./save-release";

export const RELEASE_FORM_FIELDS = ["title", "artistName", "genre", "language", "explicit", "coverArtCreditName", "coverArtCreditUrl"] as const;

export interface ReleaseFormFailure {
  intent: string;
  errors: FieldErrors;
  /** What was typed, to put back into the form. */
  values: Record<string, string>;
}

function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

function failure(intent: string, error: unknown, values: Record<string, string>): ReleaseFormFailure {
  if (error instanceof ApiError && error.status < 500) return { intent, errors: error.fields ?? { form: [error.message] }, values };
  throw error;
}

/** Handles a POST to a release form page; returns a redirect, or the failure to re-render (status 400). */
export async function releaseFormAction(request: Request, user: { id: string }, releaseId: string | null): Promise<Response | ReleaseFormFailure> {
  const multipart = (request.headers.get("content-type") ?? "").includes("multipart/form-data");
  let form: FormData;
  let file: string | null = null;
  try {
    if (multipart) ({ form, file } = await readCoverUpload(request));
    else form = await readFormData(request);
  } catch (error) {
    return failure("save", error, {});
  }
  const intent = String(form.get("intent") ?? "save");
  const values = Object.fromEntries(RELEASE_FORM_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const editUrl = (id: string, notice?: string) => `/release/${id}/edit${notice ? `?${new URLSearchParams({ notice })}` : ""}`;
  try {
    if (intent === "generate" || intent === "use-art") {
      if (!releaseId) throw new ApiError(400, "invalid_input", "Save the release first.", { form: ["Save the release first."] });
      if (intent === "generate") {
        await requestGeneratedArt(user, { keyword: String(form.get("keyword") ?? ""), prompt: String(form.get("prompt") ?? ""), releaseId });
        return redirect(editUrl(releaseId, "generating"));
      }
      await setReleaseCoverArt(user, releaseId, String(form.get("coverArtId") ?? ""));
      return redirect(editUrl(releaseId, "saved"));
    }
    const parsed = ReleaseFormSchema.safeParse(Object.fromEntries(RELEASE_FORM_FIELDS.map((field) => [field, form.get(field) ?? undefined])));
    if (!parsed.success) return { intent, errors: zodFieldErrors(parsed.error), values };
    const release = releaseId ? await updateRelease(user, releaseId, parsed.data) : await createRelease(user, parsed.data);
    if (file) {
      const upload = file;
      file = null;
      try {
        const art = await storeUploadedCoverArt(user, upload);
        await setReleaseCoverArt(user, release.id, art.id);
      } catch (error) {
        // The fields are saved; only the image needs another go.
        const result = failure(intent, error, values);
        // A new release exists now: its edit page shows why the image was refused.
        if (!releaseId) return redirect(`${editUrl(release.id)}?${new URLSearchParams({ coverError: Object.values(result.errors).flat()[0] ?? "" })}`);
        return result;
      }
    }
    return redirect(editUrl(release.id, "saved"));
  } catch (error) {
    return failure(intent, error, values);
  } finally {
    // An upload that was not used (the fields were refused) is not kept.
    if (file) await unlink(file).catch(() => {});
  }
}
