// The merge markers of metav1.ObjectMeta, for objects walked without a schema: custom
// resources get ObjectMeta's real schema under .metadata upstream, whatever their own
// schema says.

import { bool, int64, list, map, object, string, time, type ObjectType } from '../types/schema.js';

const ownerReference = object(
  'io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference',
  { apiVersion: string(), kind: string(), name: string(), uid: string(), controller: bool().optional(), blockOwnerDeletion: bool().optional() },
  { mapType: 'atomic' },
);

const managedFieldsEntry = object('io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry', {
  manager: string(),
  operation: string(),
  apiVersion: string(),
  time: time().optional(),
  fieldsType: string(),
  fieldsV1: object('io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1', {}, { extensions: { 'x-kubernetes-preserve-unknown-fields': true } }).optional(),
  subresource: string(),
});

export const objectMetaTopology: ObjectType = object('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', {
  name: string(),
  generateName: string(),
  namespace: string(),
  selfLink: string(),
  uid: string(),
  resourceVersion: string(),
  generation: int64(),
  creationTimestamp: time(),
  deletionTimestamp: time().optional(),
  deletionGracePeriodSeconds: int64().optional(),
  labels: map(string()),
  annotations: map(string()),
  ownerReferences: list(ownerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }),
  finalizers: list(string(), { listType: 'set', patchStrategy: 'merge' }),
  managedFields: list(managedFieldsEntry, { listType: 'atomic' }),
});
