// networking.k8s.io IPAddress and ServiceCIDR (v1; v1beta1 off by default). The other
// networking kinds are in ../groups.ts; the v1 schemas in ../schemas/networking.ts.

import { kind, statusSubresource, type KindDef } from '../kind.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';

const G = 'networking.k8s.io';
// An IPAddress is named by its address in canonical form: the kind's validation checks it (ValidateIPAddressName).
const ipAddress = { group: G, kind: 'IPAddress', plural: 'ipaddresses', singular: 'ipaddress', shortNames: ['ip'], namespaced: false, nameRule: 'PathSegmentName' as const };
// Upstream's PrepareForCreate leaves status alone: the allocator creates ServiceCIDRs with their status.
const serviceCIDR = {
  group: G, kind: 'ServiceCIDR', plural: 'servicecidrs', singular: 'servicecidr', namespaced: false,
  subresources: [statusSubresource()], strategy: { keepStatusOnCreate: true },
};

export const networkingKinds: KindDef[] = [kind(ipAddress), kind(serviceCIDR)];

/** Off by default; same JSON as v1. No v1beta1 schemas declared yet. */
export const networkingGatedKinds: GatedKindDef[] = [
  gated(kind({ ...ipAddress, version: 'v1beta1', storedAs: sameShapeStorage(G, 'ipaddresses') })),
  gated(kind({ ...serviceCIDR, version: 'v1beta1', storedAs: sameShapeStorage(G, 'servicecidrs') })),
];
