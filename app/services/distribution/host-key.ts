// SSH host key fingerprints, as `ssh-keygen -l` prints them (SHA256:<base64 without padding>, here
// without the prefix): how a store publishes its server's identity and how we check it.
import { createHash } from "node:crypto";

export function hostKeyFingerprint(key: Buffer): string {
  return createHash("sha256").update(key).digest("base64").replace(/=+$/, "");
}
