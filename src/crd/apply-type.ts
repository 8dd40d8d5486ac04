// A custom resource's schema in the schema vocabulary, for what the vocabulary drives
// generically: server-side apply's topology (list-type map keys, atomic maps, preserved
// unknown fields) and managedFields tracking.

import { bool, double, int64, intOrString, json, list, map, object, string, type ObjectType, type Type } from '../types/schema.js';
import { ObjectMeta } from '../types/schemas/meta.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps } from './types.js';

const PRESERVE = 'x-kubernetes-preserve-unknown-fields';

function mapTypeOf(s: JSONSchemaProps): 'atomic' | 'granular' | undefined {
  const m = s['x-kubernetes-map-type'];
  return m === 'atomic' || m === 'granular' ? m : undefined;
}

function objectFields(s: JSONSchemaProps, name: string, embedded: boolean): Record<string, Type> {
  const fields: Record<string, Type> = {};
  if (embedded) {
    fields.apiVersion = string();
    fields.kind = string();
    fields.metadata = ObjectMeta;
  }
  for (const [k, ps] of Object.entries(s.properties ?? {})) {
    if (embedded && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
    fields[k] = toType(ps, `${name}.${k}`);
  }
  return fields;
}

function toType(s: JSONSchemaProps, name: string): Type {
  if (!isObj(s)) return json();
  if (s['x-kubernetes-int-or-string']) return intOrString();
  const preserve = s[PRESERVE] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  const extensions = preserve ? { [PRESERVE]: true } : undefined;
  switch (s.type) {
    case 'object': {
      const ap = additionalPropertiesOf(s);
      if (!s.properties && ap && !embedded) return map(toType(ap, `${name}.*`), { mapType: mapTypeOf(s) });
      return object(name, objectFields(s, name, embedded), { mapType: mapTypeOf(s), extensions });
    }
    case 'array': {
      const items = itemsOf(s);
      const lt = s['x-kubernetes-list-type'];
      const listType = lt === 'set' || lt === 'map' || lt === 'atomic' ? lt : 'atomic';
      return list(items ? toType(items, `${name}[]`) : json(), { listType, listMapKeys: listType === 'map' ? s['x-kubernetes-list-map-keys'] : undefined });
    }
    case 'string':
      return string();
    case 'integer':
      return int64();
    case 'number':
      return double();
    case 'boolean':
      return bool();
    default:
      if (preserve || embedded) return object(name, objectFields(s, name, embedded), { extensions: { [PRESERVE]: true } });
      return json();
  }
}

/** The whole custom resource: apiVersion, kind and ObjectMeta, then the schema's fields. */
export function applyTypeOf(schema: JSONSchemaProps | undefined, name: string): ObjectType {
  const s = isObj(schema) ? schema : { type: 'object', [PRESERVE]: true };
  return object(name, objectFields(s, name, true), { extensions: s[PRESERVE] === true ? { [PRESERVE]: true } : undefined, mapType: mapTypeOf(s), unstructured: true });
}
