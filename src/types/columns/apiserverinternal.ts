// Alpha groups' printers: internal.apiserver.k8s.io StorageVersion and
// storagemigration.k8s.io StorageVersionMigration.

import type { TableColumn } from '../kind.js';
import { ageColumn, arr, col, listWithMore, nameColumn, str } from './format.js';

function storageVersions(v: unknown): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const sv of arr(v)) {
    if (list.length < max) list.push(`${str(sv?.apiServerID)}=${str(sv?.encodingVersion)}`);
    else if (list.length === max) more = true;
    count++;
  }
  return listWithMore(list, more, count, max);
}

export const storageVersionColumns: TableColumn[] = [
  col('CommonEncodingVersion', 'string', 'If all API server instances agree on the same encoding storage version, then this field is set to that version. Otherwise this field is left empty. API servers should finish updating its storageVersionStatus entry before serving write operations, so that this field will be in sync with the reality.', (o) =>
    typeof o.status?.commonEncodingVersion === 'string' ? o.status.commonEncodingVersion : '<unset>',
  ),
  col('StorageVersions', 'string', 'The reported versions per API server instance.', (o) => storageVersions(o.status?.storageVersions)),
  ageColumn(),
];

/** Upstream's Name column here has no "name" format, so the list carries its own Name. */
export const storageVersionMigrationColumns: TableColumn[] = [
  nameColumn(undefined, 0, ''),
  col('Resource', 'string', 'Fully qualified resource to migrate', (o) => {
    const r = o.spec?.resource ?? {};
    return `${str(r.resource)}.${str(r.version)}.${str(r.group)}`;
  }),
];
