// What every mutating admission plugin that rewrites the object does after its patch (the
// webhooks' JSONPatch, a MutatingAdmissionPolicy's mutations): decode it back into the
// kind (unknown fields dropped, defaults set), and hand the result to the write path in
// the same object it holds.

import { customResourceOf, normalizeCustomResource } from '../crd/kind.js';
import { applyDefaults } from '../registry/defaulting.js';
import { pruneObject } from '../registry/prune.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';

/** What decoding the patched JSON into the kind's type does: unknown fields dropped, defaults set. */
export function redefault(served: ServedResource, obj: Obj): void {
  const def = served.def;
  if (def.schema) {
    pruneObject(obj, def.schema);
    applyDefaults(served.group, served.version, def.kind, obj, def.schema);
    return;
  }
  const custom = customResourceOf(def);
  if (custom) normalizeCustomResource(custom, obj);
}

/** The registry holds a reference to the request's object: mutate it rather than replace it. */
export function replaceContents(target: Obj, source: Obj): void {
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, source);
}
