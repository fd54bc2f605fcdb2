import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Keeps webhooks away from this machine and its network (docs/decisions/025): a contractor's URL
 * must not make the server call its own admin ports, the cloud's metadata service or a neighbour
 * on the private network. Checked when the URL is saved (every address its name resolves to) and
 * again at every connection, through the socket's own lookup, so a name that changes its answer
 * after the save (DNS rebinding) still cannot reach an internal address.
 */

/** Every address a host name resolves to; node:dns by default, a fake in tests. */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: HostResolver = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_PRIVATE (tests only): loopback and private networks become reachable. */
  allowPrivate: boolean;
}

/** A URL or an address the guard refuses; the message is safe to show the contractor. */
export class WebhookAddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressRefused';
  }
}

/** Ranges WEBHOOKS_ALLOW_PRIVATE opens, for receivers a test runs on this machine or its LAN. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/** IPv6's global unicast block: other "unicast" space embeds IPv4 or is not routed. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether a connection to this address is allowed. Only ipaddr.js's plain `unicast` is public;
 * every special range (loopback, private, link-local with the metadata address, CGNAT,
 * multicast, reserved, unspecified, NAT64, 6to4, Teredo...) is refused. An IPv4-mapped IPv6
 * address is judged as the IPv4 address it maps.
 */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return true;
  if (range !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

/** A URL's host without IPv6 brackets; WHATWG URL already turned `0x7f.1` into `127.0.0.1`. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const LOCAL_NAME = /(^|\.)localhost\.?$/i;

const REFUSED =
  'This address points to a private or local network; webhooks only go to public addresses';

function refuseAddress(address: string, policy: AddressPolicy): void {
  if (!isAddressAllowed(address, policy)) throw new WebhookAddressRefused(REFUSED);
}

/**
 * The check at save: https:// (http:// too with allowPrivate), no credentials in the URL, and a
 * host that is, or resolves only to, allowed addresses. A name that does not resolve is refused:
 * nothing could be delivered to it.
 */
export async function checkWebhookUrl(
  value: string,
  policy: AddressPolicy,
  resolve: HostResolver = resolveWithDns,
): Promise<void> {
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) {
    throw new WebhookAddressRefused('Webhook URLs must start with https://');
  }
  if (url.username || url.password) {
    throw new WebhookAddressRefused(
      'Leave the user name and password out of the URL: every webhook is signed instead',
    );
  }
  const host = hostOf(url);
  if (isIP(host)) return refuseAddress(host, policy);
  if (LOCAL_NAME.test(host) && !policy.allowPrivate) throw new WebhookAddressRefused(REFUSED);
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookAddressRefused(`${host} could not be found: check the address`);
  }
  if (addresses.length === 0) {
    throw new WebhookAddressRefused(`${host} could not be found: check the address`);
  }
  for (const { address } of addresses) refuseAddress(address, policy);
}

/**
 * The check at connect time: the `lookup` of node:http(s).request, used for the connection
 * itself. Every resolved address must be allowed, or the connection fails before it starts.
 * (A literal IP in the URL never reaches a lookup: the sender checks it with `checkAddress`.)
 */
export function guardedLookup(
  policy: AddressPolicy,
  resolve: HostResolver = resolveWithDns,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter(({ family }) => wanted === 0 || family === wanted);
        const refused = addresses.find(({ address }) => !isAddressAllowed(address, policy));
        const first = addresses[0];
        if (refused) callback(new WebhookAddressRefused(REFUSED), '', 0);
        else if (!first) callback(new WebhookAddressRefused(`${hostname} has no address`), '', 0);
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** For a URL whose host is an IP literal, which no lookup sees. */
export function checkAddress(url: URL, policy: AddressPolicy): void {
  const host = hostOf(url);
  if (isIP(host)) refuseAddress(host, policy);
}
