// Kubernetes IP and CIDR libraries (net.IP, net.CIDR) with Go netip parsing rules.
import type {Environment} from '@marcbachmann/cel-js';
import {celError} from '../util.js';
import {registerConversion} from './conversions.js';

class AddrError extends Error {}

/** An IP address as 4 or 16 bytes. */
export class CelIP {
  constructor(readonly bytes: Uint8Array) {}

  get family(): 4 | 6 {
    return this.bytes.length === 4 ? 4 : 6;
  }

  toString(): string {
    return formatAddr(this.bytes);
  }

  celEquals(other: unknown): boolean {
    return other instanceof CelIP && sameBytes(this.bytes, other.bytes);
  }
}

export class CelCIDR {
  constructor(readonly ip: CelIP, readonly prefixLength: number) {}

  toString(): string {
    return `${this.ip}/${this.prefixLength}`;
  }

  masked(): CelCIDR {
    return new CelCIDR(new CelIP(mask(this.ip.bytes, this.prefixLength)), this.prefixLength);
  }

  containsIP(ip: CelIP): boolean {
    if (ip.family !== this.ip.family) return false;
    return sameBytes(mask(ip.bytes, this.prefixLength), mask(this.ip.bytes, this.prefixLength));
  }

  containsCIDR(other: CelCIDR): boolean {
    return other.prefixLength >= this.prefixLength && this.containsIP(other.ip);
  }

  celEquals(other: unknown): boolean {
    return other instanceof CelCIDR && other.prefixLength === this.prefixLength && this.ip.celEquals(other.ip);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function mask(bytes: Uint8Array, bits: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = Math.max(0, Math.min(8, bits - i * 8));
    out[i] = bytes[i]! & ((0xff << (8 - b)) & 0xff);
  }
  return out;
}

function parseIPv4(s: string): Uint8Array {
  const parts = s.split('.');
  if (parts.length !== 4) throw new AddrError(`ParseAddr("${s}"): IPv4 address too short`);
  const out = new Uint8Array(4);
  parts.forEach((p, i) => {
    if (!/^\d{1,3}$/.test(p)) throw new AddrError(`ParseAddr("${s}"): unexpected character`);
    if (p.length > 1 && p[0] === '0') throw new AddrError(`ParseAddr("${s}"): IPv4 field has octet with leading zero`);
    const v = Number(p);
    if (v > 255) throw new AddrError(`ParseAddr("${s}"): IPv4 field has value >255`);
    out[i] = v;
  });
  return out;
}

function parseIPv6(s: string): Uint8Array {
  if (s.includes('%')) throw new AddrError('zone');
  let str = s;
  let tail: Uint8Array | undefined;
  const lastColon = str.lastIndexOf(':');
  if (str.slice(lastColon + 1).includes('.')) {
    tail = parseIPv4(str.slice(lastColon + 1));
    str = str.slice(0, lastColon + 1) + '0:0';
  }
  const dbl = str.indexOf('::');
  if (dbl >= 0 && str.indexOf('::', dbl + 1) >= 0) throw new AddrError(`ParseAddr("${s}"): multiple :: in address`);
  const parseGroups = (g: string): number[] =>
    g === '' ? [] : g.split(':').map((x) => {
      if (!/^[0-9a-fA-F]{1,4}$/.test(x)) throw new AddrError(`ParseAddr("${s}"): unexpected character`);
      return parseInt(x, 16);
    });
  let groups: number[];
  if (dbl >= 0) {
    const head = parseGroups(str.slice(0, dbl));
    const rest = parseGroups(str.slice(dbl + 2));
    const missing = 8 - head.length - rest.length;
    if (missing < 1) throw new AddrError(`ParseAddr("${s}"): address too long`);
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    groups = parseGroups(str);
    if (groups.length !== 8) throw new AddrError(`ParseAddr("${s}"): address too short`);
  }
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  if (tail) out.set(tail, 12);
  return out;
}

function isMappedV4(b: Uint8Array): boolean {
  if (b.length !== 16) return false;
  for (let i = 0; i < 10; i++) if (b[i] !== 0) return false;
  return b[10] === 0xff && b[11] === 0xff;
}

function parseAddr(s: string): Uint8Array {
  if (s.includes('%')) throw new AddrError('IP address with zone value is not allowed');
  const bytes = s.includes(':') ? parseIPv6(s) : parseIPv4(s);
  if (isMappedV4(bytes)) throw new AddrError('IPv4-mapped IPv6 addresses are not allowed');
  return bytes;
}

export function formatAddr(b: Uint8Array): string {
  if (b.length === 4) return Array.from(b).join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((b[i]! << 8) | b[i + 1]!);
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) { bestStart = i; bestLen = j - i; }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

export function parseIP(s: string): CelIP {
  try {
    return new CelIP(parseAddr(s));
  } catch (e) {
    throw celError(`IP Address "${s}" parse error during conversion from string: ${(e as Error).message}`);
  }
}

export function parseCIDR(s: string): CelCIDR {
  try {
    const slash = s.lastIndexOf('/');
    if (slash < 0) throw new AddrError(`netip.ParsePrefix("${s}"): no '/'`);
    const bytes = parseAddr(s.slice(0, slash));
    const bitsStr = s.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(bitsStr)) throw new AddrError(`netip.ParsePrefix("${s}"): bad bits after slash: "${bitsStr}"`);
    const bits = Number(bitsStr);
    if (bits > bytes.length * 8) throw new AddrError(`netip.ParsePrefix("${s}"): prefix length out of range`);
    return new CelCIDR(new CelIP(bytes), bits);
  } catch (e) {
    throw celError(`network address parse error during conversion from string: ${(e as Error).message}`);
  }
}

function isLoopback(ip: CelIP): boolean {
  const b = ip.bytes;
  if (b.length === 4) return b[0] === 127;
  return b.every((x, i) => (i === 15 ? x === 1 : x === 0));
}

function isUnspecified(ip: CelIP): boolean {
  return ip.bytes.every((x) => x === 0);
}

function isLinkLocalMulticast(ip: CelIP): boolean {
  const b = ip.bytes;
  if (b.length === 4) return b[0] === 224 && b[1] === 0 && b[2] === 0;
  return b[0] === 0xff && (b[1]! & 0x0f) === 0x02;
}

function isLinkLocalUnicast(ip: CelIP): boolean {
  const b = ip.bytes;
  if (b.length === 4) return b[0] === 169 && b[1] === 254;
  return b[0] === 0xfe && (b[1]! & 0xc0) === 0x80;
}

function isGlobalUnicast(ip: CelIP): boolean {
  const b = ip.bytes;
  if (b.length === 4) {
    if (b.every((x) => x === 255)) return false;
    if (b[0] === 0 || b[0] === 127 || b[0]! >= 224) return false;
    return !isLinkLocalUnicast(ip);
  }
  if (isUnspecified(ip) || isLoopback(ip) || b[0] === 0xff) return false;
  return !isLinkLocalUnicast(ip);
}

function tryParse<T>(f: () => T): boolean {
  try {
    f();
    return true;
  } catch {
    return false;
  }
}

export function registerIP(env: Environment): void {
  const IP = 'net.IP';
  const CIDR = 'net.CIDR';
  env.registerType(IP, CelIP);
  env.registerType(CIDR, CelCIDR);
  env.registerFunction(`ip(string): ${IP}`, parseIP);
  env.registerFunction('isIP(string): bool', (s: string) => tryParse(() => parseAddr(s)));
  registerConversion(env, `string(${IP}): string`, (ip: CelIP) => ip.toString());
  env.registerFunction(`${IP}.family(): int`, (ip: CelIP) => BigInt(ip.family));
  env.registerFunction(`${IP}.isUnspecified(): bool`, isUnspecified);
  env.registerFunction(`${IP}.isLoopback(): bool`, isLoopback);
  env.registerFunction(`${IP}.isLinkLocalMulticast(): bool`, isLinkLocalMulticast);
  env.registerFunction(`${IP}.isLinkLocalUnicast(): bool`, isLinkLocalUnicast);
  env.registerFunction(`${IP}.isGlobalUnicast(): bool`, isGlobalUnicast);
  env.registerOperator(`${IP} == ${IP}`, (a: CelIP, b: CelIP) => a.celEquals(b));

  env.registerFunction(`cidr(string): ${CIDR}`, parseCIDR);
  env.registerFunction('isCIDR(string): bool', (s: string) => tryParse(() => parseCIDR(s)));
  registerConversion(env, `string(${CIDR}): string`, (c: CelCIDR) => c.toString());
  env.registerFunction(`${CIDR}.ip(): ${IP}`, (c: CelCIDR) => c.ip);
  env.registerFunction(`${CIDR}.masked(): ${CIDR}`, (c: CelCIDR) => c.masked());
  env.registerFunction(`${CIDR}.prefixLength(): int`, (c: CelCIDR) => BigInt(c.prefixLength));
  env.registerFunction(`${CIDR}.containsIP(${IP}): bool`, (c: CelCIDR, ip: CelIP) => c.containsIP(ip));
  env.registerFunction(`${CIDR}.containsIP(string): bool`, (c: CelCIDR, s: string) => c.containsIP(parseIP(s)));
  env.registerFunction(`${CIDR}.containsCIDR(${CIDR}): bool`, (c: CelCIDR, o: CelCIDR) => c.containsCIDR(o));
  env.registerFunction(`${CIDR}.containsCIDR(string): bool`, (c: CelCIDR, s: string) => c.containsCIDR(parseCIDR(s)));
  env.registerOperator(`${CIDR} == ${CIDR}`, (a: CelCIDR, b: CelCIDR) => a.celEquals(b));
}

class IPNamespace {}

/** `ip.isCanonical(string)`: `ip` is both a function and, for this call, a namespace. */
export function registerIPIsCanonical(env: Environment): void {
  env.registerType('IPNamespace', IPNamespace);
  env.registerConstant('ip', 'IPNamespace', new IPNamespace());
  env.registerFunction('IPNamespace.isCanonical(string): bool', (_ns: unknown, s: string) => parseIP(s).toString() === s);
}
