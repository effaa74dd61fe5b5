/**
 * TRUST_PROXY: which front proxies may name the client's address in X-Forwarded-For. Unset, no proxy is
 * trusted and the address is the TCP peer's, so a client cannot pick the address the login throttle
 * counts against by sending the header itself. Behind a reverse proxy every client would otherwise share
 * the proxy's address (and its per-address lock): name the proxy here.
 *
 * Values: a number of proxy hops (1 to 10), or comma-separated addresses, CIDR ranges and Express's
 * names `loopback`, `linklocal`, `uniquelocal`. `true` (trust any sender) is refused: it lets every
 * client choose its own address.
 */
import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.includes(item)) return true;
  const [address, bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): { trustProxy: TrustProxy; problems: string[] } {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false') return { trustProxy: false, problems: [] };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return { trustProxy: hops, problems: [] };
    return { trustProxy: false, problems: ['TRUST_PROXY: a number of proxy hops must be between 1 and 10.'] };
  }
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isAddressOrRange(item));
  if (bad.length > 0) {
    return {
      trustProxy: false,
      problems: [
        `TRUST_PROXY: '${bad.join("', '")}' is not a proxy address; use a number of hops, IP addresses, CIDR ranges or loopback, linklocal, uniquelocal.`,
      ],
    };
  }
  return { trustProxy: items, problems: [] };
}
