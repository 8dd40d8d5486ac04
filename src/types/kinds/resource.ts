// resource.k8s.io (dynamic resource allocation): v1 (GA in 1.34, stored), v1beta2 and
// v1beta1 (off by default, converted to and from v1), and DeviceTaintRule (v1alpha3, off).

import { fieldAt, kind, statusSubresource, type KindDef } from '../kind.js';
import { DeviceTaintRuleV1alpha3, resourceSchemas, resourceV1beta1Schemas, resourceV1beta2Schemas } from '../schemas/resource.js';
import type { ObjectType } from '../schema.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';
import { resourceClaimTemplateV1beta1, resourceClaimV1beta1, resourceSliceV1beta1 } from './resource-conversion.js';

const G = 'resource.k8s.io';

// Every resource.k8s.io store answers DELETE with the deleted object (ReturnDeletedObject).
const deviceClass = { group: G, kind: 'DeviceClass', plural: 'deviceclasses', singular: 'deviceclass', namespaced: false, tracksGeneration: true, deleteReturnsObject: true };
const resourceClaim = { group: G, kind: 'ResourceClaim', plural: 'resourceclaims', singular: 'resourceclaim', namespaced: true, subresources: [statusSubresource()], deleteReturnsObject: true };
const resourceClaimTemplate = { group: G, kind: 'ResourceClaimTemplate', plural: 'resourceclaimtemplates', singular: 'resourceclaimtemplate', namespaced: true, deleteReturnsObject: true };
const resourceSlice = {
  group: G, kind: 'ResourceSlice', plural: 'resourceslices', singular: 'resourceslice', namespaced: false, tracksGeneration: true, deleteReturnsObject: true,
  fieldSelectors: { 'spec.nodeName': fieldAt('spec.nodeName'), 'spec.driver': fieldAt('spec.driver') },
};

function versionOf(version: string, schemas: Record<string, ObjectType>): KindDef[] {
  const v1 = version === 'v1';
  const storage = (plural: string, conv?: { toStored: NonNullable<KindDef['storedAs']>['toStored']; fromStored: NonNullable<KindDef['storedAs']>['fromStored'] }) =>
    v1 ? {} : { storedAs: conv ? { group: G, plural, ...conv } : sameShapeStorage(G, plural) };
  const beta1 = version === 'v1beta1';
  return [
    kind({ ...deviceClass, version, schema: schemas.DeviceClass, ...storage('deviceclasses') }),
    kind({ ...resourceClaim, version, schema: schemas.ResourceClaim, ...storage('resourceclaims', beta1 ? resourceClaimV1beta1 : undefined) }),
    kind({ ...resourceClaimTemplate, version, schema: schemas.ResourceClaimTemplate, ...storage('resourceclaimtemplates', beta1 ? resourceClaimTemplateV1beta1 : undefined) }),
    kind({ ...resourceSlice, version, schema: schemas.ResourceSlice, ...storage('resourceslices', beta1 ? resourceSliceV1beta1 : undefined) }),
  ];
}

export const resourceKinds: KindDef[] = versionOf('v1', resourceSchemas);

/** Off by default, preferred-first. */
export const resourceGatedKinds: GatedKindDef[] = [
  ...versionOf('v1beta2', resourceV1beta2Schemas).map(gated),
  ...versionOf('v1beta1', resourceV1beta1Schemas).map(gated),
  gated(kind({
    group: G, version: 'v1alpha3', kind: 'DeviceTaintRule', plural: 'devicetaintrules', singular: 'devicetaintrule', namespaced: false,
    tracksGeneration: true, deleteReturnsObject: true, schema: DeviceTaintRuleV1alpha3,
  })),
];
