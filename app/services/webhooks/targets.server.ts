// Where webhooks may be sent. Outside development an endpoint must be an https:// URL whose host resolves
// only to public addresses: never loopback, private, link-local (cloud metadata at 169.254.169.254),
// carrier-grade NAT, multicast or reserved ranges, in IPv4 or IPv6 (IPv4-mapped addresses included). The
// check runs when the endpoint is saved and again at every delivery, on the very address the connection
// uses (deliver.server.ts passes `checkedLookup` to the socket), so a name that later resolves elsewhere
// (DNS rebinding) is refused too. In development (NODE_ENV=development) http:// and local addresses are
// allowed, so a receiver on the same machine can be tried out.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { env } from "~/server/env.server";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 (maps onto IPv4, which is checked on its own)
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

interface TargetPolicy {
  /** http:// and private or loopback addresses allowed: development only. */
  allowLocal: boolean;
}

let policy: TargetPolicy = { allowLocal: env.NODE_ENV === "development" };

/** For tests that deliver to a receiver on this machine; production never calls it. */
export function configureWebhookTargets(settings: TargetPolicy): void {
  policy = { ...settings };
}

export function webhookTargetPolicy(): TargetPolicy {
  return policy;
}

/** Whether an address (v4 or v6, as a resolver returns it) is one webhooks may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isForbiddenAddress(mapped[1]);
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped) {
      const high = parseInt(hexMapped[1], 16);
      const low = parseInt(hexMapped[2], 16);
      return isForbiddenAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

export class WebhookTargetError extends Error {}

/** The URL as an endpoint may have it, or a WebhookTargetError saying why not (before any lookup). */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookTargetError("Enter a full URL, starting with https://.");
  }
  if (url.protocol !== "https:" && !(policy.allowLocal && url.protocol === "http:")) throw new WebhookTargetError("Webhook URLs must start with https://.");
  if (url.username || url.password) throw new WebhookTargetError("Leave user names and passwords out of the URL; check our signature instead.");
  if (url.hash) throw new WebhookTargetError("Leave the #fragment out of the URL.");
  if (value.length > 2000) throw new WebhookTargetError("The URL is too long (at most 2,000 characters).");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowLocal) {
    if (isIP(host) && isForbiddenAddress(host)) throw new WebhookTargetError("That address is private or local; webhooks go only to public servers.");
    if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
      throw new WebhookTargetError("That host name is local; webhooks go only to public servers.");
    }
  }
  return url;
}

/** Every address the host resolves to must be allowed; resolves to them, or throws why not. */
export async function checkWebhookHost(url: URL): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, found) => (error ? reject(new WebhookTargetError(`${host} could not be resolved (${error.code ?? error.message}).`)) : resolve(found.map((entry) => entry.address)))),
      );
  if (!policy.allowLocal) {
    const forbidden = addresses.find(isForbiddenAddress);
    if (forbidden) throw new WebhookTargetError(`${host} resolves to ${forbidden}, a private or local address; webhooks go only to public servers.`);
  }
  return addresses;
}

/**
 * A `lookup` for the delivery's socket: it resolves as usual and refuses the connection when any address
 * is forbidden, so what was checked is what is connected to.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, "", 0);
    const addresses = found as LookupAddress[];
    const forbidden = policy.allowLocal ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address));
    if (forbidden) {
      return callback(Object.assign(new Error(`${hostname} resolves to ${forbidden.address}, a private or local address`), { code: "EFORBIDDENADDRESS" }), "", 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};
