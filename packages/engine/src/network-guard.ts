import { lookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { createRequire } from "node:module";
import { ScrapeError } from "./errors.js";

// Note: ipaddr.js is CommonJS with ambient `export =` types, which a default import cannot
// reach without `allowSyntheticDefaultImports`; require keeps its real types.
const ipaddr = createRequire(import.meta.url)("ipaddr.js") as typeof import("ipaddr.js");

/** Resolves a host name to every address it has, as `dns.lookup(host, { all: true })` does. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

/** Options of {@link resolveAllowedAddresses}. */
export interface NetworkGuardOptions {
  /** Let loopback, private and link-local addresses through (local testing). @default false */
  allowPrivateNetworks?: boolean;
  /** Resolves host names; tests pass a stub. @default `dns.lookup` with `all: true` */
  resolveHost?: HostResolver;
}

const resolveWithSystemDns: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Whether an address is not publicly routable: loopback, private, link-local (cloud metadata
 * at 169.254.169.254 among them), CGNAT, unique-local, unspecified, multicast, broadcast,
 * reserved ranges, and IPv4-mapped IPv6 forms of any of those. Unparseable input is blocked.
 */
export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  // Note: `process` unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) so the IPv4 ranges apply to it.
  // Only plain unicast passes: NAT64, 6to4 and Teredo embed an IPv4 address that could be private.
  return ipaddr.process(address).range() !== "unicast";
}

/**
 * Check that a URL may be fetched and resolve its host to the addresses to connect to. Every
 * address the host resolves to must be public (unless private networks are allowed), so a
 * name with one private answer among public ones is refused.
 *
 * @throws {ScrapeError} `URL_BLOCKED` for a non-HTTP(S) URL or a non-public address,
 *   `DOCUMENT_FETCH_FAILED` when the host does not resolve.
 */
export async function resolveAllowedAddresses(url: URL, options: NetworkGuardOptions = {}): Promise<LookupAddress[]> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ScrapeError("URL_BLOCKED", `${url.href} is not an http(s) URL; only http and https documents can be fetched.`, {
      url: url.href,
    });
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await resolve(hostname, url, options);
  if (options.allowPrivateNetworks) return addresses;
  const blocked = addresses.find(({ address }) => isBlockedAddress(address));
  if (blocked) {
    throw new ScrapeError(
      "URL_BLOCKED",
      `${url.href} points to a private or local address (${blocked.address}); only public hosts can be scraped by this server.`,
      { url: url.href, details: { address: blocked.address } },
    );
  }
  return addresses;
}

async function resolve(hostname: string, url: URL, options: NetworkGuardOptions): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolveHost ?? resolveWithSystemDns)(hostname);
  } catch (error) {
    throw fetchFailed(url, error);
  }
  if (addresses.length === 0) throw fetchFailed(url);
  return addresses;
}

const fetchFailed = (url: URL, cause?: unknown): ScrapeError =>
  new ScrapeError("DOCUMENT_FETCH_FAILED", `The host of ${url.href} could not be resolved; check the URL or try again later.`, {
    url: url.href,
    cause,
  });

/**
 * A `lookup` for `net.connect` that answers with addresses checked beforehand and never asks
 * DNS again, so a host cannot pass the check with a public address and then connect to a
 * private one (DNS rebinding).
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  const [first] = addresses;
  if (!first) throw new Error("pinnedLookup needs at least one address");
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}
