// apiregistration.k8s.io: the APIService table kube-aggregator serves.

import type { Obj, TableColumn } from '../kind.js';
import { ageColumn, arr, col, str } from './format.js';

function available(o: Obj): string {
  const c = arr(o.status?.conditions).find((x) => x?.type === 'Available');
  if (!c) return 'Unknown';
  if (c.status === 'True') return str(c.status);
  return str(c.reason).length > 0 ? `${str(c.status)} (${str(c.reason)})` : str(c.status);
}

export const apiServiceColumns: TableColumn[] = [
  col('Service', 'string', 'The reference to the service that hosts this API endpoint.', (o) => {
    const svc = o.spec?.service;
    return svc && typeof svc === 'object' ? `${str(svc.namespace)}/${str(svc.name)}` : 'Local';
  }),
  col('Available', 'string', 'Whether this service is available.', available),
  ageColumn(),
];
