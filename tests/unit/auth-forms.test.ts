import { z } from "zod";
import { EmailField, NewPasswordField, parseForm, PASSWORD_MIN_LENGTH } from "~/utils/forms";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

const SignUpLike = z.object({ email: EmailField, password: NewPasswordField });

describe("form parsing", () => {
  test("emails are trimmed and lower-cased", () => {
    expect(EmailField.parse("  Someone@Example.COM ")).toBe("someone@example.com");
  });

  test.each(["", "   ", "not-an-email", "a@", "@b.com", "a b@c.com", `${"x".repeat(250)}@example.com`])("rejects the email %j", (value) => {
    expect(EmailField.safeParse(value).success).toBe(false);
  });

  test(`passwords need ${PASSWORD_MIN_LENGTH} to 128 characters`, () => {
    expect(NewPasswordField.safeParse("x".repeat(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(NewPasswordField.safeParse("x".repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
    expect(NewPasswordField.safeParse("x".repeat(129)).success).toBe(false);
  });

  test("a failed parse gives one message list per field", () => {
    const result = parseForm(SignUpLike, form({ email: "nope", password: "short" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.fields.email).toEqual(["Enter a valid email address."]);
    expect(result.errors.fields.password).toEqual([`Use at least ${PASSWORD_MIN_LENGTH} characters.`]);
    expect(result.errors.form).toEqual([]);
  });

  test("missing fields get a message, not a crash", () => {
    const result = parseForm(SignUpLike, form({}));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.fields.email).toEqual(["Enter your email address."]);
    expect(result.errors.fields.password).toEqual(["Choose a password."]);
  });

  test("a good form parses to clean values", () => {
    expect(parseForm(SignUpLike, form({ email: "A@B.co", password: "long enough" }))).toEqual({
      ok: true,
      data: { email: "a@b.co", password: "long enough" },
    });
  });
});

test("a body that is not the form it claims to be is a 400, not a crash", async () => {
  const { readFormData } = await import("~/utils/forms");
  const broken = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=xx" }, body: "garbage" });
  const thrown = await readFormData(broken).then(() => null, (error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(400);
  const fine = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
  expect((await readFormData(fine)).get("a")).toBe("1");
});
