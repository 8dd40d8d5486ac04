// coordination.k8s.io/v1: structural schemas, with upstream's protobuf field numbers.
// .optional() marks Go pointer fields, .keepEmpty() JSON tags without omitempty. apiVersion and
// kind carry no protobuf number: the protobuf envelope holds TypeMeta.

import { int32, microTime, object, string, type ObjectType } from '../schema.js';
import { ObjectMeta, typeMeta } from './meta.js';

const G = 'io.k8s.api.coordination.v1.';

export const LeaseSpec = object(G + 'LeaseSpec', {
  holderIdentity: string().proto(1).optional().doc('holderIdentity contains the identity of the holder of a current lease. If Coordinated Leader Election is used, the holder identity must be equal to the elected LeaseCandidate.metadata.name field.'),
  leaseDurationSeconds: int32().proto(2).optional().doc('leaseDurationSeconds is a duration that candidates for a lease need to wait to force acquire it. This is measured against the time of last observed renewTime.'),
  acquireTime: microTime().proto(3).optional().doc('acquireTime is a time when the current lease was acquired.'),
  renewTime: microTime().proto(4).optional().doc('renewTime is a time when the current holder of a lease has last updated the lease.'),
  leaseTransitions: int32().proto(5).optional().doc('leaseTransitions is the number of transitions of a lease between holders.'),
  strategy: string().proto(6).optional().doc('Strategy indicates the strategy for picking the leader for coordinated leader election. If the field is not specified, there is no active coordination for this lease. (Alpha) Using this field requires the CoordinatedLeaderElection feature gate to be enabled.'),
  preferredHolder: string().proto(7).optional().doc('PreferredHolder signals to a lease holder that the lease has a more optimal holder and should be given up. This field can only be set if Strategy is also set.'),
}, { description: 'LeaseSpec is a specification of a Lease.' });

export const Lease = object(G + 'Lease', {
  ...typeMeta,
  metadata: ObjectMeta.proto(1).doc('More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata'),
  spec: LeaseSpec.proto(2).doc('spec contains the specification of the Lease. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status'),
}, { extensions: { 'x-kubernetes-group-version-kind': [{ group: 'coordination.k8s.io', kind: 'Lease', version: 'v1' }] }, description: 'Lease defines a lease concept.' });

export const coordinationSchemas: Record<string, ObjectType> = { Lease };
