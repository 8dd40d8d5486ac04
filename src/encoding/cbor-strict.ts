// The strict decoding error of a CBOR body (fieldValidation Strict/Warn), as upstream's CBOR
// serializer reports it: fxamacker/cbor decodes map entries in the order they are written
// and returns the first key that names no field of the destination struct as an
// UnknownFieldError, "cbor: found unknown field at map element index N" (N counts within
// that map, which the message does not name). Duplicate keys are refused outright by the
// decoder, so they are never a strict error. (k8s.io/apimachinery pkg/runtime/serializer/cbor
// cbor.go unmarshal; internal/modes/decode.go ExtraReturnErrors.)

import { fieldsOf, type Type } from '../types/schema.js';
import { fieldType } from './cbor.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The first unknown field of a decoded CBOR body (keys in wire order), worded as upstream's error. */
export function cborUnknownFieldError(value: unknown, type: Type): string | undefined {
  const index = firstUnknown(value, type, true);
  return index === undefined ? undefined : `cbor: found unknown field at map element index ${index}`;
}

function firstUnknown(value: unknown, type: Type, top = false): number | undefined {
  switch (type.kind) {
    case 'object': {
      if (!isPlainObject(value)) return undefined;
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const ft = fieldType(type, key) ?? (top && (key === 'apiVersion' || key === 'kind') && !fieldsOf(type)[key] ? ({ kind: 'string' } as const) : undefined);
        if (!ft) return i;
        const inner = firstUnknown(value[key], ft);
        if (inner !== undefined) return inner;
      }
      return undefined;
    }
    case 'map':
      if (!isPlainObject(value)) return undefined;
      for (const v of Object.values(value)) {
        const inner = firstUnknown(v, type.values);
        if (inner !== undefined) return inner;
      }
      return undefined;
    case 'list':
      if (!Array.isArray(value)) return undefined;
      for (const v of value) {
        const inner = firstUnknown(v, type.items);
        if (inner !== undefined) return inner;
      }
      return undefined;
    default:
      return undefined;
  }
}
