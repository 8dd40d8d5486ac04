// The namespace controller: when a namespace is terminating, delete every
// namespaced object of every kind in it, report progress in its conditions,
// and release the `kubernetes` finalizer once nothing is left.

import { StatusError } from '../apimachinery/errors.js';
import { matchEverything } from '../registry/filter.js';
import { nowTimestamp } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer, storedResources } from './informer.js';
import { WorkQueue } from './queue.js';

const FINALIZER = 'kubernetes';
const CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

export class NamespaceController extends InformerController<string> {
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<string>;
  private readonly namespaces: ServedResource;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    /** How long to wait before re-checking a namespace whose content is still going. */
    private readonly recheckMs = 1000,
  ) {
    super();
    const ns = registry.catalog.lookup('', 'v1', 'namespaces');
    if (!ns) throw new Error('namespaces are not served');
    this.namespaces = ns;
    this.informer = new Informer(registry, [ns], (type, obj) => {
      if (type !== 'DELETED' && obj.metadata?.deletionTimestamp) this.queue.add(obj.metadata.name);
    });
    this.queue = new WorkQueue<string>(
      (n) => n,
      (n) => this.sync(n),
      (n, e) => this.log.v(2).info('namespace controller retry', { namespace: n, err: String(e) }),
    );
  }

  private nsScope(): Scope {
    return { served: this.namespaces, namespace: '' };
  }

  private async sync(name: string): Promise<void> {
    let ns: Obj;
    try {
      ns = await this.registry.get(this.nsScope(), name);
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return;
      throw e;
    }
    if (!ns.metadata.deletionTimestamp) return;
    const remaining: Record<string, number> = {};
    const withFinalizers: Record<string, number> = {};
    const failures: string[] = [];
    for (const served of storedResources(this.registry)) {
      if (!served.def.namespaced) continue;
      const scope: Scope = { served, namespace: name };
      try {
        if (served.def.verbs.includes('deletecollection')) {
          await this.registry.deleteCollection(scope, { filter: matchEverything }, { dryRun: false, propagationPolicy: 'Background' }, { keepItems: false });
        } else {
          const list = await this.registry.list(scope, { filter: matchEverything });
          for (const b of list.items) {
            const o = JSON.parse(b.toString('utf8'));
            await this.registry.delete(scope, o.metadata.name, { dryRun: false, propagationPolicy: 'Background' }).catch((e) => {
              if (!(e instanceof StatusError && e.code === 404)) throw e;
            });
          }
        }
        const left = await this.registry.list(scope, { filter: matchEverything });
        if (left.items.length > 0) {
          const gr = served.group ? `${served.def.plural}.${served.group}` : served.def.plural;
          remaining[gr] = left.items.length;
          for (const b of left.items) {
            for (const f of JSON.parse(b.toString('utf8')).metadata?.finalizers ?? []) withFinalizers[f] = (withFinalizers[f] ?? 0) + 1;
          }
        }
      } catch (e) {
        failures.push(`${served.def.plural}: ${(e as Error).message}`);
      }
    }
    await this.setConditions(name, remaining, withFinalizers, failures);
    if (Object.keys(remaining).length > 0 || failures.length > 0) {
      this.queue.addAfter(name, this.recheckMs);
      return;
    }
    // Everything is gone: release our finalizer; the registry removes the namespace.
    await this.registry
      .guaranteedUpdate(
        this.nsScope(),
        name,
        (cur) => {
          if (!cur) throw new StatusError(404, 'NotFound', 'gone');
          const fins = (cur.spec?.finalizers ?? []).filter((f: string) => f !== FINALIZER);
          cur.spec = { ...(cur.spec ?? {}), finalizers: fins };
          return cur;
        },
        { dryRun: false, subresource: 'finalize' },
      )
      .catch((e) => {
        if (!(e instanceof StatusError && e.code === 404)) throw e;
      });
    this.log.v(2).info('namespace content removed', { namespace: name });
  }

  private async setConditions(name: string, remaining: Record<string, number>, finalizers: Record<string, number>, failures: string[]): Promise<void> {
    const now = nowTimestamp();
    const desired: Record<(typeof CONDITION_TYPES)[number], { status: string; reason: string; message: string }> = {
      NamespaceDeletionDiscoveryFailure: { status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
      NamespaceDeletionGroupVersionParsingFailure: { status: 'False', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
      NamespaceDeletionContentFailure: failures.length
        ? { status: 'True', reason: 'ContentDeletionFailed', message: `Failed to delete all resource types, ${failures.length} remaining: ${failures.join(', ')}` }
        : { status: 'False', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
      NamespaceContentRemaining: Object.keys(remaining).length
        ? { status: 'True', reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${Object.entries(remaining).sort().map(([r, n]) => `${r} has ${n} resource instances`).join(', ')}` }
        : { status: 'False', reason: 'ContentRemoved', message: 'All content successfully removed' },
      NamespaceFinalizersRemaining: Object.keys(finalizers).length
        ? { status: 'True', reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${Object.entries(finalizers).sort().map(([f, n]) => `${f} in ${n} resource instances`).join(', ')}` }
        : { status: 'False', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
    };
    await this.registry
      .guaranteedUpdate(
        this.nsScope(),
        name,
        (cur) => {
          if (!cur) throw new StatusError(404, 'NotFound', 'gone');
          const old: Obj[] = Array.isArray(cur.status?.conditions) ? cur.status.conditions : [];
          const conditions = CONDITION_TYPES.map((type) => {
            const d = desired[type];
            const prev = old.find((c) => c.type === type);
            const same = prev && prev.status === d.status && prev.reason === d.reason && prev.message === d.message;
            return { type, status: d.status, lastTransitionTime: same ? prev.lastTransitionTime : prev && prev.status === d.status ? prev.lastTransitionTime : now, reason: d.reason, message: d.message };
          });
          cur.status = { ...(cur.status ?? {}), phase: 'Terminating', conditions };
          return cur;
        },
        { dryRun: false, subresource: 'status' },
      )
      .catch((e) => {
        if (!(e instanceof StatusError && e.code === 404)) throw e;
      });
  }
}
