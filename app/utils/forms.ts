// Forms are zod schemas parsed on the server; a failed parse becomes field messages the page re-renders
// beside each input (with or without JavaScript) and the action answers 400.
import { z } from "zod";

export interface FormErrors {
  /** Messages about the form as a whole ("The email or password is incorrect."). */
  form: string[];
  fields: Record<string, string[] | undefined>;
}

export type FormParse<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/**
 * The request's form fields. A body that cannot be read as the form it claims to be (a broken multipart
 * upload) is the sender's fault: a 400 page, not a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please send it again.", { status: 400, statusText: "Bad Request" });
  }
}

export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormParse<z.output<S>> {
  const result = schema.safeParse(Object.fromEntries(formData));
  if (result.success) return { ok: true, data: result.data };
  const flattened = z.flattenError(result.error);
  return { ok: false, errors: { form: flattened.formErrors, fields: flattened.fieldErrors as FormErrors["fields"] } };
}

export function formError(message: string): FormErrors {
  return { form: [message], fields: {} };
}

export function fieldError(field: string, message: string): FormErrors {
  return { form: [], fields: { [field]: [message] } };
}

/** The typed values to put back into a re-rendered form. Secrets are never echoed. */
export function echoValues(formData: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, String(formData.get(field) ?? "")]));
}

// Shared field rules, so sign-up, sign-in and reset agree on what an email and a password are.
export const EmailField = z
  .string({ message: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, { message: "Enter your email address." })
  .max(254, { message: "That email address is too long." })
  .pipe(z.email({ message: "Enter a valid email address." }));

export const PASSWORD_MIN_LENGTH = 8;

export const NewPasswordField = z
  .string({ message: "Choose a password." })
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(128, { message: "Use at most 128 characters." });
