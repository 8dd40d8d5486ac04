// The local APIServices kube-apiserver keeps for the group versions it serves itself: the
// kube-aggregator's autoregister controller, given the built-in group versions to sync on start
// (cmd/kube-apiserver/app/aggregator.go apiServicesToRegister; label `onstart`) and every group
// version a CRD serves to sync always (pkg/controlplane/controller/crdregistration; label
// `true`), and the local availability controller's status for them (Available, reason Local).
// As autoregister's table has it:
// - a missing APIService is created (an `onstart` one only at start);
// - one of ours whose spec or label differs is put back (an `onstart` one only at start);
// - an `onstart` one no longer served is deleted at start, a `true` one whenever no CRD serves it
//   (first once the stored CRDs are loaded, so theirs are not taken for stale ones);
// - an APIService without the label (a user's) is never touched.
// The status is written without a managedFields entry, as the aggregator's is. Discovery itself
// stays the catalog's: deleting a local APIService does not hide its group, as it would upstream.

import { findStatusCondition, setStatusCondition } from '../apimachinery/conditions.js';
import { ignoreNotFound, StatusError } from '../apimachinery/errors.js';
import { matchEverything } from '../registry/filter.js';
import type { Registry, Scope } from '../registry/registry.js';
import { AGGREGATOR_GROUP, apiServiceName, builtinPriority, CUSTOM_RESOURCE_PRIORITY, type ApiServicePriority } from '../types/api-priorities.js';
import type { Catalog } from '../types/catalog.js';
import type { Obj } from '../types/kind.js';
import type { Logger } from '../util/log.js';

export const AUTOMANAGED_LABEL = 'kube-aggregator.kubernetes.io/automanaged';
type Sync = 'onstart' | 'true';
const FIELD_MANAGER = 'kube-apiserver';
const API_VERSION = 'apiregistration.k8s.io/v1';

interface Desired {
  name: string;
  sync: Sync;
  spec: { group: string; version: string; groupPriorityMinimum: number; versionPriority: number };
}

function desiredServices(catalog: Catalog): Map<string, Desired> {
  const out = new Map<string, Desired>();
  for (const g of catalog.groups) {
    if (g.name === AGGREGATOR_GROUP) continue;
    for (const version of g.versions) {
      const custom = catalog.resources(g.name, version)?.every(({ def }) => catalog.isCustom(def)) ?? false;
      const priority: ApiServicePriority | undefined = custom ? CUSTOM_RESOURCE_PRIORITY : builtinPriority(g.name, version);
      // Upstream registers none for a group version missing from its table.
      if (!priority) continue;
      const name = apiServiceName(g.name, version);
      out.set(name, { name, sync: custom ? 'true' : 'onstart', spec: { group: g.name, version, groupPriorityMinimum: priority.group, versionPriority: priority.version } });
    }
  }
  return out;
}

const sameSpec = (a: Obj | undefined, b: Desired['spec']) =>
  !!a && a.group === b.group && a.version === b.version && a.groupPriorityMinimum === b.groupPriorityMinimum && a.versionPriority === b.versionPriority && a.service == null;

const isAvailable = (o: Obj) => findStatusCondition(o.status?.conditions, 'Available')?.status === 'True';

export class ApiServiceRegistration {
  private readonly scope: Scope | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Syncs run one at a time; a change during one asks for one more after it. */
  private running: Promise<void> = Promise.resolve();
  private pending = false;
  private stopped = false;

  constructor(
    private readonly registry: Registry,
    private readonly catalog: Catalog,
    private readonly log: Logger,
  ) {
    const served = catalog.lookup(AGGREGATOR_GROUP, 'v1', 'apiservices');
    this.scope = served ? { served, namespace: '' } : undefined;
  }

  /**
   * The built-in group versions' sync on start (what readiness waits for, as upstream's
   * autoregister-completion check); once `crdsLoaded`, the CRDs' group versions follow the
   * catalog in the background, as crdregistration's do.
   */
  async start(crdsLoaded: Promise<void>): Promise<void> {
    if (!this.scope) return;
    await this.sync('onstart');
    crdsLoaded.then(
      () => {
        if (this.stopped) return;
        this.unsubscribe = this.catalog.onChange(() => this.resync());
        this.resync();
      },
      () => undefined, // the CRD layer reports its own failure
    );
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private resync(): void {
    if (this.pending) return;
    this.pending = true;
    this.running = this.running.then(async () => {
      this.pending = false;
      if (this.stopped) return;
      await this.sync('true').catch((e) => {
        if (!this.stopped) this.log.error('APIService registration failed', e);
      });
    });
  }

  /** Brings the APIServices labelled `which` in line with what the catalog serves. */
  private async sync(which: Sync): Promise<void> {
    const scope = this.scope!;
    const desired = desiredServices(this.catalog);
    const current = new Map<string, Obj>();
    for (const bytes of (await this.registry.list(scope, { filter: matchEverything })).items) {
      const o = JSON.parse(bytes.toString('utf8')) as Obj;
      current.set(o.metadata.name, o);
    }
    const work: Promise<unknown>[] = [];
    for (const d of desired.values()) {
      if (d.sync !== which) continue;
      const live = current.get(d.name);
      if (!live) work.push(this.create(d));
      else if (live.metadata.labels?.[AUTOMANAGED_LABEL] !== undefined) work.push(this.reconcile(live, d));
    }
    for (const live of current.values()) {
      if (desired.has(live.metadata.name) || live.metadata.labels?.[AUTOMANAGED_LABEL] !== which) continue;
      work.push(this.registry.delete(scope, live.metadata.name, { dryRun: false, fieldManager: FIELD_MANAGER, preconditions: { uid: live.metadata.uid } }).catch(ignoreNotFound));
    }
    await Promise.all(work);
  }

  private async create(d: Desired): Promise<void> {
    const obj: Obj = { apiVersion: API_VERSION, kind: 'APIService', metadata: { name: d.name, labels: { [AUTOMANAGED_LABEL]: d.sync } }, spec: { ...d.spec } };
    try {
      await this.registry.create(this.scope!, obj, { dryRun: false, fieldManager: FIELD_MANAGER });
    } catch (e) {
      // Another replica registered it first.
      if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
    }
    await this.markAvailable(d.name);
  }

  private async reconcile(live: Obj, d: Desired): Promise<void> {
    if (!sameSpec(live.spec, d.spec) || live.metadata.labels[AUTOMANAGED_LABEL] !== d.sync) {
      await this.registry
        .guaranteedUpdate(
          this.scope!,
          d.name,
          (cur) => {
            if (!cur) throw new StatusError(404, 'NotFound', 'gone');
            cur.metadata.labels = { ...cur.metadata.labels, [AUTOMANAGED_LABEL]: d.sync };
            cur.spec = { ...cur.spec, ...d.spec };
            delete cur.spec.service;
            return cur;
          },
          { dryRun: false, fieldManager: FIELD_MANAGER },
        )
        .catch(ignoreNotFound);
    }
    if (!isAvailable(live)) await this.markAvailable(d.name);
  }

  /** The local availability controller's condition (apiservice-status-local-available-controller). */
  private async markAvailable(name: string): Promise<void> {
    await this.registry
      .guaranteedUpdate(
        this.scope!,
        name,
        (cur) => {
          if (!cur) throw new StatusError(404, 'NotFound', 'gone');
          const conditions: Obj[] = [...(cur.status?.conditions ?? [])];
          setStatusCondition(conditions, { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' });
          cur.status = { ...cur.status, conditions };
          return cur;
        },
        { dryRun: false, subresource: 'status', applied: true },
      )
      .catch(ignoreNotFound);
  }
}
