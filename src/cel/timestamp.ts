// Nanosecond timestamps and range-checked durations with cel-go's semantics.
// cel-js represents google.protobuf.Timestamp as a JS Date (millisecond precision); a
// CelTimestamp is a Date that also carries the nanoseconds below the millisecond, so
// values keep working wherever cel-js expects a Date.
import {Duration} from '@marcbachmann/cel-js/evaluator';
import {celError} from './util.js';

export class CelTimestamp extends Date {
  /** Nanoseconds within the millisecond (0..999999). */
  readonly subMillisNanos: number;

  constructor(ms: number, subMillisNanos = 0) {
    super(ms);
    this.subMillisNanos = subMillisNanos;
  }
}
// cel-js finds a value's CEL type by its constructor; a CelTimestamp must resolve to Date's.
Object.defineProperty(CelTimestamp.prototype, 'constructor', {value: Date, writable: true, configurable: true});

const NANOS_PER_MS = 1000000n;
const NANOS_PER_SECOND = 1000000000n;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds (the protobuf Timestamp range). */
export const MIN_TIMESTAMP_SECONDS = -62135596800n;
export const MAX_TIMESTAMP_SECONDS = 253402300799n;
const MIN_TS_NANOS = MIN_TIMESTAMP_SECONDS * NANOS_PER_SECOND;
const MAX_TS_NANOS = MAX_TIMESTAMP_SECONDS * NANOS_PER_SECOND + 999999999n;
/** cel-go durations are Go time.Duration values: int64 nanoseconds. */
const MAX_DURATION_NANOS = 9223372036854775807n;
const MIN_DURATION_NANOS = -9223372036854775808n;

/** Nanoseconds since the Unix epoch. */
export function timestampNanos(d: Date): bigint {
  const sub = d instanceof CelTimestamp ? d.subMillisNanos : 0;
  return BigInt(d.getTime()) * NANOS_PER_MS + BigInt(sub);
}

export function isTimestampNanosInRange(n: bigint): boolean {
  return n >= MIN_TS_NANOS && n <= MAX_TS_NANOS;
}

/** The timestamp for Unix nanoseconds; throws "timestamp overflow" outside 0001..9999. */
export function timestampFromNanos(n: bigint, what = 'timestamp overflow'): Date {
  if (!isTimestampNanosInRange(n)) throw celError(what);
  let ms = n / NANOS_PER_MS;
  let sub = n % NANOS_PER_MS;
  if (sub < 0n) {
    sub += NANOS_PER_MS;
    ms -= 1n;
  }
  return new CelTimestamp(Number(ms), Number(sub));
}

export function durationNanos(d: Duration): bigint {
  return d.seconds * NANOS_PER_SECOND + BigInt(d.nanos);
}

/** The duration for nanoseconds; throws "duration overflow" outside Go's int64 range. */
export function durationFromNanos(n: bigint, what = 'duration overflow'): Duration {
  if (n > MAX_DURATION_NANOS || n < MIN_DURATION_NANOS) throw celError(what);
  return new Duration(n / NANOS_PER_SECOND, Number(n % NANOS_PER_SECOND));
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parse an RFC 3339 timestamp with up to nanosecond precision (as Go's time.RFC3339 parsing). */
export function parseTimestamp(s: string): Date {
  const m = RFC3339.exec(s);
  if (!m) throw celError(`timestamp("${s}"): invalid RFC 3339 timestamp`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw celError(`timestamp("${s}"): invalid RFC 3339 timestamp`);
  }
  let offsetMinutes = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) throw celError(`timestamp("${s}"): invalid RFC 3339 timestamp`);
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  const seconds = BigInt(utc.getTime() / 1000) - BigInt(offsetMinutes * 60);
  const frac = BigInt((m[7] ?? '').padEnd(9, '0') || '0');
  return timestampFromNanos(seconds * NANOS_PER_SECOND + frac, `timestamp("${s}"): timestamp out of range`);
}

/** A date (YYYY-MM-DD, as format: date) at midnight UTC. */
export function parseDate(s: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw celError(`invalid date "${s}"`);
  return parseTimestamp(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** RFC 3339 with the fraction trimmed of trailing zeros (Go's time.RFC3339Nano), always in UTC. */
export function formatTimestamp(d: Date): string {
  const n = timestampNanos(d);
  let secs = n / NANOS_PER_SECOND;
  let frac = n % NANOS_PER_SECOND;
  if (frac < 0n) {
    frac += NANOS_PER_SECOND;
    secs -= 1n;
  }
  const t = new Date(Number(secs) * 1000);
  const date = `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}`;
  const time = `${pad(t.getUTCHours(), 2)}:${pad(t.getUTCMinutes(), 2)}:${pad(t.getUTCSeconds(), 2)}`;
  const fraction = frac === 0n ? '' : `.${frac.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${date}T${time}${fraction}Z`;
}

/** cel-go's string(duration): seconds with the shortest exact fraction, e.g. "1.5s", "-0.000000001s". */
export function formatDuration(d: Duration): string {
  const n = durationNanos(d);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const secs = abs / NANOS_PER_SECOND;
  const frac = abs % NANOS_PER_SECOND;
  const fraction = frac === 0n ? '' : `.${frac.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${neg ? '-' : ''}${secs}${fraction}s`;
}

export interface CivilTime {
  year: number;
  /** 0-based month. */
  month: number;
  /** 1-based day of month. */
  day: number;
  dayOfWeek: number;
  /** 0-based day of year. */
  dayOfYear: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(tz: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(tz);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short',
    });
  } catch {
    throw celError(`unknown time zone ${tz}`);
  }
  zoneFormatters.set(tz, f);
  return f;
}

/** The offset of a time zone at an instant, in milliseconds east of UTC. */
function zoneOffsetMs(ms: number, tz: string): number {
  // cel-go accepts fixed offsets ("+11:00", "-02:30", "02:00") as well as IANA names.
  const fixed = /^([+-])?(\d{2}):(\d{2})$/.exec(tz);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    return (fixed[1] === '-' ? -1 : 1) * minutes * 60000;
  }
  if (tz === 'UTC' || tz === '') return 0;
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const parts = zoneFormatter(tz).formatToParts(new Date(wholeSecond));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  let year = get('year');
  if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
  const local = new Date(0);
  local.setUTCFullYear(year, get('month') - 1, get('day'));
  local.setUTCHours(get('hour'), get('minute'), get('second'), 0);
  return local.getTime() - wholeSecond;
}

/** Calendar fields of a timestamp in a time zone (UTC when tz is undefined). */
export function civilTime(d: Date, tz?: string): CivilTime {
  const ms = d.getTime();
  const t = new Date(tz === undefined ? ms : ms + zoneOffsetMs(ms, tz));
  const year = t.getUTCFullYear();
  const startOfYear = new Date(0);
  startOfYear.setUTCFullYear(year, 0, 1);
  const dayStart = new Date(0);
  dayStart.setUTCFullYear(year, t.getUTCMonth(), t.getUTCDate());
  return {
    year,
    month: t.getUTCMonth(),
    day: t.getUTCDate(),
    dayOfWeek: t.getUTCDay(),
    dayOfYear: Math.round((dayStart.getTime() - startOfYear.getTime()) / 86400000),
    hours: t.getUTCHours(),
    minutes: t.getUTCMinutes(),
    seconds: t.getUTCSeconds(),
    milliseconds: t.getUTCMilliseconds(),
  };
}

/** Total-order comparison of two timestamps. */
export function compareTimestamps(a: Date, b: Date): number {
  const x = timestampNanos(a);
  const y = timestampNanos(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareDurations(a: Duration, b: Duration): number {
  const x = durationNanos(a);
  const y = durationNanos(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addTimestampDuration(t: Date, d: Duration): Date {
  return timestampFromNanos(timestampNanos(t) + durationNanos(d));
}

export function subtractTimestampDuration(t: Date, d: Duration): Date {
  return timestampFromNanos(timestampNanos(t) - durationNanos(d));
}

export function subtractTimestamps(a: Date, b: Date): Duration {
  return durationFromNanos(timestampNanos(a) - timestampNanos(b));
}

export function addDurations(a: Duration, b: Duration): Duration {
  return durationFromNanos(durationNanos(a) + durationNanos(b));
}

export function subtractDurations(a: Duration, b: Duration): Duration {
  return durationFromNanos(durationNanos(a) - durationNanos(b));
}

const GO_DURATION_UNITS: Record<string, bigint> = {
  ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1000000n, s: 1000000000n, m: 60000000000n, h: 3600000000000n,
};

/** Parse a Go duration string (time.ParseDuration: "1h30m", "-1.5s", "300ms"); int64 nanoseconds at most. */
export function parseGoDuration(input: string): Duration {
  let s = input;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return new Duration(0, 0);
  if (s === '') throw celError(`time: invalid duration "${input}"`);
  let total = 0n;
  while (s !== '') {
    const m = /^([0-9]*)(?:\.([0-9]*))?(ns|us|µs|μs|ms|s|m|h)/.exec(s);
    if (!m || (m[1] === '' && (m[2] ?? '') === '')) throw celError(`time: invalid duration "${input}"`);
    const unit = GO_DURATION_UNITS[m[3]!]!;
    total += BigInt(m[1] || '0') * unit;
    if (m[2]) total += (BigInt(m[2].slice(0, 18).padEnd(18, '0')) * unit) / 1000000000000000000n;
    if (total > MAX_DURATION_NANOS + (neg ? 1n : 0n)) throw celError(`time: invalid duration "${input}"`);
    s = s.slice(m[0].length);
  }
  return durationFromNanos(neg ? -total : total);
}
