// The resource quota controller (k8s.io/kubernetes pkg/controller/resourcequota): every
// quota's status.hard is its spec.hard and status.used what the namespace's objects use,
// recalculated when a quota is added or its limits change, when tracked objects go away or
// release usage (pods ending, services and claims shrinking), and every sync period
// (kube-controller-manager's --resource-quota-sync-period). Admission charges new objects;
// this keeps the totals true. Status writes are compare-and-swap on the read version.

import { StatusError } from '../apimachinery/errors.js';
import { evaluatorFor } from '../quota/evaluators.js';
import { cachedObjects } from '../quota/listers.js';
import { equals, formatResourceList, mask, parseResourceList } from '../quota/resources.js';
import { calculateUsage, quotaEvaluators } from '../quota/usage.js';
import type { Registry } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer } from './informer.js';
import { WorkQueue } from './queue.js';

export const DEFAULT_RESOURCE_QUOTA_SYNC_PERIOD_MS = 5 * 60_000;

/** Kinds whose updates can release usage; their last usage is remembered to see it drop. */
const RELEASING_UPDATES = new Set(['/pods', '/services', '/persistentvolumeclaims']);

export class ResourceQuotaController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly served: ServedResource;
  /** Usage last seen of objects whose updates may release some, by uid. */
  private readonly lastUsage = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    private readonly syncPeriodMs = DEFAULT_RESOURCE_QUOTA_SYNC_PERIOD_MS,
  ) {
    super();
    const served = registry.catalog.lookup('', 'v1', 'resourcequotas');
    if (!served) throw new Error('resourcequotas are not served');
    this.served = served;
    this.informer = new Informer(
      registry,
      () => quotaEvaluators(registry).map(({ def }) => ({ def, group: def.group, version: def.versions[0]! })),
      (type, obj, resource) => this.observe(type, obj, resource),
    );
    this.queue = new WorkQueue<string>(
      (k) => k,
      (k) => this.sync(k),
      (k, e) => this.log.v(2).info('resource quota sync retry', { resourceQuota: k, err: String(e) }),
    );
  }

  override async start(): Promise<void> {
    await super.start();
    if (this.syncPeriodMs > 0) {
      this.timer = setInterval(() => this.enqueueNamespace(undefined), this.syncPeriodMs);
      this.timer.unref();
    }
  }

  override stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    super.stop();
  }

  private observe(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: Obj, resource: ServedResource): void {
    const ns = obj.metadata?.namespace;
    if (!ns) return;
    if (resource.group === '' && resource.def.plural === 'resourcequotas') {
      if (type === 'DELETED') return;
      const hard = parseResourceList(obj.spec?.hard);
      const statusHard = parseResourceList(obj.status?.hard);
      const used = obj.status?.used ?? {};
      if (type === 'ADDED' || !equals(hard, statusHard) || Object.keys(hard).some((k) => !(k in used))) {
        this.queue.add(`${ns}/${obj.metadata.name}`);
      }
      // A quota is itself counted (count/resourcequotas): deleting one releases usage in others.
    }
    const key = `${resource.group}/${resource.def.plural}`;
    const uid = obj.metadata?.uid;
    if (RELEASING_UPDATES.has(key) && uid) {
      const ev = evaluatorFor(resource.group, resource.def.plural)!;
      const usage = JSON.stringify(formatResourceList(ev.usage(obj, Date.now())));
      const before = this.lastUsage.get(uid);
      if (type === 'DELETED') this.lastUsage.delete(uid);
      else this.lastUsage.set(uid, usage);
      if (type === 'MODIFIED' && before !== undefined && before !== usage) this.enqueueNamespace(ns);
    }
    if (type === 'DELETED') this.enqueueNamespace(ns);
  }

  /** Queue every quota of a namespace (all namespaces when undefined). */
  private enqueueNamespace(namespace: string | undefined): void {
    for (const q of cachedObjects(this.registry, this.served.def, namespace ?? '')) this.queue.add(`${q.metadata.namespace}/${q.metadata.name}`);
  }

  private async sync(key: string): Promise<void> {
    const [namespace, name] = key.split('/') as [string, string];
    let quota: Obj;
    try {
      quota = await this.registry.get({ served: this.served, namespace }, name);
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return;
      throw e;
    }
    const hard = parseResourceList(quota.spec?.hard);
    // Resources no evaluator tracks keep what they had; tracked ones are recounted.
    const used = mask({ ...parseResourceList(quota.status?.used), ...calculateUsage(this.registry, quota) }, Object.keys(hard));
    if (equals(hard, parseResourceList(quota.status?.hard)) && equals(used, parseResourceList(quota.status?.used))) return;
    quota.status = { hard: formatResourceList(hard), used: formatResourceList(used) };
    try {
      // quota.metadata.resourceVersion makes this a compare-and-swap: a conflict is retried from a fresh read.
      await this.registry.update({ served: this.served, namespace }, name, quota, { dryRun: false, subresource: 'status' });
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return;
      throw e;
    }
  }
}
