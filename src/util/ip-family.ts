// node:net's isIP tries the IPv4 pattern and then the IPv6 one, a large regular expression
// whose first use compiles it (~7 ms, and ~2 ms more when V8 tiers it up): every host name
// checked at start-up paid that. An IPv6 address always has a colon and an IPv4 one never
// does, so each string meets one pattern only; the answers are node:net's.
import { isIPv4, isIPv6 } from 'node:net';

/** 4, 6 or 0 (not an IP address), as node:net's isIP answers. */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (s.includes(':')) return isIPv6(s) ? 6 : 0;
  return isIPv4(s) ? 4 : 0;
}
