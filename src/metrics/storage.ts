// Storage families (k8s.io/apiserver pkg/storage/etcd3/metrics/metrics.go):
// etcd_request_duration_seconds and etcd_requests_total for every store operation — on
// the embedded SQLite store too, as other servers on an embedded store report them —
// and apiserver_storage_objects from the watch caches' object counts.

import type { Registry } from '../registry/registry.js';
import type { Store } from '../storage/store.js';
import type { MetricsRegistry } from './registry.js';

const LABELS = ['operation', 'group', 'resource'] as const;

/** Which group and resource a storage key belongs to ({group:'', resource:''} when unknown). */
export type KeyResolver = (key: string) => { group: string; resource: string };

export function storageMetrics(reg: MetricsRegistry, registry: () => Registry | undefined) {
  const latency = reg.histogram({
    name: 'etcd_request_duration_seconds', labelNames: LABELS,
    help: 'Etcd request latency in seconds for each operation and object type.',
    buckets: [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60],
  });
  const total = reg.counter({ name: 'etcd_requests_total', labelNames: LABELS, help: 'Etcd request counts for each operation and object type.' });
  const errors = reg.counter({ name: 'etcd_request_errors_total', labelNames: LABELS, help: 'Etcd failed request counts for each operation and object type.' });
  const objects = reg.gauge({
    name: 'apiserver_storage_objects', stability: 'STABLE', labelNames: ['resource'] as const,
    help: '[DEPRECATED, consider using apiserver_resource_objects instead] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    collect: () => {
      objects.reset();
      for (const rs of registry()?.resourceStores() ?? []) objects.set({ resource: groupResource(rs.def.group, rs.def.plural) }, rs.cache.size);
    },
  });
  const resourceObjects = reg.gauge({
    name: 'apiserver_resource_objects', labelNames: ['group', 'resource'] as const,
    help: 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
    collect: () => {
      resourceObjects.reset();
      for (const rs of registry()?.resourceStores() ?? []) resourceObjects.set({ group: rs.def.group, resource: rs.def.plural }, rs.cache.size);
    },
  });
  return {
    record(operation: string, where: { group: string; resource: string }, seconds: number, failed: boolean): void {
      const labels = { operation, ...where };
      latency.observe(labels, seconds);
      total.inc(labels);
      if (failed) errors.inc(labels);
    },
  };
}

/** schema.GroupResource.String(): "pods", "deployments.apps". */
function groupResource(group: string, resource: string): string {
  return group ? `${resource}.${group}` : resource;
}

/** Resolves keys through the registry's resource stores (longest prefix). */
export function registryKeyResolver(registry: () => Registry | undefined): KeyResolver {
  const cache = new Map<string, { group: string; resource: string }>();
  return (key) => {
    const dir = key.slice(0, key.lastIndexOf('/') + 1);
    const hit = cache.get(dir);
    if (hit) return hit;
    let best: { prefix: string; group: string; resource: string } | undefined;
    for (const rs of registry()?.resourceStores() ?? []) {
      if (key.startsWith(rs.prefix) && (!best || rs.prefix.length > best.prefix.length)) best = { prefix: rs.prefix, group: rs.def.group, resource: rs.def.plural };
    }
    const where = best ? { group: best.group, resource: best.resource } : { group: '', resource: '' };
    if (best && cache.size < 10_000) cache.set(dir, where);
    return where;
  };
}

/** The store with every operation timed (upstream's operations: get, list, listWithCount, create, update, delete). */
export function instrumentStore(store: Store, resolve: KeyResolver, record: ReturnType<typeof storageMetrics>['record']): Store {
  const timed = <T>(operation: string, key: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const done = (failed: boolean) => record(operation, resolve(key), (performance.now() - started) / 1000, failed);
    return run().then(
      (v) => (done(false), v),
      (e: unknown) => {
        done(true);
        throw e;
      },
    );
  };
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      switch (prop) {
        case 'get':
          return (key: string, revision?: number) => timed('get', key, () => target.get(key, revision));
        case 'range':
          return (prefix: string, opts?: Parameters<Store['range']>[1]) => timed(opts?.countOnly ? 'listWithCount' : 'list', prefix, () => target.range(prefix, opts));
        case 'create':
          return (key: string, v: Buffer) => timed('create', key, () => target.create(key, v));
        case 'update':
          return (key: string, v: Buffer, rev: number) => timed('update', key, () => target.update(key, v, rev));
        case 'delete':
          return (key: string, rev?: number) => timed('delete', key, () => target.delete(key, rev));
        default:
          return (value as (...a: unknown[]) => unknown).bind(target);
      }
    },
  });
}
