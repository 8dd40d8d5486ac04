// string.format(list): printf-style formatting with cel-go's clauses (%s %d %f %e %b %o %x %X %%).
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {formatDuration, formatTimestamp} from '../timestamp.js';
import {celError} from '../util.js';

function isUint(v: unknown): v is UnsignedInt {
  return v instanceof UnsignedInt;
}

function typeName(v: unknown): string {
  if (v === null) return 'null_type';
  if (typeof v === 'bigint') return 'int';
  if (isUint(v)) return 'uint';
  if (typeof v === 'number') return 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Uint8Array) return 'bytes';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Date) return 'google.protobuf.Timestamp';
  if (v instanceof Duration) return 'google.protobuf.Duration';
  return 'map';
}

function formatDouble(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  return String(d);
}
export {formatDuration, formatTimestamp};

function stringClause(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (isUint(v)) return String(v.valueOf());
  if (typeof v === 'number') return formatDouble(v);
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (Array.isArray(v)) return `[${v.map(stringClause).join(', ')}]`;
  if (v instanceof Date) return formatTimestamp(v);
  if (v instanceof Duration) return formatDuration(v);
  if (v instanceof Map) {
    const entries = [...v.entries()].map(([k, val]) => [stringClause(k), stringClause(val)] as const);
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return `{${entries.map(([k, val]) => `${k}: ${val}`).join(', ')}}`;
  }
  if (typeof v === 'object' && v && typeof (v as {name?: unknown}).name === 'string' && String(v).startsWith('Type<')) {
    return (v as {name: string}).name;
  }
  if (typeof v === 'object' && v) {
    const entries = Object.entries(v).map(([k, val]) => [k, stringClause(val)] as const);
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return `{${entries.map(([k, val]) => `${k}: ${val}`).join(', ')}}`;
  }
  return String(v);
}

function integerOf(v: unknown, clause: string): bigint | number {
  if (typeof v === 'bigint') return v;
  if (isUint(v)) return v.valueOf() as bigint;
  if (typeof v === 'number' && !Number.isFinite(v)) return v;
  throw celError(`error during formatting: ${clause} clause can only be used on integers, was given ${typeName(v)}`);
}

function radix(v: unknown, base: number, clause: string, upper = false): string {
  if (typeof v === 'boolean' && base === 2) return v ? '1' : '0';
  if (base === 16 && typeof v === 'string') v = new TextEncoder().encode(v);
  if (base === 16 && v instanceof Uint8Array) {
    const hex = Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('');
    return upper ? hex.toUpperCase() : hex;
  }
  const n = integerOf(v, clause);
  if (typeof n === 'number') return formatDouble(n);
  const s = n.toString(base);
  return upper ? s.toUpperCase() : s;
}

function fixed(v: unknown, precision: number): string {
  let d: number;
  if (typeof v === 'number') d = v;
  else if (typeof v === 'bigint') d = Number(v);
  else if (isUint(v)) d = Number(v.valueOf());
  else throw celError(`error during formatting: fixed-point clause can only be used on doubles, was given ${typeName(v)}`);
  if (!Number.isFinite(d)) return formatDouble(d);
  return toFixedHalfEven(d, precision);
}

/** Go's %.Nf: correctly rounded, exact ties to even (JS toFixed rounds ties away from zero). */
export function toFixedHalfEven(d: number, precision: number): string {
  const js = d.toFixed(precision);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(d));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exp = (biased === 0 ? 1 : biased) - 1075;
  if (exp >= 0 || mantissa === 0n) return js;
  // |d| * 10^p = mantissa * 10^p / 2^-exp; a tie leaves exactly half of the divisor.
  const scaled = mantissa * 10n ** BigInt(precision);
  const shift = BigInt(-exp);
  const rem = scaled & ((1n << shift) - 1n);
  if (rem !== 1n << (shift - 1n)) return js;
  let n = scaled >> shift;
  if (n % 2n === 1n) n += 1n;
  let digits = n.toString().padStart(precision + 1, '0');
  if (precision > 0) digits = `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
  return (d < 0 ? '-' : '') + digits;
}

function scientific(v: unknown, precision: number): string {
  let d: number;
  if (typeof v === 'number') d = v;
  else if (typeof v === 'bigint') d = Number(v);
  else if (isUint(v)) d = Number(v.valueOf());
  else throw celError(`error during formatting: scientific clause can only be used on doubles, was given ${typeName(v)}`);
  if (!Number.isFinite(d)) return formatDouble(d);
  const s = d.toExponential(precision);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

export function formatString(format: string, args: unknown[]): string {
  let out = '';
  let argIndex = 0;
  for (let i = 0; i < format.length; i++) {
    const ch = format[i];
    if (ch !== '%') {
      out += ch;
      continue;
    }
    i++;
    if (i >= format.length) throw celError('could not parse formatting clause: unexpected end of string');
    if (format[i] === '%') {
      out += '%';
      continue;
    }
    let precision: number | undefined;
    if (format[i] === '.') {
      let digits = '';
      i++;
      while (i < format.length && format[i]! >= '0' && format[i]! <= '9') digits += format[i++];
      if (digits === '') throw celError('could not parse formatting clause: error while parsing precision: unable to convert "" to int');
      precision = Number(digits);
    }
    const verb = format[i];
    if (argIndex >= args.length) throw celError(`index ${argIndex} out of range`);
    const arg = args[argIndex++];
    switch (verb) {
      case 's': out += stringClause(arg); break;
      case 'd': {
        const n = integerOf(arg, 'decimal');
        out += typeof n === 'number' ? formatDouble(n) : n.toString();
        break;
      }
      case 'f': out += fixed(arg, precision ?? 6); break;
      case 'e': out += scientific(arg, precision ?? 6); break;
      case 'b': out += radix(arg, 2, 'binary'); break;
      case 'o': out += radix(arg, 8, 'octal'); break;
      case 'x': out += radix(arg, 16, 'hexadecimal'); break;
      case 'X': out += radix(arg, 16, 'hexadecimal', true); break;
      default:
        throw celError(`could not parse formatting clause: unrecognized formatting clause "${verb ?? ''}"`);
    }
  }
  if (argIndex < args.length) {
    // cel-go tolerates extra arguments only at check time; at runtime it reports them.
    throw celError(`too many arguments supplied to string.format (expected ${argIndex}, got ${args.length})`);
  }
  return out;
}
