// IP and CIDR parsing as k8s.io/utils/net's ParseIPSloppy/ParseCIDRSloppy (Go's pre-1.17
// net.ParseIP: IPv4 octets may carry leading zeros) and the validators of
// k8s.io/apimachinery/pkg/util/validation/ip.go built on them.

import { fieldErr, type FieldError } from '../../apimachinery/errors.js';

export interface ParsedIP {
  /** 16 bytes; IPv4 addresses are IPv4-mapped (::ffff:a.b.c.d) as Go stores them. */
  bytes: Uint8Array;
  /** True when written in dotted IPv4 form (not as IPv6). */
  v4: boolean;
  /** Some IPv4 octet (standalone or embedded) has a leading zero. */
  leadingZeros: boolean;
}

function parseIPv4Parts(s: string): { octets: number[]; leadingZeros: boolean } | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const octets: number[] = [];
  let leadingZeros = false;
  for (const p of parts) {
    if (!/^[0-9]+$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    if (p.length > 1 && p.startsWith('0')) leadingZeros = true;
    octets.push(n);
  }
  return { octets, leadingZeros };
}

function parseIPv6(s: string): { bytes: Uint8Array; leadingZeros: boolean } | undefined {
  const bytes = new Uint8Array(16);
  let leadingZeros = false;
  let head = s;
  let tail = '';
  const dbl = s.indexOf('::');
  if (dbl >= 0) {
    if (s.indexOf('::', dbl + 1) >= 0) return undefined;
    head = s.slice(0, dbl);
    tail = s.slice(dbl + 2);
  }
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      if (i === items.length - 1 && it.includes('.')) {
        const v4 = parseIPv4Parts(it);
        if (!v4) return undefined;
        if (v4.leadingZeros) leadingZeros = true;
        out.push((v4.octets[0]! << 8) | v4.octets[1]!, (v4.octets[2]! << 8) | v4.octets[3]!);
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(it)) return undefined;
      out.push(parseInt(it, 16));
    }
    return out;
  };
  const h = groups(head);
  const t = groups(tail);
  if (!h || !t) return undefined;
  if (dbl >= 0) {
    if (h.length + t.length > 7) return undefined;
  } else if (h.length !== 8) return undefined;
  const all = dbl >= 0 ? [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return { bytes, leadingZeros };
}

/** ParseIPSloppy; undefined when the string is not an IP address. */
export function parseIPSloppy(s: string): ParsedIP | undefined {
  if (s.includes(':')) {
    const v6 = parseIPv6(s);
    return v6 ? { bytes: v6.bytes, v4: false, leadingZeros: v6.leadingZeros } : undefined;
  }
  const v4 = parseIPv4Parts(s);
  if (!v4) return undefined;
  const bytes = new Uint8Array(16);
  bytes[10] = 0xff;
  bytes[11] = 0xff;
  bytes.set(v4.octets, 12);
  return { bytes, v4: true, leadingZeros: v4.leadingZeros };
}

/** Whether the 16-byte address is IPv4-mapped (To4() != nil). */
export function isIPv4Bytes(b: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (b[i] !== 0) return false;
  return b[10] === 0xff && b[11] === 0xff;
}

/** net.IP.String(). */
export function ipString(b: Uint8Array): string {
  if (isIPv4Bytes(b)) return `${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((b[i]! << 8) | b[i + 1]!);
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (g: number) => g.toString(16);
  if (bestStart < 0) return groups.map(hex).join(':');
  return `${groups.slice(0, bestStart).map(hex).join(':')}::${groups.slice(bestStart + bestLen).map(hex).join(':')}`;
}

export interface ParsedCIDR {
  ip: ParsedIP;
  /** Prefix length in the address family's own bits (32 for IPv4). */
  prefix: number;
  /** The network address (host bits cleared), 16 bytes. */
  network: Uint8Array;
  v4: boolean;
  prefixLeadingZeros: boolean;
}

/** ParseCIDRSloppy. */
export function parseCIDRSloppy(s: string): ParsedCIDR | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const ip = parseIPSloppy(s.slice(0, slash));
  const pfx = s.slice(slash + 1);
  if (!ip || !/^[0-9]+$/.test(pfx)) return undefined;
  const prefix = Number(pfx);
  const bits = ip.v4 ? 32 : 128;
  if (prefix > bits) return undefined;
  const network = new Uint8Array(ip.bytes);
  const offset = ip.v4 ? 96 : 0;
  for (let bit = offset + prefix; bit < 128; bit++) network[bit >> 3] = network[bit >> 3]! & ~(0x80 >> (bit & 7));
  return { ip, prefix, network, v4: ip.v4, prefixLeadingZeros: pfx.length > 1 && pfx.startsWith('0') };
}

/** IPNet.Contains for a network and an address of the same shape. */
export function cidrContains(net: ParsedCIDR, ip: Uint8Array): boolean {
  if (net.v4 && !isIPv4Bytes(ip)) return false;
  const offset = net.v4 ? 96 : 0;
  for (let bit = 0; bit < offset + net.prefix; bit++) {
    const m = 0x80 >> (bit & 7);
    if ((ip[bit >> 3]! & m) !== (net.network[bit >> 3]! & m)) return false;
  }
  return true;
}

export function cidrString(c: ParsedCIDR): string {
  return `${ipString(c.network)}/${c.prefix}`;
}

const IP_MSG = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const CIDR_MSG = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

function strictIPErrors(path: string, value: string, ip: ParsedIP): FieldError[] {
  const errs: FieldError[] = [];
  if (ip.leadingZeros) errs.push(fieldErr.invalid(path, value, 'must not have leading 0s'));
  if (!ip.v4 && isIPv4Bytes(ip.bytes)) errs.push(fieldErr.invalid(path, value, 'must not be an IPv4-mapped IPv6 address'));
  return errs;
}

/** validation.IsValidIP: strict parsing and canonical form. */
export function isValidIP(path: string, value: string): FieldError[] {
  const ip = parseIPSloppy(value);
  if (!ip) return [fieldErr.invalid(path, value, IP_MSG)];
  const errs = strictIPErrors(path, value, ip);
  if (errs.length) return errs;
  const canonical = ipString(ip.bytes);
  return value === canonical ? [] : [fieldErr.invalid(path, value, `must be in canonical form (${JSON.stringify(canonical)})`)];
}

/** IsValidIPForLegacyField with strict validation off (StrictIPCIDRValidation is alpha in v1.34). */
export function isValidIPForLegacyField(path: string, value: string, validOld: string[] = []): FieldError[] {
  if (validOld.includes(value)) return [];
  return parseIPSloppy(value) ? [] : [fieldErr.invalid(path, value, IP_MSG)];
}

/** validation.IsValidCIDR: strict parsing and canonical form. */
export function isValidCIDR(path: string, value: string): FieldError[] {
  const c = parseCIDRSloppy(value);
  if (!c) return [fieldErr.invalid(path, value, CIDR_MSG)];
  if (c.ip.leadingZeros || c.prefixLeadingZeros) return [fieldErr.invalid(path, value, 'must not have leading 0s in IP or prefix length')];
  if (!c.v4 && isIPv4Bytes(c.ip.bytes)) return [fieldErr.invalid(path, value, 'must not have an IPv4-mapped IPv6 address')];
  if (!c.ip.bytes.every((b, i) => b === c.network[i])) return [fieldErr.invalid(path, value, 'must not have bits set beyond the prefix length')];
  const canonical = cidrString(c);
  return value === canonical ? [] : [fieldErr.invalid(path, value, `must be in canonical form (${JSON.stringify(canonical)})`)];
}

/** IsValidCIDRForLegacyField with strict validation off; pre-existing values are accepted as they are. */
export function isValidCIDRForLegacyField(path: string, value: string, validOld: string[] = []): FieldError[] {
  if (validOld.includes(value)) return [];
  return parseCIDRSloppy(value) ? [] : [fieldErr.invalid(path, value, CIDR_MSG)];
}

/** netutils.IsIPv6String. */
export function isIPv6String(s: string): boolean {
  const ip = parseIPSloppy(s);
  return !!ip && !isIPv4Bytes(ip.bytes);
}

/** netutils.IsDualStackIPStrings: every entry valid and both families present. */
export function isDualStackIPStrings(ips: string[]): boolean {
  let v4 = false;
  let v6 = false;
  for (const s of ips) {
    const ip = parseIPSloppy(s);
    if (!ip) return false;
    if (isIPv4Bytes(ip.bytes)) v4 = true;
    else v6 = true;
  }
  return v4 && v6;
}
