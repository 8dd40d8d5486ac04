// StorageObjectInUseProtection (upstream plugin/pkg/admission/storage/storageobjectinuseprotection):
// new PersistentVolumeClaims get the kubernetes.io/pvc-protection finalizer and new
// PersistentVolumes kubernetes.io/pv-protection, which the protection controllers remove once
// nothing uses them.

import { isResource } from '../errors.js';
import type { AdmissionPlugin } from '../types.js';

const FINALIZERS: Record<string, string> = {
  persistentvolumeclaims: 'kubernetes.io/pvc-protection',
  persistentvolumes: 'kubernetes.io/pv-protection',
};

export function storageObjectInUseProtection(): AdmissionPlugin {
  return {
    name: 'StorageObjectInUseProtection',
    handles: (op) => op === 'CREATE',
    admit(a) {
      const finalizer = FINALIZERS[a.resource.resource];
      if (!finalizer || !isResource(a, '', a.resource.resource) || !a.object) return;
      const meta = (a.object.metadata ??= {});
      const finalizers: string[] = Array.isArray(meta.finalizers) ? meta.finalizers : [];
      if (!finalizers.includes(finalizer)) meta.finalizers = [...finalizers, finalizer];
    },
  };
}
