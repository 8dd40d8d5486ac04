// What the CustomResourceDefinition kind adds to its declaration's strategy: the v1
// validation, upstream's status reset on create, and deletion through the
// customresourcecleanup finalizer (the first DELETE only marks the CRD terminating).

import type { KindDef, Obj, Strategy } from '../types/kind.js';
import { CLEANUP_FINALIZER, asCrd, setCondition } from './types.js';
import { validateCrd, validateCrdUpdate } from './validation.js';

/** Wrap the CRD declaration's strategy (in place) with the CRD rules. */
export function installCrdStrategy(def: KindDef): void {
  const base: Strategy = def.strategy ?? {};
  def.strategy = {
    ...base,
    allowUnconditionalUpdate: false,
    prepareForCreate(obj: Obj) {
      const stored = obj.status?.storedVersions;
      obj.status = { acceptedNames: { plural: '', kind: '' } };
      if (Array.isArray(stored)) obj.status.storedVersions = stored;
      base.prepareForCreate?.(obj);
    },
    prepareForUpdate(obj: Obj, old: Obj) {
      base.prepareForUpdate?.(obj, old);
    },
    validate(obj: Obj) {
      return [...(base.validate?.(obj) ?? []), ...validateCrd(obj)];
    },
    validateUpdate(obj: Obj, old: Obj, subresource?: string) {
      const own = base.validateUpdate?.(obj, old, subresource) ?? [];
      // A status write checks only what status holds (ValidateUpdateCustomResourceDefinitionStatus).
      if (subresource === 'status') return [...own, ...validateCrdUpdate({ ...obj, spec: old.spec }, old)];
      return [...own, ...validateCrdUpdate(obj, old)];
    },
    // Until the CRD is terminating, deleting it only marks it: its custom resources go first.
    blocksDeletion: (obj: Obj) => !obj.metadata?.deletionTimestamp,
    prepareForTermination(obj: Obj, old: Obj) {
      base.prepareForTermination?.(obj, old);
      const crd = asCrd(obj);
      // The CRD's REST marks it itself (customresourcedefinition/etcd.go Delete), without
      // rest.BeforeDelete's new generation.
      if (old.metadata?.generation !== undefined) crd.metadata.generation = old.metadata.generation;
      const finalizers: string[] = Array.isArray(crd.metadata.finalizers) ? crd.metadata.finalizers : [];
      if (!finalizers.includes(CLEANUP_FINALIZER)) crd.metadata.finalizers = [...finalizers, CLEANUP_FINALIZER];
      delete crd.metadata.deletionGracePeriodSeconds;
      setCondition(crd, {
        type: 'Terminating',
        status: 'True',
        reason: 'InstanceDeletionPending',
        message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
      });
    },
  };
}
