// What exists in every cluster from the start: the system namespaces and the
// `kubernetes` Service in default (upstream's bootstrap controller), and the system
// PriorityClasses (upstream's scheduling/bootstrap-system-priority-classes post-start hook).

import { StatusError } from '../apimachinery/errors.js';
import type { Registry } from '../registry/registry.js';
import type { Catalog } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export interface BootstrapOptions {
  /** The first IP of the service CIDR. */
  serviceIp: string;
  serviceCidr: string;
  securePort: number;
}

/** pkg/apis/scheduling SystemPriorityClasses(). */
export const SYSTEM_PRIORITY_CLASSES: readonly Obj[] = [
  { name: 'system-node-critical', value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
].map(({ name, value, description }) => ({
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name },
  value,
  globalDefault: false,
  description,
  preemptionPolicy: 'PreemptLowerPriority',
}));

/**
 * Creates obj unless it exists. The read comes first: a restart finds every default object
 * in place and writes nothing, so readiness never waits for a durable commit.
 */
async function ensure(registry: Registry, catalog: Catalog, group: string, plural: string, namespace: string, obj: Obj): Promise<void> {
  const served = catalog.lookup(group, 'v1', plural);
  if (!served) return;
  const exists = () =>
    registry.get({ served, namespace }, String(obj.metadata.name)).then(
      () => true,
      () => false,
    );
  if (await exists()) return;
  try {
    await registry.create({ served, namespace }, obj, { dryRun: false });
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') return;
    // Another replica may have won the race (its Service holds the IP we asked for): done if the object is there.
    if (await exists()) return;
    throw e;
  }
}

/**
 * Creates the namespace unless it exists: the bootstrap controller's, and upstream's
 * tryEnsureNamespace (pkg/registry/rbac/reconciliation) before a default Role or RoleBinding.
 */
export function ensureNamespace(registry: Registry, catalog: Catalog, name: string): Promise<void> {
  return ensure(registry, catalog, '', 'namespaces', '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
}

export async function bootstrap(registry: Registry, catalog: Catalog, opts: BootstrapOptions): Promise<void> {
  await Promise.all(SYSTEM_NAMESPACES.map((name) => ensureNamespace(registry, catalog, name)));
  const serviceAndCidr = async () => {
    await ensure(registry, catalog, '', 'services', 'default', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
      spec: {
        ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: opts.securePort }],
        clusterIP: opts.serviceIp,
        clusterIPs: [opts.serviceIp],
        type: 'ClusterIP',
        sessionAffinity: 'None',
        ipFamilies: [opts.serviceIp.includes(':') ? 'IPv6' : 'IPv4'],
        ipFamilyPolicy: 'SingleStack',
        internalTrafficPolicy: 'Cluster',
      },
      status: { loadBalancer: {} },
    });
    await ensure(registry, catalog, 'networking.k8s.io', 'servicecidrs', '', {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'ServiceCIDR',
      metadata: { name: 'kubernetes' },
      spec: { cidrs: [opts.serviceCidr] },
    });
  };
  await Promise.all([
    serviceAndCidr(),
    ...SYSTEM_PRIORITY_CLASSES.map((pc) => ensure(registry, catalog, 'scheduling.k8s.io', 'priorityclasses', '', structuredClone(pc))),
  ]);
}
