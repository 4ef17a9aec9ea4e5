import { hashPassword, verifyPassword } from "~/server/password.server";

describe("password hashing", () => {
  test("a hash verifies its own password and no other", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  test("hashes are salted and never contain the password", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(first).not.toContain("same password");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  test("the same password typed in another Unicode form still matches", async () => {
    const hash = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword("cafe\u0301 au lait", hash)).toBe(true);
  });

  test("anything that is not one of our hashes is a mismatch, not a crash", async () => {
    for (const stored of ["", "plain-text", "scrypt$", "bcrypt$2b$10$abc", "scrypt$x$y$z$c2FsdA$aGFzaA", "scrypt$32768$8$1$c2FsdA$c2hvcnQ"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});
