// storage.k8s.io/v1 kinds, and VolumeAttributesClass at v1beta1 and v1alpha1 (off by default).

import { kind, statusSubresource, type KindDef } from '../kind.js';
import { storageSchemas, VolumeAttributesClassV1alpha1, VolumeAttributesClassV1beta1 } from '../schemas/storage.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';

const G = 'storage.k8s.io';
const volumeAttributesClass = { group: G, kind: 'VolumeAttributesClass', plural: 'volumeattributesclasses', singular: 'volumeattributesclass', shortNames: ['vac'], namespaced: false, deleteReturnsObject: true };

export const storageKinds: KindDef[] = [
  kind({
    group: G, kind: 'CSIDriver', deleteReturnsObject: true, plural: 'csidrivers', singular: 'csidriver', namespaced: false, schema: storageSchemas.CSIDriver,
    strategy: { allowUnconditionalUpdate: false },
  }),
  kind({ group: G, kind: 'CSINode', deleteReturnsObject: true, plural: 'csinodes', singular: 'csinode', namespaced: false, schema: storageSchemas.CSINode, strategy: { allowUnconditionalUpdate: false } }),
  kind({
    group: G, kind: 'CSIStorageCapacity', plural: 'csistoragecapacities', singular: 'csistoragecapacity', namespaced: true, schema: storageSchemas.CSIStorageCapacity,
    strategy: { allowUnconditionalUpdate: false },
  }),
  kind({ group: G, kind: 'StorageClass', deleteReturnsObject: true, plural: 'storageclasses', singular: 'storageclass', shortNames: ['sc'], namespaced: false, schema: storageSchemas.StorageClass }),
  kind({
    group: G, kind: 'VolumeAttachment', plural: 'volumeattachments', singular: 'volumeattachment', namespaced: false, subresources: [statusSubresource()],
    deleteReturnsObject: true, schema: storageSchemas.VolumeAttachment, strategy: { allowUnconditionalUpdate: false },
  }),
  kind({ ...volumeAttributesClass, schema: storageSchemas.VolumeAttributesClass }),
];

/** Off by default, preferred-first; same JSON as v1. */
export const storageGatedKinds: GatedKindDef[] = [
  gated(kind({ ...volumeAttributesClass, version: 'v1beta1', schema: VolumeAttributesClassV1beta1, storedAs: sameShapeStorage(G, 'volumeattributesclasses') })),
  gated(kind({ ...volumeAttributesClass, version: 'v1alpha1', schema: VolumeAttributesClassV1alpha1, storedAs: sameShapeStorage(G, 'volumeattributesclasses') })),
];
