// Throttle subjects (app/server/rate-limit.server.ts): an IPv6 client can use a new address from its /64
// for every request, so per-address counters count the /64.
import { normaliseSubject } from "~/server/rate-limit.server";

test("IPv6 addresses count as their /64 network, however they are written", () => {
  expect(normaliseSubject("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
  expect(normaliseSubject("2001:DB8:AA:BB::9")).toBe("2001:db8:aa:bb::/64");
  expect(normaliseSubject("2001:0db8:00aa:00bb:ffff::1")).toBe("2001:db8:aa:bb::/64");
  expect(normaliseSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(normaliseSubject("::1")).toBe("0:0:0:0::/64");
});

test("emails, IPv4 and IPv4-mapped addresses are only trimmed and lower-cased", () => {
  expect(normaliseSubject("  Ada@Example.com ")).toBe("ada@example.com");
  expect(normaliseSubject("203.0.113.9")).toBe("203.0.113.9");
  expect(normaliseSubject("::ffff:203.0.113.9")).toBe("::ffff:203.0.113.9");
  expect(normaliseSubject("user1")).toBe("user1");
});
