// The strategic-merge-patch metadata of a kind, derived from its schema
// declaration (patch strategies and merge keys), in the shape the patch engine takes.

import { mapSchema, type PatchField, type PatchSchema } from '../patch/index.js';
import { fieldsOf, type ObjectType, type Type } from '../types/schema.js';

const cache = new WeakMap<ObjectType, PatchSchema>();

function strategiesOf(s: string | undefined): string[] | undefined {
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : undefined;
}

function fieldOf(t: Type): PatchField {
  switch (t.kind) {
    case 'object': {
      const structStrategy = t.extensions?.['x-kubernetes-patch-strategy'];
      const f: PatchField = { schema: patchSchemaOf(t) };
      if (typeof structStrategy === 'string') f.meta = { strategies: strategiesOf(structStrategy) };
      return f;
    }
    case 'map':
      return { schema: mapSchema(t.values.kind === 'object' ? patchSchemaOf(t.values) : undefined) };
    case 'list': {
      const f: PatchField = {};
      const strategies = strategiesOf(Object.hasOwn(t, 'patchStrategy') ? t.patchStrategy : undefined);
      if (strategies || t.patchMergeKey) f.meta = { strategies, mergeKey: t.patchMergeKey };
      if (t.items.kind === 'object') f.items = patchSchemaOf(t.items);
      return f;
    }
    default:
      return {};
  }
}

/** The patch schema of an object type (memoized; recursive types resolve lazily). */
export function patchSchemaOf(t: ObjectType): PatchSchema {
  let s = cache.get(t);
  if (s) return s;
  let fields: Map<string, PatchField> | undefined;
  s = {
    field(name: string): PatchField | undefined {
      if (!fields) {
        fields = new Map();
        for (const [k, v] of Object.entries(fieldsOf(t))) fields.set(k, fieldOf(v));
      }
      return fields.get(name);
    },
  };
  cache.set(t, s);
  return s;
}
