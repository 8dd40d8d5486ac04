// The string formats kube-openapi's default registry checks for custom resources
// (go-openapi strfmt). Unknown formats are not checked.

import { ipFamily } from '../util/ip-family.js';

const checks: Record<string, (s: string) => boolean> = {
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T'))),
  datetime: (s) => checks['date-time']!(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  byte: (s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0,
  uuid: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid3: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  uuid4: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  uuid5: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i.test(s),
  ipv4: (s) => ipFamily(s) === 4,
  ipv6: (s) => ipFamily(s) === 6,
  cidr: (s) => {
    const m = /^(.+)\/(\d{1,3})$/.exec(s);
    if (!m) return false;
    const v = ipFamily(m[1]!);
    return v !== 0 && Number(m[2]) <= (v === 4 ? 32 : 128);
  },
  mac: (s) => /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i.test(s) || /^([0-9a-f]{2}[:-]){7}[0-9a-f]{2}$/i.test(s),
  hostname: (s) => s.length <= 255 && /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?$/.test(s),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  uri: (s) => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  },
  duration: (s) => /^(-?\d+(\.\d+)?\s*(ns|us|µs|ms|s|m|h|d|w)\s*)+$/.test(s) || /^-?\d+(\.\d+)?(ns|us|µs|ms|s|m|h)?$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  rgbcolor: (s) => /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/.test(s),
};

export function isValidFormat(format: string, value: string): boolean {
  const check = checks[format];
  return check ? check(value) : true;
}
