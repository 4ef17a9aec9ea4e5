// Password hashing with scrypt from node:crypto: memory-hard, salted, and no native dependency to build.
// Stored as "scrypt$N$r$p$salt$hash" (base64url) so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// N=2^15, r=8 needs 32 MiB; Node's default ceiling is exactly 32 MiB, so allow headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** False for a wrong password and for anything that is not one of our hashes; never throws on bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64url");
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (expected.length !== KEY_LENGTH || !Object.values(options).every(Number.isSafeInteger)) return false;
  const actual = await derive(password, Buffer.from(saltText, "base64url"), options);
  return timingSafeEqual(actual, expected);
}

// A hash of a random password nobody knows, with the current cost: checking a password for an unknown
// email against it takes as long as for a known one, so sign-in timing does not tell whether an address
// has an account. boot() makes it, so not even the first sign-in after a start shows the difference.
let dummyHash: Promise<string> | undefined;

export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}

/** Spends the time of one verifyPassword and returns false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}
