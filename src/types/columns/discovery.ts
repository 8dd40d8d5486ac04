// discovery.k8s.io printer: EndpointSlice.

import type { TableColumn } from '../kind.js';
import { DOCS } from './descriptions.js';
import { ageColumn, arr, col, listWithMore, str } from './format.js';

/** formatDiscoveryPorts: port numbers (or names, or "*"), at most three. */
function ports(v: unknown): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const p of arr(v)) {
    if (list.length < max) {
      if (typeof p?.port === 'number') list.push(String(p.port));
      else if (typeof p?.name === 'string') list.push(p.name);
      else list.push('*');
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMore(list, more, count, max);
}

/** formatDiscoveryEndpoints: addresses across endpoints, at most three. */
function endpoints(v: unknown): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const e of arr(v)) {
    for (const a of arr(e?.addresses)) {
      if (list.length < max) list.push(str(a));
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMore(list, more, count, max);
}

export const endpointSliceColumns: TableColumn[] = [
  col('AddressType', 'string', DOCS['v1.EndpointSlice.addressType'], (o) => str(o.addressType)),
  col('Ports', 'string', DOCS['v1.EndpointSlice.ports'], (o) => ports(o.ports)),
  col('Endpoints', 'string', DOCS['v1.EndpointSlice.endpoints'], (o) => endpoints(o.endpoints)),
  ageColumn(),
];
