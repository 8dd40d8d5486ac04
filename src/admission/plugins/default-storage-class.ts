// DefaultStorageClass (upstream plugin/pkg/admission/storage/storageclass/setdefault): a new
// PersistentVolumeClaim that names no class (neither spec.storageClassName nor the beta
// annotation) gets the default StorageClass, when there is one.

import { newestDefaultClass } from '../default-class.js';
import { isResource } from '../errors.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, PluginDeps } from '../types.js';

const IS_DEFAULT = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];
const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

export function defaultStorageClass(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const objects = new ObjectReader(deps.registry);
  return {
    name: 'DefaultStorageClass',
    handles: (op) => op === 'CREATE',
    async admit(a) {
      if (!isResource(a, '', 'persistentvolumeclaims') || !a.object) return;
      const pvc = a.object;
      if (pvc.spec?.storageClassName != null || BETA_CLASS_ANNOTATION in (pvc.metadata?.annotations ?? {})) return;
      const classes = await objects.list('storage.k8s.io', 'storageclasses');
      const def = newestDefaultClass(classes, (c) => IS_DEFAULT.some((k) => c.metadata?.annotations?.[k] === 'true'));
      if (def) (pvc.spec ??= {}).storageClassName = def.metadata.name;
    },
    start: () => objects.ready(['storage.k8s.io', 'storageclasses']),
  };
}
