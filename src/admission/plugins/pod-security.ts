// PodSecurity (k8s.io/kubernetes plugin/pkg/admission/security/podsecurity/admission.go over
// k8s.io/pod-security-admission): a validating plugin for pods, namespaces and the pod
// templates of workload resources, configured by PodSecurityConfiguration. Its decisions come
// from ../podsecurity/; this module wires them to the request: warnings, audit annotations
// under pod-security.kubernetes.io/, and the refusal.

import type { Registry } from '../../registry/registry.js';
import type { Obj } from '../../types/kind.js';
import { appliesTo, PodSecurityAdmission } from '../podsecurity/admission.js';
import { readPodSecurityConfig } from '../podsecurity/config.js';
import { DEFAULT_CHECKS, Evaluator } from '../podsecurity/evaluator.js';
import { LABEL_PREFIX } from '../podsecurity/policy.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';
import { ObjectReader } from '../objects.js';

export function podSecurity(deps: Pick<PluginDeps, 'registry' | 'config' | 'featureGates'>): AdmissionPlugin {
  const evaluator = new Evaluator(DEFAULT_CHECKS, { relaxForUserNamespacePods: deps.featureGates.enabled('UserNamespacesPodSecurityStandards') });
  const psa = new PodSecurityAdmission({
    config: readPodSecurityConfig(deps.config),
    evaluator,
    getNamespace: (name) => new ObjectReader(deps.registry).get('', 'namespaces', '', name),
    listPods: (namespace) => podsIn(deps.registry, namespace),
  });
  return {
    name: 'PodSecurity',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate: async (a) => {
      if (!a.object || !appliesTo(a.resource.group, a.resource.resource)) return;
      const res = await psa.validate({
        operation: a.operation as 'CREATE' | 'UPDATE',
        group: a.resource.group,
        resource: a.resource.resource,
        subresource: a.subresource,
        name: requestName(a),
        namespace: requestNamespace(a),
        username: a.userInfo.username,
        object: a.object,
        oldObject: a.oldObject,
      });
      for (const w of res.warnings) a.addWarning(w);
      for (const [k, v] of Object.entries(res.annotations)) a.addAnnotation(LABEL_PREFIX + k, v);
      if (res.error) throw res.error;
    },
  };
}

/** Validating admission of a create sees the generated name (upstream's rest.AdmissionToValidateObjectFunc). */
function requestName(a: Attributes): string {
  return a.name || (a.operation === 'CREATE' ? String(a.object?.metadata?.name ?? '') : '');
}

/** Upstream admits a Namespace with its own name as the request's namespace (handlers/create.go, and the URL's namespace for updates). */
function requestNamespace(a: Attributes): string {
  if (a.resource.group === '' && a.resource.resource === 'namespaces') return a.namespace || a.name || String(a.object?.metadata?.name ?? '');
  return a.namespace;
}

/** The namespace's pods from the watch cache (upstream reads its pod informer). */
async function podsIn(registry: Registry, namespace: string): Promise<Obj[]> {
  const served = registry.catalog.lookup('', 'v1', 'pods');
  if (!served) return [];
  const rs = registry.storeFor(served.def);
  await rs.cache.ready();
  return rs.cache.list(rs.keyPrefix(namespace), () => true).map((e) => rs.entryObject(e));
}
