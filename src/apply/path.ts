// Path elements of structured-merge-diff: a struct field or map key (`f:`), a list-map
// key (`k:`), a set value (`v:`) or an index in a list without keys (`i:`). Their order,
// printed form (conflict messages) and serialized form (fieldsV1 keys) are upstream's.

import { goStringCompare } from '../apimachinery/goformat.js';
import { canonicalJSON, compareFieldLists, compareValues, deepEqual, isObject, sortedFields, valueToString, type FieldList, type Json } from './value.js';

export type PathElement =
  | { readonly field: string }
  | { readonly key: FieldList }
  | { readonly value: Json }
  | { readonly index: number };

export type Path = readonly PathElement[];

export const fieldPE = (name: string): PathElement => ({ field: name });
export const indexPE = (i: number): PathElement => ({ index: i });
export const valuePE = (v: Json): PathElement => ({ value: v });
/** A list-map key; the fields are sorted by name as upstream keeps them. */
export const keyPE = (fields: Record<string, Json> | FieldList): PathElement => ({
  key: Array.isArray(fields) ? [...fields].sort((a, b) => goStringCompare(a[0], b[0])) : sortedFields(fields),
});

function rank(pe: PathElement): number {
  if ('field' in pe) return 0;
  if ('key' in pe) return 1;
  if ('value' in pe) return 2;
  return 3;
}

/** PathElement.Compare: field names < keys < values < indices, then within the kind. */
export function comparePE(a: PathElement, b: PathElement): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if ('field' in a) return goStringCompare(a.field, (b as { field: string }).field);
  if ('key' in a) return compareFieldLists(a.key, (b as { key: FieldList }).key);
  if ('value' in a) return compareValues(a.value, (b as { value: Json }).value);
  const ib = (b as { index: number }).index;
  return a.index < ib ? -1 : a.index > ib ? 1 : 0;
}

export function equalsPE(a: PathElement, b: PathElement): boolean {
  if (rank(a) !== rank(b)) return false;
  if ('field' in a) return a.field === (b as { field: string }).field;
  if ('index' in a) return a.index === (b as { index: number }).index;
  if ('value' in a) return deepEqual(a.value, (b as { value: Json }).value);
  const kb = (b as { key: FieldList }).key;
  return a.key.length === kb.length && a.key.every(([n, v], i) => n === kb[i][0] && deepEqual(v, kb[i][1]));
}

/** PathElement.String: `.name`, `[k=v,...]`, `[=v]`, `[i]`. */
export function peString(pe: PathElement): string {
  if ('field' in pe) return '.' + pe.field;
  if ('key' in pe) return '[' + pe.key.map(([n, v]) => `${n}=${valueToString(v)}`).join(',') + ']';
  if ('value' in pe) return `[=${valueToString(pe.value)}]`;
  return `[${pe.index}]`;
}

/** Path.String: the elements' strings concatenated, e.g. `.spec.containers[name="app"].image`. */
export function pathString(path: Path): string {
  return path.map(peString).join('');
}

/** SerializePathElement: the fieldsV1 key of an element. */
export function serializePE(pe: PathElement): string {
  if ('field' in pe) return 'f:' + pe.field;
  if ('key' in pe) return 'k:' + canonicalJSON(Object.fromEntries(pe.key) as Json);
  if ('value' in pe) return 'v:' + canonicalJSON(pe.value);
  return 'i:' + pe.index;
}

export class UnknownPathElementType extends Error {
  constructor() {
    super('unknown path element type');
  }
}

/** DeserializePathElement. Throws UnknownPathElementType for prefixes a newer version may define. */
export function deserializePE(s: string): PathElement {
  if (s.length < 2) throw new Error('key must be 2 characters long:');
  if (s[1] !== ':') throw new Error(`missing colon: ${s}`);
  const body = s.slice(2);
  switch (s[0]) {
    case 'f':
      return { field: body };
    case 'v':
      return { value: JSON.parse(body) as Json };
    case 'k': {
      const parsed: unknown = JSON.parse(body);
      if (!isObject(parsed)) throw new Error(`ReadObjectCB: expect { or n, but found ${body[0] ?? ''}`);
      return { key: sortedFields(parsed) };
    }
    case 'i': {
      if (!/^[+-]?\d+$/.test(body)) throw new Error(`strconv.Atoi: parsing ${JSON.stringify(body)}: invalid syntax`);
      return { index: Number(body) };
    }
    default:
      throw new UnknownPathElementType();
  }
}
