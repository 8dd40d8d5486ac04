// Builds the admission of one API request: its attributes (resource, subresource, kind,
// user, options object) fixed from the request, the objects filled in by the write path.

import type { AdmissionChain } from '../admission/chain.js';
import type { GroupVersionKind, RequestAdmission } from '../admission/types.js';
import { ANONYMOUS_USER, UNAUTHENTICATED_GROUP } from '../authn/types.js';
import type { DeleteOptions, Scope } from '../registry/registry.js';
import type { Ctx } from '../server/http.js';
import type { Obj, SubresourceDef } from '../types/kind.js';

export interface AdmissionRequest {
  scope: Scope;
  sub?: SubresourceDef;
  /** The URL's name, or for a create the body's metadata.name ('' with generateName only). */
  name: string;
  /** The operation's options object (see optionsObject). */
  options: Obj;
  dryRun: boolean;
  /** The kind of the objects admission sees, when not the resource's own (Scale, Binding, Eviction, ...). */
  kind?: GroupVersionKind;
}

export function requestAdmission(chain: AdmissionChain | undefined, ctx: Ctx, r: AdmissionRequest): RequestAdmission | undefined {
  if (!chain) return undefined;
  const served = r.scope.served;
  return chain.forRequest({
    resource: { group: served.group, version: served.version, resource: served.def.plural },
    subresource: r.sub?.name ?? '',
    kind: r.kind ?? { group: served.group, version: served.version, kind: served.def.kind },
    name: r.name,
    namespace: served.def.namespaced ? r.scope.namespace : namespaceOfNamespaceRequest(served, r),
    options: r.options,
    dryRun: r.dryRun,
    userInfo: ctx.user ?? { username: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] },
    served,
    addAnnotation: (key, value) => {
      ctx.auditAnnotations[key] = value;
    },
    addWarning: (message) => {
      ctx.warnings.push(message);
    },
  });
}

/**
 * A request on /api/v1/namespaces/<name>[/<sub>] has namespace <name> (upstream's RequestInfo
 * takes it from the URL), so webhooks and policies see it; a create (no name in the URL) has none.
 */
function namespaceOfNamespaceRequest(served: AdmissionRequest['scope']['served'], r: AdmissionRequest): string {
  const isNamespaces = served.group === '' && served.def.plural === 'namespaces';
  return isNamespaces && r.options.kind !== 'CreateOptions' ? r.name : '';
}

/** CreateOptions, UpdateOptions or PatchOptions as upstream hands them to admission (from the query). */
export function optionsObject(kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', query: URLSearchParams): Obj {
  const o: Obj = { kind, apiVersion: 'meta.k8s.io/v1' };
  const dryRun = query.getAll('dryRun');
  if (dryRun.length) o.dryRun = dryRun;
  if (kind === 'PatchOptions' && query.has('force')) o.force = query.get('force') === 'true';
  const fieldManager = query.get('fieldManager');
  if (fieldManager) o.fieldManager = fieldManager;
  const fieldValidation = query.get('fieldValidation');
  if (fieldValidation) o.fieldValidation = fieldValidation;
  return o;
}

/** DeleteOptions as admission sees them. */
export function deleteOptionsObject(d: DeleteOptions): Obj {
  const o: Obj = { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1' };
  if (d.gracePeriodSeconds !== undefined) o.gracePeriodSeconds = d.gracePeriodSeconds;
  if (d.preconditions) o.preconditions = d.preconditions;
  if (d.orphanDependents !== undefined) o.orphanDependents = d.orphanDependents;
  if (d.propagationPolicy) o.propagationPolicy = d.propagationPolicy;
  if (d.dryRun) o.dryRun = ['All'];
  return o;
}
