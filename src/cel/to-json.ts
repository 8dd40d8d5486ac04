// CEL values -> JSON-compatible values (for the CLI and for messages).
import {Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {Quantity} from '../apimachinery/quantity.js';
import {unescapePropertyName} from './escaping.js';
import {formatDuration, formatTimestamp} from './libs/format-string.js';
import {CelCIDR, CelIP} from './libs/ip.js';
import {CelURL} from './libs/urls.js';
import {CelJsonPatchValue, CelObjectValue} from './libs/patch-types.js';

export function celToJSON(v: unknown): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (v instanceof UnsignedInt) return celToJSON(v.valueOf());
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (v instanceof Date) return formatTimestamp(v);
  if (v instanceof Duration) return formatDuration(v);
  if (v instanceof Quantity || v instanceof CelIP || v instanceof CelCIDR) return v.toString();
  if (v instanceof CelURL) return v.source;
  if (v instanceof Optional) return v.hasValue() ? celToJSON(v.value()) : null;
  if (v instanceof CelObjectValue || v instanceof CelJsonPatchValue) return celToJSON(v.fields);
  if (Array.isArray(v) || v instanceof Set) return [...v].map(celToJSON);
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v) out[String(k)] = celToJSON(x);
    return out;
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    const plain = Object.getPrototypeOf(v) === null || Object.getPrototypeOf(v) === Object.prototype;
    for (const [k, x] of Object.entries(v)) out[plain ? k : (unescapePropertyName(k) ?? k)] = celToJSON(x);
    return out;
  }
  if (typeof v === 'function' || typeof v === 'symbol' || v === undefined) return null;
  return String(v);
}
