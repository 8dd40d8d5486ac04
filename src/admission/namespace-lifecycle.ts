// The NamespaceLifecycle admission plugin: no new objects in a missing or
// terminating namespace, and the system namespaces can't be deleted.

import { forbidden, notFound, type GroupResource } from '../apimachinery/errors.js';
import type { Obj } from '../types/kind.js';

export const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

/** Check a create in `namespace`; `ns` is the namespace object or undefined when absent. */
export function admitCreateInNamespace(gr: GroupResource, name: string, namespace: string, ns: Obj | undefined): void {
  if (!ns) throw notFound({ group: '', resource: 'namespaces' }, namespace);
  if (ns.status?.phase === 'Terminating' || ns.metadata?.deletionTimestamp) {
    const err = forbidden(gr, name, `unable to create new content in namespace ${namespace} because it is being terminated`);
    err.status.details = { ...(err.status.details ?? {}), causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }] };
    throw err;
  }
}

export function admitNamespaceDelete(name: string): void {
  if (IMMORTAL_NAMESPACES.has(name)) throw forbidden({ group: '', resource: 'namespaces' }, name, 'this namespace may not be deleted');
}
