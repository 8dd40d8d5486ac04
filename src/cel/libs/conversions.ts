// Type conversions and timestamp/duration functions with cel-go's semantics. cel-js has
// these built in with different range checks, precision or formatting, so calls are renamed
// to OVERRIDE_PREFIX + name before type checking and resolve to the overloads here.
import type {Environment} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {civilTime, durationNanos, formatDuration, formatTimestamp, parseGoDuration, parseTimestamp,
  timestampFromNanos, timestampNanos} from '../timestamp.js';
import type {CivilTime} from '../timestamp.js';
import {celError} from '../util.js';
import {OVERRIDE_PREFIX} from './strings.js';

/**
 * Register a conversion overload (string(x), int(x), ...) of a library type. Calls of these
 * functions are renamed before checking, so the overload is registered under both names.
 */
export function registerConversion(env: Environment, signature: string, handler: (...a: never[]) => unknown): void {
  env.registerFunction(signature, handler);
  env.registerFunction(OVERRIDE_PREFIX + signature, handler);
}

/** Global functions whose calls resolve to this library (see registerConversion). */
export const CONVERSION_OVERRIDES = new Set(['int', 'uint', 'string', 'timestamp', 'duration']);
/** Timestamp and duration accessors whose calls resolve to this library. */
export const TIME_ACCESSOR_OVERRIDES = new Set([
  'getFullYear', 'getMonth', 'getDate', 'getDayOfMonth', 'getDayOfWeek', 'getDayOfYear', 'getHours', 'getMinutes',
  'getSeconds', 'getMilliseconds',
]);

const INT_MAX = 9223372036854775807n;
const INT_MIN = -9223372036854775808n;
const UINT_MAX = 18446744073709551615n;
const TWO_POW_63 = 9223372036854775808;
const TWO_POW_64 = 18446744073709551616;
const TS = 'google.protobuf.Timestamp';
const DUR = 'google.protobuf.Duration';

function intOfString(s: string): bigint {
  if (!/^[+-]?\d+$/.test(s)) throw celError(`cannot convert '${s}' to int`);
  const v = BigInt(s);
  if (v > INT_MAX || v < INT_MIN) throw celError('range error');
  return v;
}

function uintOfString(s: string): UnsignedInt {
  if (!/^\+?\d+$/.test(s)) throw celError(`cannot convert '${s}' to uint`);
  const v = BigInt(s);
  if (v > UINT_MAX) throw celError('range error');
  return new UnsignedInt(v);
}

/** Go's %g for float64 (what cel-go's string(double) uses). */
export function formatDoubleG(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return '+Inf';
  if (d === -Infinity) return '-Inf';
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  // Shortest round-trip digits; exponent form below 1e-4 (as Go) and from 1e21 (as before).
  const e = d.toExponential();
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(e)!;
  const x = Number(m[4]);
  if (x < -4 || x >= 21) {
    const mant = m[3] ? `${m[2]}.${m[3]}` : m[2];
    const ex = Math.abs(x) < 10 ? `${x < 0 ? '-' : '+'}0${Math.abs(x)}` : `${x < 0 ? '-' : '+'}${Math.abs(x)}`;
    return `${m[1]}${mant}e${ex}`;
  }
  return String(d);
}

function validUtf8(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(b);
  } catch {
    throw celError('invalid UTF-8 in bytes, cannot convert to string');
  }
}

function zoned(field: (c: CivilTime) => number) {
  return {
    utc: (t: Date): bigint => BigInt(field(civilTime(t))),
    tz: (t: Date, tz: string): bigint => BigInt(field(civilTime(t, tz))),
  };
}

const ACCESSORS: Record<string, (c: CivilTime) => number> = {
  getFullYear: (c) => c.year,
  getMonth: (c) => c.month,
  getDate: (c) => c.day,
  getDayOfMonth: (c) => c.day - 1,
  getDayOfWeek: (c) => c.dayOfWeek,
  getDayOfYear: (c) => c.dayOfYear,
  getHours: (c) => c.hours,
  getMinutes: (c) => c.minutes,
  getSeconds: (c) => c.seconds,
  getMilliseconds: (c) => c.milliseconds,
};

export function registerConversions(env: Environment): void {
  const P = OVERRIDE_PREFIX;
  const fn = (sig: string, h: (...a: never[]) => unknown): void => {
    env.registerFunction(sig, h);
  };
  fn(`${P}int(int): int`, (v: bigint) => v);
  fn(`${P}int(uint): int`, (v: UnsignedInt) => {
    const x = v.valueOf() as bigint;
    if (x > INT_MAX) throw celError('range error');
    return x;
  });
  fn(`${P}int(double): int`, (v: number) => {
    // cel-go rejects values that do not fit strictly inside the int64 range.
    if (!Number.isFinite(v) || v <= -TWO_POW_63 || v >= TWO_POW_63) throw celError('range error');
    return BigInt(Math.trunc(v));
  });
  fn(`${P}int(string): int`, intOfString);
  fn(`${P}int(${TS}): int`, (t: Date) => {
    const n = timestampNanos(t);
    const s = n / 1000000000n;
    return n < 0n && s * 1000000000n !== n ? s - 1n : s;
  });

  fn(`${P}uint(uint): uint`, (v: UnsignedInt) => v);
  fn(`${P}uint(int): uint`, (v: bigint) => {
    if (v < 0n) throw celError('range error');
    return new UnsignedInt(v);
  });
  fn(`${P}uint(double): uint`, (v: number) => {
    if (!Number.isFinite(v) || v < 0 || v >= TWO_POW_64) throw celError('range error');
    return new UnsignedInt(BigInt(Math.trunc(v)));
  });
  fn(`${P}uint(string): uint`, uintOfString);

  fn(`${P}string(string): string`, (v: string) => v);
  fn(`${P}string(bool): string`, (v: boolean) => String(v));
  fn(`${P}string(int): string`, (v: bigint) => String(v));
  fn(`${P}string(uint): string`, (v: UnsignedInt) => String(v.valueOf()));
  fn(`${P}string(double): string`, formatDoubleG);
  fn(`${P}string(bytes): string`, validUtf8);
  fn(`${P}string(${TS}): string`, formatTimestamp);
  fn(`${P}string(${DUR}): string`, formatDuration);

  fn(`${P}timestamp(string): ${TS}`, parseTimestamp);
  fn(`${P}timestamp(int): ${TS}`, (s: bigint) => timestampFromNanos(s * 1000000000n, 'timestamp out of range'));
  fn(`${P}timestamp(${TS}): ${TS}`, (t: Date) => t);
  fn(`${P}duration(string): ${DUR}`, parseGoDuration);
  fn(`${P}duration(${DUR}): ${DUR}`, (d: Duration) => d);

  for (const [name, field] of Object.entries(ACCESSORS)) {
    const f = zoned(field);
    fn(`${TS}.${P}${name}(): int`, f.utc);
    fn(`${TS}.${P}${name}(string): int`, f.tz);
  }
  const NANOS: Record<string, bigint> = {getHours: 3600000000000n, getMinutes: 60000000000n, getSeconds: 1000000000n, getMilliseconds: 1000000n};
  for (const [name, unit] of Object.entries(NANOS)) {
    fn(`${DUR}.${P}${name}(): int`, (d: Duration) => durationNanos(d) / unit);
  }
}
