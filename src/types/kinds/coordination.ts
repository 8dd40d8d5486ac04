// coordination.k8s.io LeaseCandidate (v1beta1, v1alpha2), off by default. Lease (v1) is in ../groups.ts.
// No schemas declared yet (../schemas/coordination.ts holds v1 only).

import { kind } from '../kind.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';

const G = 'coordination.k8s.io';
const leaseCandidate = { group: G, kind: 'LeaseCandidate', plural: 'leasecandidates', singular: 'leasecandidate', namespaced: true };

export const coordinationGatedKinds: GatedKindDef[] = [
  gated(kind({ ...leaseCandidate, version: 'v1beta1' })),
  gated(kind({ ...leaseCandidate, version: 'v1alpha2', storedAs: sameShapeStorage(G, 'leasecandidates') })),
];
