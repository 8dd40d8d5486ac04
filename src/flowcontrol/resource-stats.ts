// Object counts, sizes and watcher counts for the work estimator, read from the
// registry's watch caches (upstream reads the storage's object-count tracker and the
// watch tracker).

import type { Registry } from '../registry/registry.js';
import type { ResourceStats } from './work-estimator.js';

export function watchCacheStats(registry: Registry): ResourceStats {
  const cacheOf = (group: string, resource: string) => {
    const def = registry.catalog.storingKind(group, resource);
    return def ? registry.storeFor(def).cache : undefined;
  };
  return {
    objects(group, resource) {
      const cache = cacheOf(group, resource);
      return cache ? { count: cache.size, averageBytes: cache.averageObjectBytes() } : undefined;
    },
    watchers(group, resource) {
      return cacheOf(group, resource)?.watcherCount ?? 0;
    },
  };
}
