// Account enumeration by timing (issue 16, finding 7): a sign-in with an unknown email, or with an account
// that has no password, must do the same scrypt work as a wrong password for a real account. Counting the
// key derivations says so without timing anything.
import "../support/auth-env";
import * as crypto from "node:crypto";
import * as signInRoute from "~/routes/sign-in";
import { prepareDummyHash } from "~/server/password.server";
import { callRoute, createUser, post, uniqueEmail } from "../support/auth";
import { setupTestDatabase } from "../support/database";

vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:crypto")>();
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

const database = setupTestDatabase("postgres");

async function derivationsFor(email: string): Promise<number> {
  const scrypt = vi.mocked(crypto.scrypt);
  scrypt.mockClear();
  const response = await callRoute(signInRoute.action, post("/sign-in", { email, password: "wrong-password" }));
  expect(response.status).toBe(400);
  expect((await response.json()).errors.form).toEqual(["The email or password is incorrect."]);
  return scrypt.mock.calls.length;
}

test("a wrong password, an unknown email and a password-less account each cost one scrypt derivation", async () => {
  // boot() makes the stand-in hash at start-up; here the test does.
  await prepareDummyHash();
  const known = await createUser(database().db);
  const socialOnly = await createUser(database().db, { password: null, social: "google" });
  expect(await derivationsFor(known.email)).toBe(1);
  expect(await derivationsFor(uniqueEmail("nobody"))).toBe(1);
  expect(await derivationsFor(socialOnly.email)).toBe(1);
});
