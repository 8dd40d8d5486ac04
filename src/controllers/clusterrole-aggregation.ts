// The ClusterRole aggregation controller (upstream pkg/controller/clusterroleaggregation):
// a ClusterRole with aggregationRule.clusterRoleSelectors gets as its rules the union of the
// rules of every other ClusterRole its selectors match (in name order, duplicates dropped),
// written by server-side apply as field manager clusterrole-aggregation-controller.

import { deepEqual } from '../registry/meta.js';
import { labelSelectorFromMetav1 } from '../apimachinery/labels.js';
import { apply } from '../apply/index.js';
import { StatusError } from '../apimachinery/errors.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export const AGGREGATION_FIELD_MANAGER = 'clusterrole-aggregation-controller';

export class ClusterRoleAggregationController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly served: ServedResource;
  /** The informer's view of every ClusterRole, by name. */
  private readonly roles = new Map<string, Obj>();

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
  ) {
    super();
    const served = registry.catalog.lookup('rbac.authorization.k8s.io', 'v1', 'clusterroles');
    if (!served) throw new Error('clusterroles are not served');
    this.served = served;
    this.informer = new Informer(registry, [served], (type, obj) => {
      if (type === 'DELETED') this.roles.delete(obj.metadata.name);
      else this.roles.set(obj.metadata.name, obj);
      // As upstream: any change may affect any aggregated role, so all of them are looked at.
      for (const role of this.roles.values()) if (role.aggregationRule) this.queue.add(role.metadata.name);
    });
    this.queue = new WorkQueue<string>(
      (n) => n,
      (n) => this.sync(n),
      (n, e) => this.log.v(2).info('clusterrole aggregation retry', { clusterRole: n, err: String(e) }),
    );
  }

  /** The rules an aggregated role should have, from the roles its selectors match. */
  aggregatedRules(role: Obj): unknown[] {
    const rules: unknown[] = [];
    const byName = [...this.roles.values()].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
    for (const sel of role.aggregationRule?.clusterRoleSelectors ?? []) {
      const selector = labelSelectorFromMetav1(sel);
      for (const other of byName) {
        if (other.metadata.name === role.metadata.name || !selector.matches(other.metadata.labels)) continue;
        for (const r of other.rules ?? []) if (!rules.some((have) => deepEqual(have, r))) rules.push(r);
      }
    }
    return rules;
  }

  private async sync(name: string): Promise<void> {
    const role = this.roles.get(name);
    if (!role?.aggregationRule) return;
    const rules = this.aggregatedRules(role);
    if (deepEqual(rules, role.rules ?? [])) return;
    const apiVersion = 'rbac.authorization.k8s.io/v1';
    const config = { apiVersion, kind: 'ClusterRole', metadata: { name }, rules };
    try {
      await this.registry.guaranteedUpdate(
        { served: this.served, namespace: '' },
        name,
        (current) => apply(current, config, AGGREGATION_FIELD_MANAGER, { apiVersion, kind: 'ClusterRole', schema: this.served.def.schema!, force: true }).object as Obj,
        { dryRun: false, fieldManager: AGGREGATION_FIELD_MANAGER, applied: true },
      );
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return;
      throw e;
    }
  }
}
