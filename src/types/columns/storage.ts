// storage.k8s.io printers. CSIStorageCapacity has a printer upstream but its registry uses
// the default table convertor, so it is not listed here.

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, len, nameColumn, str } from './format.js';

const DEFAULT_STORAGE_CLASS = 'storageclass.kubernetes.io/is-default-class';
const BETA_DEFAULT_STORAGE_CLASS = 'storageclass.beta.kubernetes.io/is-default-class';
const DEFAULT_VOLUME_ATTRIBUTES_CLASS = 'volumeattributesclass.alpha.kubernetes.io/is-default-class';

function annotationTrue(o: Obj, key: string): boolean {
  return o.metadata?.annotations?.[key] === 'true';
}

function flag(v: unknown, dflt: boolean): boolean {
  return typeof v === 'boolean' ? v : dflt;
}

/** The StorageClass printer marks the default class in the Name cell, so its list includes Name. */
export const storageClassColumns: TableColumn[] = [
  nameColumn((o) => {
    const name = str(o.metadata?.name);
    return annotationTrue(o, DEFAULT_STORAGE_CLASS) || annotationTrue(o, BETA_DEFAULT_STORAGE_CLASS) ? `${name} (default)` : name;
  }),
  col('Provisioner', 'string', DOCS['v1.StorageClass.provisioner'], (o) => str(o.provisioner)),
  col('ReclaimPolicy', 'string', DOCS['v1.StorageClass.reclaimPolicy'], (o) => (typeof o.reclaimPolicy === 'string' ? o.reclaimPolicy : 'Delete')),
  col('VolumeBindingMode', 'string', DOCS['v1.StorageClass.volumeBindingMode'], (o) =>
    typeof o.volumeBindingMode === 'string' ? o.volumeBindingMode : 'Immediate',
  ),
  col('AllowVolumeExpansion', 'string', DOCS['v1.StorageClass.allowVolumeExpansion'], (o) => flag(o.allowVolumeExpansion, false)),
  ageColumn(),
];

export const volumeAttributesClassColumns: TableColumn[] = [
  nameColumn((o) => {
    const name = str(o.metadata?.name);
    return annotationTrue(o, DEFAULT_VOLUME_ATTRIBUTES_CLASS) ? `${name} (default)` : name;
  }),
  col('DriverName', 'string', DOCS['v1beta1.VolumeAttributesClass.driverName'], (o) => str(o.driverName)),
  ageColumn(),
];

export const volumeAttachmentColumns: TableColumn[] = [
  col('Attacher', 'string', DOCS['v1.VolumeAttachmentSpec.attacher'], (o) => str(o.spec?.attacher), 0, 'name'),
  col('PV', 'string', DOCS['v1.VolumeAttachmentSource.persistentVolumeName'], (o) => str(o.spec?.source?.persistentVolumeName)),
  col('Node', 'string', DOCS['v1.VolumeAttachmentSpec.nodeName'], (o) => str(o.spec?.nodeName)),
  col('Attached', 'boolean', DOCS['v1.VolumeAttachmentStatus.attached'], (o) => flag(o.status?.attached, false)),
  ageColumn(),
];

export const csiNodeColumns: TableColumn[] = [
  col('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node', (o) => len(o.spec?.drivers)),
  ageColumn(),
];

export const csiDriverColumns: TableColumn[] = [
  col('AttachRequired', 'boolean', DOCS['v1.CSIDriverSpec.attachRequired'], (o) => flag(o.spec?.attachRequired, true)),
  col('PodInfoOnMount', 'boolean', DOCS['v1.CSIDriverSpec.podInfoOnMount'], (o) => flag(o.spec?.podInfoOnMount, false)),
  col('StorageCapacity', 'boolean', DOCS['v1.CSIDriverSpec.storageCapacity'], (o) => flag(o.spec?.storageCapacity, false)),
  col('TokenRequests', 'string', DOCS['v1.CSIDriverSpec.tokenRequests'], (o) =>
    Array.isArray(o.spec?.tokenRequests) ? arr(o.spec.tokenRequests).map((t) => str(t?.audience)).join(',') : '<unset>',
  ),
  col('RequiresRepublish', 'boolean', DOCS['v1.CSIDriverSpec.requiresRepublish'], (o) => flag(o.spec?.requiresRepublish, false)),
  col('Modes', 'string', DOCS['v1.CSIDriverSpec.volumeLifecycleModes'], (o) => {
    const modes = arr(o.spec?.volumeLifecycleModes).map(str).join(',');
    return modes.length === 0 ? '<none>' : modes;
  }),
  ageColumn(),
];
