// PersistentVolumeClaimResize (upstream plugin/pkg/admission/storage/persistentvolume/resize):
// a claim may grow only when it is Bound and its StorageClass (unchanged) allows expansion.

import { quantity } from '../../registry/validation/util.js';
import type { Obj } from '../../types/kind.js';
import { admissionForbidden, isResource } from '../errors.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, PluginDeps } from '../types.js';

/** GetPersistentVolumeClaimClass: the beta annotation, else spec.storageClassName. */
function claimClass(pvc: Obj | undefined): string {
  const annotated = pvc?.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
  if (annotated !== undefined) return String(annotated);
  return String(pvc?.spec?.storageClassName ?? '');
}

export function persistentVolumeClaimResize(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);
  return {
    name: 'PersistentVolumeClaimResize',
    handles: (op) => op === 'UPDATE',
    async validate(a) {
      if (!isResource(a, '', 'persistentvolumeclaims') || !a.object || !a.oldObject) return;
      const size = (pvc: Obj) => quantity(pvc.spec?.resources?.requests?.storage);
      const newSize = size(a.object);
      const oldSize = size(a.oldObject);
      if (!newSize || (oldSize && newSize.cmp(oldSize) <= 0)) return;
      if (a.oldObject.status?.phase !== 'Bound') throw admissionForbidden(a, 'Only bound persistent volume claims can be expanded');
      const cls = claimClass(a.object);
      const allowed = cls !== '' && cls === claimClass(a.oldObject) && (await objects.get('storage.k8s.io', 'storageclasses', '', cls))?.allowVolumeExpansion === true;
      if (!allowed) {
        throw admissionForbidden(a, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
      }
    },
  };
}
