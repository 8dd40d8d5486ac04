// Field order as upstream serializes objects (Go struct order): kind, apiVersion,
// metadata, then the kind's own fields; ObjectMeta's fields in their declared order.

type Obj = Record<string, any>;

export const OBJECT_META_ORDER = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
];

const metaRank = new Map(OBJECT_META_ORDER.map((k, i) => [k, i]));

export function orderObjectMeta(meta: Obj): Obj {
  const keys = Object.keys(meta);
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if ((metaRank.get(keys[i - 1]!) ?? 99) > (metaRank.get(keys[i]!) ?? 99)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return meta;
  const out: Obj = {};
  for (const k of [...keys].sort((a, b) => (metaRank.get(a) ?? 99) - (metaRank.get(b) ?? 99))) out[k] = meta[k];
  return out;
}

/** kind, apiVersion and metadata first (metadata ordered); other fields in `fieldOrder` when given, else as they are. */
export function canonicalObject(obj: Obj, fieldOrder?: readonly string[]): Obj {
  const out: Obj = {};
  if ('kind' in obj) out.kind = obj.kind;
  if ('apiVersion' in obj) out.apiVersion = obj.apiVersion;
  if (obj.metadata && typeof obj.metadata === 'object') out.metadata = orderObjectMeta(obj.metadata);
  if (fieldOrder) {
    for (const k of fieldOrder) if (k in obj && !(k in out)) out[k] = obj[k];
  }
  for (const k of Object.keys(obj)) if (!(k in out)) out[k] = obj[k];
  return out;
}
