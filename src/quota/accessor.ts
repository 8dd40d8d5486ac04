// The quotas of a namespace as quota admission reads and writes them
// (k8s.io/apiserver pkg/admission/plugin/resourcequota/resource_access.go): from the watch
// cache, except that a quota this server just charged is taken from its own write until
// the cache catches up; status writes are compare-and-swap on the resourceVersion read.

import { StatusError } from '../apimachinery/errors.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { Obj } from '../types/kind.js';
import { cachedObjects } from './listers.js';

export class QuotaAccessor {
  /** Quotas written here, by namespace/name, until the cache holds that revision or a newer one. */
  private readonly written = new Map<string, Obj>();

  constructor(private readonly registry: Registry) {}

  private scope(namespace: string): Scope {
    const served = this.registry.catalog.lookup('', 'v1', 'resourcequotas');
    if (!served) throw new Error('resourcequotas are not served');
    return { served, namespace };
  }

  /** Whether the cache holds any quota in the namespace (without decoding them). */
  hasQuotas(namespace: string): boolean {
    const def = this.scope(namespace).served.def;
    const rs = this.registry.storeFor(def);
    return rs.cache.list(rs.keyPrefix(namespace), () => true).length > 0;
  }

  async quotas(namespace: string): Promise<Obj[]> {
    const scope = this.scope(namespace);
    return cachedObjects(this.registry, scope.served.def, namespace).map((q) => this.newest(q));
  }

  private newest(cached: Obj): Obj {
    const key = `${cached.metadata.namespace}/${cached.metadata.name}`;
    const mine = this.written.get(key);
    if (!mine) return cached;
    if (Number(cached.metadata.resourceVersion) >= Number(mine.metadata.resourceVersion) || cached.metadata.uid !== mine.metadata.uid) {
      this.written.delete(key);
      return cached;
    }
    return mine;
  }

  /** The named quotas as the store holds them now (after a conflict); gone ones are left out. */
  async liveQuotas(namespace: string, names: string[]): Promise<Obj[]> {
    const scope = this.scope(namespace);
    const out: Obj[] = [];
    for (const name of names) {
      try {
        out.push(await this.registry.get(scope, name));
      } catch (e) {
        if (!(e instanceof StatusError && e.code === 404)) throw e;
      }
    }
    return out;
  }

  /** Write status.used, failing with 409 if the quota changed since it was read. */
  async updateStatus(quota: Obj): Promise<void> {
    const namespace = String(quota.metadata.namespace);
    const { obj } = await this.registry.update(this.scope(namespace), String(quota.metadata.name), quota, { dryRun: false, subresource: 'status' });
    this.written.set(`${namespace}/${obj.metadata.name}`, obj);
  }
}
