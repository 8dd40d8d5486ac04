// resource.k8s.io printers: DeviceClass, ResourceClaim, ResourceClaimTemplate, ResourceSlice.

import type { Obj, TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, str } from './format.js';

/** resourceClaimState: "deleted", "pending", "allocated", "reserved" as they apply. */
function claimState(o: Obj): string {
  const states: string[] = [];
  const deleted = o.metadata?.deletionTimestamp !== undefined && o.metadata?.deletionTimestamp !== null;
  if (deleted) states.push('deleted');
  const allocation = o.status?.allocation;
  if (allocation === undefined || allocation === null) {
    if (!deleted) states.push('pending');
  } else {
    states.push('allocated');
    if (arr(o.status?.reservedFor).length > 0) states.push('reserved');
  }
  return states.join(',');
}

export const deviceClassColumns: TableColumn[] = [ageColumn()];

export const resourceClaimColumns: TableColumn[] = [
  col('State', 'string', 'A summary of the current state (allocated, pending, reserved, etc.).', claimState),
  ageColumn(),
];

export const resourceClaimTemplateColumns: TableColumn[] = [ageColumn()];

export const resourceSliceColumns: TableColumn[] = [
  col('Node', 'string', DOCS['v1beta1.ResourceSliceSpec.nodeName'], (o) => str(o.spec?.nodeName)),
  col('Driver', 'string', DOCS['v1beta1.ResourceSliceSpec.driver'], (o) => str(o.spec?.driver)),
  col('Pool', 'string', DOCS['v1beta1.ResourcePool.name'], (o) => str(o.spec?.pool?.name)),
  ageColumn(),
];
