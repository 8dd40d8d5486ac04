// The JSON forms of the Go values Kubernetes' protobuf messages carry as numbers:
// time.Duration strings ("1m30s") and metav1.Time / MicroTime RFC 3339 strings.

/** Unix seconds of Go's zero time.Time (0001-01-01T00:00:00Z): it marshals to JSON null. */
export const ZERO_TIME_SECONDS = -62135596800;

const NS_PER_US = 1000n;
const NS_PER_MS = 1000_000n;
const NS_PER_S = 1000_000_000n;
const INT64_MAX = (1n << 63n) - 1n;

/** Go's time.Duration.String() for a duration in nanoseconds. */
export function formatGoDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < NS_PER_S) {
    // Below one second: the largest unit that keeps an integer part, like 1.2ms.
    let unit: string;
    let prec: number;
    if (u < NS_PER_US) {
      unit = 'ns';
      prec = 0;
    } else if (u < NS_PER_MS) {
      unit = 'µs';
      prec = 3;
    } else {
      unit = 'ms';
      prec = 6;
    }
    out = fraction(u, prec) + unit;
  } else {
    const secs = fraction(u % (60n * NS_PER_S), 9);
    u /= 60n * NS_PER_S; // whole minutes
    if (u === 0n) out = secs + 's';
    else {
      const mins = u % 60n;
      const hours = u / 60n;
      out = hours > 0n ? `${hours}h${mins}m${secs}s` : `${mins}m${secs}s`;
    }
  }
  return neg ? '-' + out : out;
}

/** v / 10^prec with trailing zeros (and a bare dot) dropped. */
function fraction(v: bigint, prec: number): string {
  if (prec === 0) return v.toString();
  const scale = 10n ** BigInt(prec);
  const whole = v / scale;
  const frac = (v % scale).toString().padStart(prec, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: NS_PER_US,
  'µs': NS_PER_US, // U+00B5 micro sign
  'μs': NS_PER_US, // U+03BC Greek mu
  ms: NS_PER_MS,
  s: NS_PER_S,
  m: 60n * NS_PER_S,
  h: 3600n * NS_PER_S,
};

export class GoDurationError extends Error {}

function quoteGo(s: string): string {
  return JSON.stringify(s);
}

/** Go's time.ParseDuration, returning nanoseconds. */
export function parseGoDuration(input: string): bigint {
  const orig = input;
  const invalid = () => new GoDurationError(`time: invalid duration ${quoteGo(orig)}`);
  let s = input;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw invalid();
  let total = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || (s[0]! >= '0' && s[0]! <= '9'))) throw invalid();
    const intMatch = /^[0-9]*/.exec(s)![0];
    s = s.slice(intMatch.length);
    let v = intMatch === '' ? 0n : BigInt(intMatch);
    if (v > 1n << 63n) throw invalid();
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s[0] === '.') {
      s = s.slice(1);
      const fracMatch = /^[0-9]*/.exec(s)![0];
      s = s.slice(fracMatch.length);
      post = fracMatch.length > 0;
      // Digits past int64 precision are consumed but ignored, as Go's leadingFraction does.
      let overflow = false;
      for (const c of fracMatch) {
        if (overflow) continue;
        if (f > INT64_MAX / 10n) {
          overflow = true;
          continue;
        }
        const y = f * 10n + BigInt(c.charCodeAt(0) - 48);
        if (y > 1n << 63n) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
    }
    if (intMatch === '' && !post) throw invalid();
    const unitMatch = /^[^0-9.]*/.exec(s)![0];
    s = s.slice(unitMatch.length);
    if (unitMatch === '') throw new GoDurationError(`time: missing unit in duration ${quoteGo(orig)}`);
    const unit = UNITS[unitMatch];
    if (unit === undefined) {
      throw new GoDurationError(`time: unknown unit ${quoteGo(unitMatch)} in duration ${quoteGo(orig)}`);
    }
    if (v > (1n << 63n) / unit) throw invalid();
    v *= unit;
    if (f > 0n) {
      // Go uses float64 here so fractions of hours stay nanosecond-accurate.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > 1n << 63n) throw invalid();
    }
    total += v;
    if (total > 1n << 63n) throw invalid();
  }
  if (neg) return -total;
  if (total > INT64_MAX) throw invalid();
  return total;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function civil(seconds: number): string {
  const d = new Date(seconds * 1000);
  const y = d.getUTCFullYear();
  const year = y < 0 ? '-' + pad(-y, 4) : pad(y, 4);
  return `${year}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
}

/** metav1.Time's JSON form: RFC 3339 with whole seconds, in UTC. */
export function formatTime(seconds: number): string {
  return civil(seconds) + 'Z';
}

/** metav1.MicroTime's JSON form: RFC 3339 with six fractional digits, in UTC. */
export function formatMicroTime(seconds: number, nanos: number): string {
  return `${civil(seconds)}.${pad(Math.floor(nanos / 1000), 6)}Z`;
}

const RFC3339 = /^(-?\d{4,})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parse an RFC 3339 timestamp into Unix seconds (floored) and nanoseconds in [0, 1e9). */
export function parseRFC3339(s: string): { seconds: number; nanos: number } {
  const m = RFC3339.exec(s);
  if (!m) throw new Error(`parsing time ${quoteGo(s)} as "2006-01-02T15:04:05Z07:00": cannot parse`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12) throw new Error(`parsing time ${quoteGo(s)}: month out of range`);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCDate() !== day) throw new Error(`parsing time ${quoteGo(s)}: day out of range`);
  if (hour > 23) throw new Error(`parsing time ${quoteGo(s)}: hour out of range`);
  if (minute > 59) throw new Error(`parsing time ${quoteGo(s)}: minute out of range`);
  if (second > 59) throw new Error(`parsing time ${quoteGo(s)}: second out of range`);
  d.setUTCHours(hour, minute, second, 0);
  let seconds = d.getTime() / 1000;
  if (m[9]) {
    const offset = Number(m[10]) * 3600 + Number(m[11]) * 60;
    seconds -= m[9] === '-' ? -offset : offset;
  }
  const nanos = m[7] ? Number(m[7].slice(0, 9).padEnd(9, '0')) : 0;
  return { seconds, nanos };
}
