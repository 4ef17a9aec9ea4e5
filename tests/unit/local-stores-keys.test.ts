import { describe, expect, it } from "vitest";
import ssh2 from "ssh2";
import { ed25519KeyPair } from "~/services/distribution/local-stores.server";

describe("the local stand-in stores' SSH keys", () => {
  it("are always readable by ssh2, even when a drawn public key starts with a zero byte", () => {
    // ssh2 writes about one public key in 256 short; 3000 draws meet one with near certainty.
    for (let i = 0; i < 3000; i += 1) {
      const { keys, parsed } = ed25519KeyPair();
      expect(ssh2.utils.parseKey(keys.public)).not.toBeInstanceOf(Error);
      expect(ssh2.utils.parseKey(keys.private)).not.toBeInstanceOf(Error);
      expect(parsed.getPublicSSH().length).toBe(51);
    }
    // 3000 key pairs take 3-5 s on a quiet core and 15-20 s on a loaded one: more than the default 5 s.
  }, 60_000);
});
