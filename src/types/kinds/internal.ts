// internal.apiserver.k8s.io/v1alpha1 StorageVersion, off by default. No schema declared yet.

import { kind, statusSubresource } from '../kind.js';
import { gated, type GatedKindDef } from './gated.js';

export const internalApiserverGatedKinds: GatedKindDef[] = [
  gated(kind({
    group: 'internal.apiserver.k8s.io', version: 'v1alpha1', kind: 'StorageVersion', plural: 'storageversions', singular: 'storageversion',
    namespaced: false, subresources: [statusSubresource()],
  })),
];
