// coordination.k8s.io printers: Lease and LeaseCandidate.

import type { TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, col, str } from './format.js';

export const leaseColumns: TableColumn[] = [
  col('Holder', 'string', DOCS['v1.LeaseSpec.holderIdentity'], (o) => str(o.spec?.holderIdentity)),
  ageColumn(),
];

export const leaseCandidateColumns: TableColumn[] = [
  col('LeaseName', 'string', DOCS['v1alpha2.LeaseCandidateSpec.leaseName'], (o) => str(o.spec?.leaseName)),
  // Upstream takes these two descriptions from ObjectMeta's docs, which have no such keys.
  col('BinaryVersion', 'string', '', (o) => str(o.spec?.binaryVersion)),
  col('EmulationVersion', 'string', '', (o) => str(o.spec?.emulationVersion)),
  ageColumn(),
];
