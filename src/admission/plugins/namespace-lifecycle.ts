// NamespaceLifecycle (k8s.io/apiserver pkg/admission/plugin/namespace/lifecycle): the
// system namespaces can't be deleted; nothing is created in a missing or terminating
// namespace, nor updated in a missing one. A mutating plugin upstream, so it runs first.

import { forbidden, notFound } from '../../apimachinery/errors.js';
import type { Obj } from '../../types/kind.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

export const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

/** Creating these tells nothing about a namespace's existence, so they are always allowed. */
const ACCESS_REVIEWS = new Set(['authorization.k8s.io/localsubjectaccessreviews']);

export function namespaceLifecycle(deps: Pick<PluginDeps, 'registry'>): AdmissionPlugin {
  const namespaces = new ObjectReader(deps.registry);
  return {
    name: 'NamespaceLifecycle',
    handles: (op) => op !== 'CONNECT',
    admit: (a) => admitLifecycle(namespaces, a),
  };
}

/** Decides at once when the namespace is in the cache; only a cache miss waits for a live read. */
function admitLifecycle(namespaces: ObjectReader, a: Attributes): Promise<void> | void {
  const isNamespace = a.kind.group === '' && a.kind.kind === 'Namespace';
  const gr = { group: a.resource.group, resource: a.resource.resource };
  if (a.operation === 'DELETE' && isNamespace && IMMORTAL_NAMESPACES.has(a.name)) {
    throw forbidden(gr, a.name, 'this namespace may not be deleted');
  }
  if (isNamespace || !a.namespace || a.operation === 'DELETE') return;
  if (ACCESS_REVIEWS.has(`${a.resource.group}/${a.resource.resource}`)) return;
  const cached = namespaces.peek('', 'namespaces', '', a.namespace);
  if (cached) return checkNamespace(cached, a, gr);
  return namespaces.live('', 'namespaces', '', a.namespace).then((ns) => checkNamespace(ns, a, gr));
}

function checkNamespace(ns: Obj | undefined, a: Attributes, gr: { group: string; resource: string }): void {
  if (!ns) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
  if (a.operation === 'CREATE' && ns.status?.phase === 'Terminating') {
    const err = forbidden(gr, a.name, `unable to create new content in namespace ${a.namespace} because it is being terminated`);
    err.status.details = { ...(err.status.details ?? {}), causes: [{ reason: 'NamespaceTerminating', message: `namespace ${a.namespace} is being terminated`, field: 'metadata.namespace' }] };
    throw err;
  }
}
