// Server-side apply for the server's own writes (upstream's controllers use ApplyStatus),
// the same merge and field ownership as a client's apply patch.

import { apply as applyFields } from '../apply/index.js';
import { apiVersionOf } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import { applyDefaults } from './defaulting.js';
import { pruneObject } from './prune.js';
import type { Registry, Scope } from './registry.js';

export interface ServerApplyOptions {
  fieldManager: string;
  /** Apply to the status subresource (ApplyStatus). */
  status?: boolean;
}

/** Force-apply `config` (a partial object: apiVersion, kind, metadata.name and the owned fields) to an existing object. */
export async function serverApply(registry: Registry, scope: Scope, name: string, config: Obj, o: ServerApplyOptions): Promise<Obj> {
  const { served } = scope;
  const def = served.def;
  const apiVersion = apiVersionOf(served.group, served.version);
  const res = await registry.guaranteedUpdate(
    scope,
    name,
    (current) => {
      if (!current) throw new Error(`${def.plural} ${name} not found`);
      const out = applyFields(current, { ...config, apiVersion, kind: def.kind }, o.fieldManager, {
        apiVersion,
        kind: def.kind,
        schema: def.schema ?? 'unstructured',
        subresource: o.status ? 'status' : undefined,
        force: true,
        ignoredFields: o.status ? [['spec']] : def.subresources?.some((s) => s.type === 'status') ? [['status']] : [],
      });
      const obj = out.object as Obj;
      obj.metadata = { ...obj.metadata, resourceVersion: current.metadata.resourceVersion };
      if (def.schema) {
        pruneObject(obj, def.schema);
        applyDefaults(served.group, served.version, def.kind, obj, def.schema);
      }
      return obj;
    },
    { dryRun: false, fieldManager: o.fieldManager, applied: true, subresource: o.status ? 'status' : undefined },
  );
  return res.obj;
}
