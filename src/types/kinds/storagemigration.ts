// storagemigration.k8s.io/v1alpha1 StorageVersionMigration, off by default. No schema declared yet.

import { kind, statusSubresource } from '../kind.js';
import { gated, type GatedKindDef } from './gated.js';

export const storagemigrationGatedKinds: GatedKindDef[] = [
  gated(kind({
    group: 'storagemigration.k8s.io', version: 'v1alpha1', kind: 'StorageVersionMigration', plural: 'storageversionmigrations',
    singular: 'storageversionmigration', namespaced: false, subresources: [statusSubresource()],
  })),
];
