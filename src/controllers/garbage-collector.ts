// The garbage collector, as kube-controller-manager runs it: an ownerReferences
// graph over every kind; dependents of deleted owners are deleted (background),
// foreground deletion waits for blocking dependents, and the orphan finalizer
// strips owner references from dependents.

import { ignoreNotFound, StatusError } from '../apimachinery/errors.js';
import { FINALIZER_FOREGROUND, FINALIZER_ORPHAN, type Registry, type Scope } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { InformerController } from './informer-controller.js';
import { Informer, storedResources, type InformerEvent } from './informer.js';
import { WorkQueue } from './queue.js';

interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

interface Node {
  uid: string;
  served: ServedResource;
  namespace: string;
  name: string;
  owners: OwnerRef[];
  deleting: boolean;
  finalizers: string[];
}

type Item = { kind: 'delete' | 'orphan'; uid: string; served: ServedResource; namespace: string; name: string };

export class GarbageCollector extends InformerController<Item> {
  private readonly nodes = new Map<string, Node>();
  private readonly dependents = new Map<string, Set<string>>();
  protected readonly informer: Informer;
  protected readonly queue: WorkQueue<Item>;
  private synced = false;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
  ) {
    super();
    // Follows the catalog, so custom resources added at run time are collected too.
    // Metadata only, as upstream's graph builder uses metadata informers.
    this.informer = new Informer(registry, () => storedResources(registry), (t, o, s) => this.observe(t, o, s), { metadataOnly: true });
    this.queue = new WorkQueue<Item>(
      (i) => `${i.kind}/${i.uid}`,
      (i) => (i.kind === 'orphan' ? this.orphanDependents(i) : this.attemptToDelete(i)),
      (i, e) => this.log.v(2).info('garbage collector retry', { item: `${i.served.def.plural}/${i.namespace}/${i.name}`, err: String(e) }),
    );
  }

  override async start(): Promise<void> {
    await super.start();
    this.synced = true;
    // Resume whatever was in flight before a restart.
    for (const n of this.nodes.values()) this.enqueueIfNeeded(n);
  }

  private observe(type: InformerEvent, obj: Obj, served: ServedResource): void {
    const meta = obj.metadata ?? {};
    const uid: string = meta.uid;
    if (!uid) return;
    const old = this.nodes.get(uid);
    if (type === 'DELETED') {
      if (old) this.removeNode(old);
      // Dependents of a vanished owner must be looked at again.
      for (const dep of this.dependents.get(uid) ?? []) {
        const d = this.nodes.get(dep);
        if (d) this.enqueue('delete', d);
      }
      // An owner waiting for this dependent (foreground) may be done now.
      for (const ref of ownerRefs(obj)) {
        const owner = this.nodes.get(ref.uid);
        if (owner && owner.deleting && owner.finalizers.includes(FINALIZER_FOREGROUND)) this.enqueue('delete', owner);
      }
      return;
    }
    const node: Node = {
      uid,
      served,
      namespace: meta.namespace ?? '',
      name: meta.name,
      owners: ownerRefs(obj),
      deleting: !!meta.deletionTimestamp,
      finalizers: Array.isArray(meta.finalizers) ? meta.finalizers : [],
    };
    if (old) this.unlinkOwners(old);
    this.nodes.set(uid, node);
    for (const o of node.owners) {
      let set = this.dependents.get(o.uid);
      if (!set) this.dependents.set(o.uid, (set = new Set()));
      set.add(uid);
    }
    if (this.synced) this.enqueueIfNeeded(node, old);
  }

  private enqueueIfNeeded(node: Node, old?: Node): void {
    if (node.deleting && node.finalizers.includes(FINALIZER_ORPHAN)) this.enqueue('orphan', node);
    if (node.deleting && node.finalizers.includes(FINALIZER_FOREGROUND)) {
      this.enqueue('delete', node);
      for (const dep of this.dependents.get(node.uid) ?? []) {
        const d = this.nodes.get(dep);
        if (d) this.enqueue('delete', d);
      }
    }
    const ownersChanged = !old || JSON.stringify(old.owners) !== JSON.stringify(node.owners);
    if (ownersChanged && node.owners.some((o) => !this.nodes.has(o.uid) || this.nodes.get(o.uid)!.deleting)) this.enqueue('delete', node);
    // A foreground-deleting owner re-checks when a blocking dependent changes.
    if (old && (node.deleting !== old.deleting || ownersChanged)) {
      for (const o of old.owners) {
        const owner = this.nodes.get(o.uid);
        if (owner?.deleting && owner.finalizers.includes(FINALIZER_FOREGROUND)) this.enqueue('delete', owner);
      }
    }
  }

  private enqueue(kind: Item['kind'], n: Node): void {
    this.queue.add({ kind, uid: n.uid, served: n.served, namespace: n.namespace, name: n.name });
  }

  private unlinkOwners(n: Node): void {
    for (const o of n.owners) {
      const set = this.dependents.get(o.uid);
      set?.delete(n.uid);
      if (set && set.size === 0) this.dependents.delete(o.uid);
    }
  }

  private removeNode(n: Node): void {
    this.unlinkOwners(n);
    this.nodes.delete(n.uid);
  }

  private scope(served: ServedResource, namespace: string): Scope {
    return { served, namespace: served.def.namespaced ? namespace : '' };
  }

  private async getLive(served: ServedResource, namespace: string, name: string): Promise<Obj | undefined> {
    try {
      return await this.registry.get(this.scope(served, namespace), name);
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return undefined;
      throw e;
    }
  }

  /** Where an owner reference points, or undefined when the kind is unknown. */
  private resolveOwner(ref: OwnerRef, dependentNamespace: string): { served: ServedResource; namespace: string } | undefined {
    const served = this.registry.catalog.byKind(ref.apiVersion, ref.kind);
    if (!served) return undefined;
    return { served, namespace: served.def.namespaced ? dependentNamespace : '' };
  }

  private async attemptToDelete(item: Item): Promise<void> {
    const obj = await this.getLive(item.served, item.namespace, item.name);
    if (!obj || obj.metadata.uid !== item.uid) return;
    const meta = obj.metadata;
    const finalizers: string[] = Array.isArray(meta.finalizers) ? meta.finalizers : [];
    if (meta.deletionTimestamp) {
      if (finalizers.includes(FINALIZER_FOREGROUND)) await this.processDeletingDependents(item, obj);
      return;
    }
    const refs = ownerRefs(obj);
    if (refs.length === 0) return;
    const solid: OwnerRef[] = [];
    const dangling: OwnerRef[] = [];
    const waiting: OwnerRef[] = [];
    for (const ref of refs) {
      if (!meta.namespace && this.resolveOwner(ref, '')?.served.def.namespaced) {
        dangling.push(ref); // a cluster-scoped dependent cannot have a namespaced owner
        continue;
      }
      const where = this.resolveOwner(ref, meta.namespace ?? '');
      if (!where) {
        solid.push(ref); // unknown kind: never delete on its account
        continue;
      }
      const owner = await this.getLive(where.served, where.namespace, ref.name);
      if (!owner || owner.metadata.uid !== ref.uid) dangling.push(ref);
      else if (owner.metadata.deletionTimestamp && (owner.metadata.finalizers ?? []).includes(FINALIZER_FOREGROUND)) waiting.push(ref);
      else solid.push(ref);
    }
    const scope = this.scope(item.served, item.namespace);
    if (solid.length > 0) {
      if (dangling.length === 0 && waiting.length === 0) return;
      // Some owners remain: drop the dangling references and stop blocking owners being deleted.
      const drop = new Set(dangling.map((r) => r.uid));
      const unblock = new Set(waiting.map((r) => r.uid));
      await this.registry.guaranteedUpdate(
        scope,
        item.name,
        (cur) => {
          if (!cur || cur.metadata.uid !== item.uid) throw new StatusError(404, 'NotFound', 'gone');
          const next = cur;
          next.metadata.ownerReferences = ownerRefs(cur)
            .filter((r) => !drop.has(r.uid))
            .map((r) => (unblock.has(r.uid) && r.blockOwnerDeletion ? { ...r, blockOwnerDeletion: false } : r));
          if (next.metadata.ownerReferences.length === 0) delete next.metadata.ownerReferences;
          return next;
        },
        { dryRun: false },
      ).catch(ignoreNotFound);
      return;
    }
    // No owner left: delete the dependent. Foreground when an owner waits for it and it has dependents of its own.
    let policy: 'Foreground' | 'Background' | 'Orphan' = 'Background';
    if (finalizers.includes(FINALIZER_ORPHAN)) policy = 'Orphan';
    else if (finalizers.includes(FINALIZER_FOREGROUND)) policy = 'Foreground';
    else if (waiting.length > 0 && (this.dependents.get(item.uid)?.size ?? 0) > 0) policy = 'Foreground';
    this.log.v(2).info('garbage collector deleting dependent', { resource: item.served.def.plural, namespace: item.namespace, name: item.name, policy });
    await this.registry.delete(scope, item.name, { dryRun: false, propagationPolicy: policy, preconditions: { uid: item.uid } }).catch(ignoreNotFound);
  }

  /** A foreground-deleting owner: delete dependents; drop the finalizer once no blocking dependent remains. */
  private async processDeletingDependents(item: Item, owner: Obj): Promise<void> {
    const blocking: Node[] = [];
    for (const dep of this.dependents.get(item.uid) ?? []) {
      const d = this.nodes.get(dep);
      if (!d) continue;
      const ref = d.owners.find((o) => o.uid === item.uid);
      if (ref?.blockOwnerDeletion) blocking.push(d);
      if (!d.deleting) this.enqueue('delete', d);
    }
    if (blocking.length > 0) return;
    void owner;
    await this.removeFinalizer(item, FINALIZER_FOREGROUND);
  }

  /** The orphan finalizer: remove references to the owner from every dependent, then the finalizer. */
  private async orphanDependents(item: Item): Promise<void> {
    for (const dep of [...(this.dependents.get(item.uid) ?? [])]) {
      const d = this.nodes.get(dep);
      if (!d) continue;
      await this.registry
        .guaranteedUpdate(
          this.scope(d.served, d.namespace),
          d.name,
          (cur) => {
            if (!cur) throw new StatusError(404, 'NotFound', 'gone');
            const refs = ownerRefs(cur).filter((r) => r.uid !== item.uid);
            if (refs.length) cur.metadata.ownerReferences = refs;
            else delete cur.metadata.ownerReferences;
            return cur;
          },
          { dryRun: false },
        )
        .catch(ignoreNotFound);
    }
    await this.removeFinalizer(item, FINALIZER_ORPHAN);
  }

  private async removeFinalizer(item: Item, finalizer: string): Promise<void> {
    await this.registry
      .guaranteedUpdate(
        this.scope(item.served, item.namespace),
        item.name,
        (cur) => {
          if (!cur || cur.metadata.uid !== item.uid) throw new StatusError(404, 'NotFound', 'gone');
          const f = (cur.metadata.finalizers ?? []).filter((x: string) => x !== finalizer);
          if (f.length) cur.metadata.finalizers = f;
          else delete cur.metadata.finalizers;
          return cur;
        },
        { dryRun: false },
      )
      .catch(ignoreNotFound);
  }
}

function ownerRefs(obj: Obj): OwnerRef[] {
  const refs = obj.metadata?.ownerReferences;
  return Array.isArray(refs) ? refs.filter((r) => r && typeof r.uid === 'string') : [];
}

