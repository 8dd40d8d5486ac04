// Kubernetes resource.Quantity: a decimal number with a unit suffix, kept exactly as
// mantissa * 10^scale, rounded up to nano precision like upstream's ParseQuantity.

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export class QuantityParseError extends Error {}

export const ERR_FORMAT_WRONG =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const ERR_NUMERIC = "unable to parse quantity's numeric part";
export const ERR_SUFFIX = "unable to parse quantity's suffix";

const MIN_SCALE = -9;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

const DECIMAL_SUFFIXES: Record<string, number> = {
  n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18,
};
const BINARY_SUFFIXES: Record<string, number> = {
  Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60,
};
const DECIMAL_BY_EXPONENT = new Map<number, string>(
  Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]),
);
const BINARY_BY_EXPONENT = new Map<number, string>(
  Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]),
);

const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  if (n < 64) return (pow10Cache[n] ??= 10n ** BigInt(n));
  return 10n ** BigInt(n);
}

/** Round value*10^scale up (away from zero) to scale >= MIN_SCALE. */
function roundUpToNano(mantissa: bigint, scale: number): [bigint, number] {
  if (scale >= MIN_SCALE) return [mantissa, scale];
  const div = pow10(MIN_SCALE - scale);
  let q = mantissa / div;
  if (q * div !== mantissa) q += mantissa < 0n ? -1n : 1n;
  return [q, MIN_SCALE];
}

export class Quantity {
  /** value = mantissa * 10^scale */
  readonly mantissa: bigint;
  readonly scale: number;
  readonly format: QuantityFormat;

  constructor(mantissa: bigint, scale: number, format: QuantityFormat) {
    const [m, s] = roundUpToNano(mantissa, scale);
    this.mantissa = m;
    this.scale = s;
    this.format = format;
  }

  static fromInt(value: bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(value, 0, format);
  }

  static parse(input: string): Quantity {
    return parseQuantity(input);
  }

  sign(): number {
    return this.mantissa === 0n ? 0 : this.mantissa < 0n ? -1 : 1;
  }

  isZero(): boolean {
    return this.mantissa === 0n;
  }

  /** Compare numerically: -1, 0 or 1. */
  cmp(other: Quantity): number {
    const s = Math.min(this.scale, other.scale);
    const a = this.mantissa * pow10(this.scale - s);
    const b = other.mantissa * pow10(other.scale - s);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  equals(other: Quantity): boolean {
    return this.cmp(other) === 0;
  }

  add(other: Quantity): Quantity {
    const s = Math.min(this.scale, other.scale);
    const sum = this.mantissa * pow10(this.scale - s) + other.mantissa * pow10(other.scale - s);
    // Upstream keeps the receiver's format unless it is empty (zero value).
    return new Quantity(sum, s, this.format);
  }

  sub(other: Quantity): Quantity {
    return this.add(new Quantity(-other.mantissa, other.scale, other.format));
  }

  /** The integer value, or undefined when not an integer or outside int64. */
  asInt64(): bigint | undefined {
    let v: bigint;
    if (this.scale >= 0) {
      if (this.scale > 19 && this.mantissa !== 0n) return undefined;
      v = this.mantissa * pow10(this.scale);
    } else {
      const div = pow10(-this.scale);
      if (this.mantissa % div !== 0n) return undefined;
      v = this.mantissa / div;
    }
    if (v > INT64_MAX || v < INT64_MIN) return undefined;
    return v;
  }

  /** The exact integer value (any size), or undefined when fractional. */
  asExactInteger(): bigint | undefined {
    if (this.scale >= 0) return this.mantissa * pow10(this.scale);
    const div = pow10(-this.scale);
    if (this.mantissa % div !== 0n) return undefined;
    return this.mantissa / div;
  }

  asApproximateFloat64(): number {
    return Number(this.mantissa) * Math.pow(10, this.scale);
  }

  /** Integer value rounded up (like Quantity.Value()). */
  value(): bigint {
    return this.scaledValue(0);
  }

  /** Value in units of 10^scale, rounded up. */
  scaledValue(scale: number): bigint {
    const d = this.scale - scale;
    if (d >= 0) return this.mantissa * pow10(d);
    const div = pow10(-d);
    let q = this.mantissa / div;
    if (q * div !== this.mantissa) q += this.mantissa < 0n ? -1n : 1n;
    return q;
  }

  toString(): string {
    return formatQuantity(this);
  }

  toJSON(): string {
    return this.toString();
  }
}

function stripTrailingZeros(m: bigint, e: number): [bigint, number] {
  if (m === 0n) return [0n, 0];
  while (m % 10n === 0n) {
    m /= 10n;
    e += 1;
  }
  return [m, e];
}

function formatDecimal(q: Quantity, exponentStyle: boolean): string {
  let [m, e] = stripTrailingZeros(q.mantissa, q.scale);
  if (m === 0n) return '0';
  while (((e % 3) + 3) % 3 !== 0) {
    m *= 10n;
    e -= 1;
  }
  if (exponentStyle) return e === 0 ? `${m}` : `${m}e${e}`;
  // Beyond the largest decimal suffix the exponent form is used.
  while (e > 18) {
    m *= 1000n;
    e -= 3;
  }
  const suffix = DECIMAL_BY_EXPONENT.get(e);
  if (suffix === undefined) return `${m}e${e}`;
  return `${m}${suffix}`;
}

export function formatQuantity(q: Quantity): string {
  if (q.format === 'BinarySI') {
    const int = q.asExactInteger();
    if (int !== undefined && (int <= -1024n || int >= 1024n)) {
      let v = int;
      let exp = 0;
      while (exp < 60 && v % 1024n === 0n && v !== 0n) {
        v /= 1024n;
        exp += 10;
      }
      return `${v}${BINARY_BY_EXPONENT.get(exp) ?? ''}`;
    }
    return formatDecimal(q, false);
  }
  return formatDecimal(q, q.format === 'DecimalExponent');
}

const QUANTITY_SHAPE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;

export function parseQuantity(input: string): Quantity {
  if (input.length === 0) throw new QuantityParseError('quantities must not be empty');
  const shape = QUANTITY_SHAPE.exec(input);
  if (!shape) throw new QuantityParseError(ERR_FORMAT_WRONG);
  const num = shape[1]!;
  const suffix = shape[2]!;

  const numMatch = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(num);
  if (!numMatch || (numMatch[2] === '' && (numMatch[3] ?? '') === '')) {
    throw new QuantityParseError(ERR_NUMERIC);
  }
  const negative = numMatch[1] === '-';
  const whole = numMatch[2] ?? '';
  const frac = numMatch[3] ?? '';
  let mantissa = BigInt((whole + frac) || '0');
  if (negative) mantissa = -mantissa;
  let scale = -frac.length;

  let format: QuantityFormat;
  if (suffix in BINARY_SUFFIXES) {
    format = 'BinarySI';
    mantissa *= 1n << BigInt(BINARY_SUFFIXES[suffix]!);
  } else if (suffix in DECIMAL_SUFFIXES) {
    format = 'DecimalSI';
    scale += DECIMAL_SUFFIXES[suffix]!;
  } else {
    const exp = /^[eE]([-+]?[0-9]+)$/.exec(suffix);
    if (!exp) throw new QuantityParseError(ERR_SUFFIX);
    const e = Number(exp[1]);
    if (!Number.isSafeInteger(e) || Math.abs(e) > 1000) throw new QuantityParseError(ERR_SUFFIX);
    format = 'DecimalExponent';
    scale += e;
  }
  // Upstream: a zero value is always formatted as DecimalSI "0" and a value
  // that has no suffix keeps DecimalSI.
  return new Quantity(mantissa, scale, format);
}

export function isQuantityString(s: string): boolean {
  try {
    parseQuantity(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * A resource.Quantity as Go's %#v prints it, for the field errors upstream builds from a
 * Quantity value (which has String only on its pointer): its int64Amount as ParseQuantity's fast
 * path leaves it (or, past that path, an inf.Dec, whose address is not reproducible), after
 * SetDefaults_ResourceList's RoundUp to milli scale where `roundUpToMilli`, and its cached string:
 * the input when ParseQuantity found it canonical and nothing rounded it, else String()'s.
 * `input` must parse.
 */
export function goQuantityLiteral(input: string, roundUpToMilli: boolean): string {
  const str = input.trim();
  const q = parseQuantity(str);
  const fast = fastPathAmount(str);
  let amount = fast ? { value: fast.value, scale: fast.scale } : undefined;
  let cached = fast?.canonical ? str : '';
  if (amount && roundUpToMilli && amount.scale < -3) {
    amount = { value: new Quantity(amount.value, amount.scale, q.format).scaledValue(-3), scale: -3 };
    cached = '';
  }
  const rounded = roundUpToMilli && q.scale < -3 ? new Quantity(q.scaledValue(-3), -3, q.format) : q;
  const s = cached || rounded.toString();
  const i = amount ? `value:${amount.value}, scale:${amount.scale}` : 'value:0, scale:0';
  const d = amount ? '(*inf.Dec)(nil)' : '(*inf.Dec)(0xc000000000)';
  return `resource.Quantity{i:resource.int64Amount{${i}}, d:resource.infDecAmount{Dec:${d}}, s:${JSON.stringify(s)}, Format:${JSON.stringify(fast?.format ?? q.format)}}`;
}

/** ParseQuantity's int64 fast path (resource/quantity.go): the amount and whether `str` is kept as the canonical string. */
function fastPathAmount(str: string): { value: bigint; scale: number; format: QuantityFormat; canonical: boolean } | undefined {
  const m = /^([+-]?)(0*)([0-9]*)(?:\.([0-9]*))?(.*)$/.exec(str);
  if (!m) return undefined;
  const positive = m[1] !== '-';
  const num = m[3] || '0';
  const denom = m[4] ?? '';
  const suffix = m[5]!;
  let format: QuantityFormat;
  let exponent: number;
  if (suffix in BINARY_SUFFIXES) [format, exponent] = ['BinarySI', BINARY_SUFFIXES[suffix]!];
  else if (suffix in DECIMAL_SUFFIXES) [format, exponent] = ['DecimalSI', DECIMAL_SUFFIXES[suffix]!];
  else if (/^[eE][-+]?[0-9]+$/.test(suffix)) [format, exponent] = ['DecimalExponent', Number(suffix.slice(1))];
  else return undefined;
  let scale = 0;
  let mantissa = 1n;
  let precision: number;
  if (format === 'BinarySI') {
    if (exponent < 0 || denom.length > 0) return undefined;
    mantissa = 1n << BigInt(exponent);
    precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision < 0) return undefined;
  scale -= denom.length;
  if (scale < MIN_SCALE) return undefined;
  const shifted = num + denom;
  const value = BigInt(shifted);
  if (value > INT64_MAX) return undefined;
  let result = value * mantissa;
  if (result > INT64_MAX) return undefined;
  if (!positive) result = -result;
  const canonical =
    format === 'BinarySI' ? exponent % 10 === 0 && (value & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
  return { value: result, scale, format, canonical };
}
