// The CustomResourceDefinition controllers of apiextensions-apiserver, in process: naming
// (NamesAccepted, status.acceptedNames), establishing (Established), finalizing (deleting
// every custom resource before the CRD goes) and serving (adding each established CRD's
// resource to the live catalog, removing it when the CRD is gone). They run on every
// replica: serving is per process, and status writes tolerate conflicts between replicas.

import { StatusError } from '../apimachinery/errors.js';
import { Informer } from '../controllers/informer.js';
import { WorkQueue } from '../controllers/queue.js';
import { matchEverything } from '../registry/filter.js';
import { deepEqual } from '../registry/meta.js';
import type { Registry, Scope } from '../registry/registry.js';
import type { ServedResource } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';
import { buildCustomResource, servingChanged } from './kind.js';
import { CLEANUP_FINALIZER, CRD_GROUP, CRD_PLURAL, asCrd, conditionEquivalent, findCondition, isConditionTrue, setCondition, type Crd, type CrdCondition, type CrdNames } from './types.js';
import { waitAtMost } from '../util/wait-at-most.js';

export interface CrdControllerOptions {
  /** How long deletion waits for custom resources to disappear before reporting (upstream: 1 minute). */
  instanceDeletionTimeoutMs?: number;
}

interface Installed {
  crd: Crd;
  group: string;
  plural: string;
  storageLayout: string;
}

function storageLayout(crd: Crd, storageFields: string[]): string {
  return JSON.stringify([crd.metadata.uid, crd.spec.scope, crd.spec.versions?.find((v) => v.storage)?.name, storageFields.sort()]);
}

export class CrdController {
  private readonly crds: ServedResource;
  private readonly informer: Informer;
  private readonly queue: WorkQueue<string>;
  private readonly finalizerQueue: WorkQueue<string>;
  private readonly installed = new Map<string, Installed>();
  private readonly timeoutMs: number;

  constructor(
    private readonly registry: Registry,
    private readonly log: Logger,
    opts: CrdControllerOptions = {},
  ) {
    const crds = registry.catalog.lookup(CRD_GROUP, 'v1', CRD_PLURAL);
    if (!crds) throw new Error('customresourcedefinitions are not served');
    this.crds = crds;
    this.timeoutMs = opts.instanceDeletionTimeoutMs ?? 60_000;
    this.queue = new WorkQueue<string>(
      (n) => n,
      (n) => this.sync(n),
      (n, e) => this.log.v(2).info('crd controller retry', { crd: n, err: String(e) }),
    );
    this.finalizerQueue = new WorkQueue<string>(
      (n) => n,
      (n) => this.finalize(n),
      (n, e) => this.log.v(2).info('crd finalizer retry', { crd: n, err: String(e) }),
    );
    this.informer = new Informer(registry, [crds], (type, obj) => {
      const name = String(obj.metadata?.name ?? '');
      if (!name) return;
      this.queue.add(name);
      if (type !== 'DELETED' && obj.metadata?.deletionTimestamp) this.finalizerQueue.add(name);
    });
  }

  /** Start following CRDs; resolves once every stored CRD has been looked at (established ones are served). */
  async start(): Promise<void> {
    await this.informer.start();
    // A CRD whose status cannot be written yet (it keeps retrying) must not hold up readiness.
    await waitAtMost(this.queue.idle(), 10_000);
  }

  stop(): void {
    this.informer.stop();
    this.queue.stop();
    this.finalizerQueue.stop();
  }

  /** Resolves when nothing is left to do (for tests). */
  async idle(): Promise<void> {
    await this.queue.idle();
    await this.finalizerQueue.idle();
    await this.queue.idle();
  }

  private scope(): Scope {
    return { served: this.crds, namespace: '' };
  }

  private async get(name: string): Promise<Crd | undefined> {
    try {
      return asCrd(await this.registry.get(this.scope(), name));
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return undefined;
      throw e;
    }
  }

  /** UpdateStatus with optimistic concurrency; undefined when the CRD changed or went meanwhile (we will be called again). */
  private async updateStatus(crd: Crd): Promise<Crd | undefined> {
    const name = String(crd.metadata.name);
    try {
      const res = await this.registry.guaranteedUpdate(
        this.scope(),
        name,
        (cur) => {
          if (!cur) throw new StatusError(404, 'NotFound', 'gone');
          if (cur.metadata.resourceVersion !== crd.metadata.resourceVersion) throw new StatusError(409, 'Conflict', 'changed');
          return { ...cur, status: crd.status };
        },
        { dryRun: false, subresource: 'status' },
      );
      return asCrd(res.obj);
    } catch (e) {
      if (e instanceof StatusError && (e.code === 404 || e.code === 409)) {
        this.queue.add(name);
        return undefined;
      }
      throw e;
    }
  }

  private async sync(name: string): Promise<void> {
    let crd = await this.get(name);
    if (!crd) {
      this.uninstall(name);
      this.requeueGroup(name);
      return;
    }
    // Naming: accept the requested names that do not clash with other CRDs of the group.
    if (!deepEqual(crd.spec.names ?? {}, crd.status?.acceptedNames ?? {})) {
      const { accepted, namesAccepted, established } = await this.calculateNames(crd);
      if (!deepEqual(crd.status?.acceptedNames ?? {}, accepted) || !conditionEquivalent(namesAccepted, findCondition(crd, 'NamesAccepted'))) {
        const next = structuredClone(crd);
        next.status ??= {};
        next.status.acceptedNames = accepted;
        setCondition(next, namesAccepted);
        setCondition(next, established);
        const updated = await this.updateStatus(next);
        if (!updated) return;
        crd = updated;
        this.requeueGroup(name);
      }
    }
    // Establishing: once the names are accepted the resource is served.
    if (isConditionTrue(crd, 'NamesAccepted') && !isConditionTrue(crd, 'Established')) {
      const next = structuredClone(crd);
      setCondition(next, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' });
      this.install(next);
      const updated = await this.updateStatus(next);
      if (!updated) return;
      crd = updated;
    }
    if (isConditionTrue(crd, 'Established')) this.install(crd);
    else this.uninstall(name);
  }

  private async calculateNames(crd: Crd): Promise<{ accepted: CrdNames; namesAccepted: CrdCondition; established: CrdCondition }> {
    const group = crd.spec.group ?? '';
    const resources = new Set<string>();
    const kinds = new Set<string>();
    const list = await this.registry.list(this.scope(), { filter: matchEverything });
    for (const b of list.items) {
      const other = asCrd(JSON.parse(b.toString('utf8')) as Obj);
      if (other.spec.group !== group || other.metadata.name === crd.metadata.name) continue;
      const a = other.status?.acceptedNames ?? {};
      for (const n of [a.plural, a.singular, ...(a.shortNames ?? [])]) if (n) resources.add(n);
      for (const n of [a.kind, a.listKind]) if (n) kinds.add(n);
    }
    const requested = crd.spec.names ?? {};
    const current = crd.status?.acceptedNames ?? {};
    const accepted: CrdNames = { ...current };
    const cond: CrdCondition = { type: 'NamesAccepted', status: 'Unknown' };
    const fresh = (req: string | undefined, acc: string | undefined, used: Set<string>): string | undefined => {
      if (req === acc || req === undefined || !used.has(req)) return undefined;
      return `"${req}" is already in use`;
    };
    const fail = (reason: string, message: string) => {
      cond.status = 'False';
      cond.reason = reason;
      cond.message = message;
    };
    let err = fresh(requested.plural, current.plural, resources);
    if (err) fail('PluralConflict', err);
    else accepted.plural = requested.plural;
    err = fresh(requested.singular, current.singular, resources);
    if (err) fail('SingularConflict', err);
    else accepted.singular = requested.singular;
    if (!deepEqual(requested.shortNames ?? [], current.shortNames ?? [])) {
      const mine = new Set(current.shortNames ?? []);
      const errs = (requested.shortNames ?? []).filter((s) => !mine.has(s)).map((s) => fresh(s, '', resources)).filter((x): x is string => !!x);
      if (errs.length) fail('ShortNamesConflict', errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`);
      else accepted.shortNames = requested.shortNames;
    }
    err = fresh(requested.kind, current.kind, kinds);
    if (err) fail('KindConflict', err);
    else accepted.kind = requested.kind;
    err = fresh(requested.listKind, current.listKind, kinds);
    if (err) fail('ListKindConflict', err);
    else accepted.listKind = requested.listKind;
    accepted.categories = requested.categories;
    // Field order as the Go struct serializes it.
    const ordered: CrdNames = {};
    for (const k of ['plural', 'singular', 'shortNames', 'kind', 'listKind', 'categories'] as const) {
      if (accepted[k] !== undefined) (ordered as Record<string, unknown>)[k] = accepted[k];
    }
    if (cond.status === 'Unknown') {
      cond.status = 'True';
      cond.reason = 'NoConflicts';
      cond.message = 'no conflicts found';
    }
    let established: CrdCondition = findCondition(crd, 'Established') ?? { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
    if (established.status !== 'True' && cond.status === 'True') {
      established = { type: 'Established', status: 'False', reason: 'Installing', message: 'the initial names have been accepted' };
    }
    return { accepted: ordered, namesAccepted: cond, established };
  }

  /** The other CRDs of a deleted or renamed CRD's group may now get the names it held. */
  private requeueGroup(name: string): void {
    const group = name.slice(name.indexOf('.') + 1);
    void this.registry
      .list(this.scope(), { filter: matchEverything })
      .then((list) => {
        for (const b of list.items) {
          const o = JSON.parse(b.toString('utf8')) as Crd;
          if (o.spec?.group === group && o.metadata?.name !== name) this.queue.add(String(o.metadata.name));
        }
      })
      .catch(() => undefined);
  }

  // ---- serving ----

  private install(crd: Crd): void {
    const name = String(crd.metadata.name);
    const prev = this.installed.get(name);
    if (prev && !servingChanged(prev.crd, crd)) return;
    const built = buildCustomResource(crd);
    const group = crd.spec.group ?? '';
    const plural = built.storage.plural;
    const layout = storageLayout(crd, Object.keys(built.storage.fieldSelectors ?? {}));
    const catalog = this.registry.catalog;
    if (prev && (prev.storageLayout !== layout || prev.group !== group || prev.plural !== plural)) this.registry.dropStore(prev.group, prev.plural);
    catalog.setCustomResource(name, { group, plural, served: built.served, storage: built.storage });
    this.installed.set(name, { crd: structuredClone(crd), group, plural, storageLayout: layout });
    this.log.v(2).info('serving custom resource', { crd: name, versions: built.served.map((d) => d.versions[0]) });
  }

  private uninstall(name: string): void {
    const prev = this.installed.get(name);
    if (!prev) return;
    this.installed.delete(name);
    this.registry.catalog.removeCustomResource(name);
    this.registry.dropStore(prev.group, prev.plural);
    this.log.v(2).info('stopped serving custom resource', { crd: name });
  }

  // ---- finalizing ----

  private async finalize(name: string): Promise<void> {
    let crd = await this.get(name);
    if (!crd || !crd.metadata.deletionTimestamp || !(crd.metadata.finalizers ?? []).includes(CLEANUP_FINALIZER)) return;
    const progress = structuredClone(crd);
    setCondition(progress, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
    const updated = await this.updateStatus(progress);
    if (!updated) {
      this.finalizerQueue.addAfter(name, 50);
      return;
    }
    crd = updated;
    let cond: CrdCondition;
    if (isConditionTrue(crd, 'Established')) {
      cond = await this.deleteInstances(crd);
      if (cond.status === 'True') {
        const failed = structuredClone(crd);
        setCondition(failed, cond);
        await this.updateStatus(failed);
        throw new Error(cond.message);
      }
    } else {
      cond = { type: 'Terminating', status: 'False', reason: 'NeverEstablished', message: 'resource was never established' };
    }
    const done = structuredClone(crd);
    setCondition(done, cond);
    const afterStatus = await this.updateStatus(done);
    if (!afterStatus) {
      this.finalizerQueue.addAfter(name, 50);
      return;
    }
    // Dropping the last finalizer of a terminating CRD removes it.
    await this.registry
      .guaranteedUpdate(
        this.scope(),
        name,
        (cur) => {
          if (!cur) throw new StatusError(404, 'NotFound', 'gone');
          const fins = (cur.metadata.finalizers ?? []).filter((f: string) => f !== CLEANUP_FINALIZER);
          if (fins.length) cur.metadata.finalizers = fins;
          else delete cur.metadata.finalizers;
          return cur;
        },
        { dryRun: false },
      )
      .catch((e) => {
        if (!(e instanceof StatusError && e.code === 404)) throw e;
      });
  }

  /** Delete every custom resource of the CRD, namespace by namespace, and wait until none is left. */
  private async deleteInstances(crd: Crd): Promise<CrdCondition> {
    const entry = this.registry.catalog.customResource(String(crd.metadata.name));
    if (!entry) return { type: 'Terminating', status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' };
    const served: ServedResource = { def: entry.storage, group: entry.group, version: entry.storage.versions[0]! };
    const all: Scope = { served, namespace: '' };
    let items: Obj[];
    try {
      items = (await this.registry.list(all, { filter: matchEverything })).items.map((b) => JSON.parse(b.toString('utf8')) as Obj);
    } catch (e) {
      return { type: 'Terminating', status: 'True', reason: 'InstanceDeletionFailed', message: `could not list instances: ${(e as Error).message}` };
    }
    const namespaces = [...new Set(items.map((o) => String(o.metadata?.namespace ?? '')))];
    const errors: string[] = [];
    for (const ns of namespaces) {
      try {
        await this.registry.deleteCollection({ served, namespace: ns }, { filter: matchEverything }, { dryRun: false }, { keepItems: false });
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    if (errors.length) {
      return { type: 'Terminating', status: 'True', reason: 'InstanceDeletionFailed', message: `could not issue all deletes: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}` };
    }
    const deadline = Date.now() + this.timeoutMs;
    for (let wait = 20; ; wait = Math.min(wait * 2, 1000)) {
      const left = await this.registry.list(all, { filter: matchEverything });
      if (left.items.length === 0) break;
      if (Date.now() > deadline) {
        return { type: 'Terminating', status: 'True', reason: 'InstanceDeletionCheck', message: 'could not confirm zero CustomResources remaining: timed out waiting for the condition' };
      }
      this.log.v(2).info('waiting for custom resources to be removed', { crd: crd.metadata.name, remaining: left.items.length });
      await new Promise((r) => setTimeout(r, wait));
    }
    return { type: 'Terminating', status: 'False', reason: 'InstanceDeletionCompleted', message: 'removed all instances' };
  }
}
