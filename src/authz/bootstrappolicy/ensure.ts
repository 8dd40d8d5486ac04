// The rbac/bootstrap-roles post-start hook (upstream pkg/registry/rbac/rest/storage_rbac.go):
// at every start, create the default roles and bindings that are missing and add what
// existing ones lack, leaving autoupdate=false objects alone. Existing objects are read in
// one list per kind from the watch cache and only changed objects are written, so a
// restart of a reconciled cluster writes nothing. A namespaced default is preceded by its
// namespace, as upstream's tryEnsureNamespace: the hook does not wait for the bootstrap controller's.

import { ignoreNotFound, StatusError } from '../../apimachinery/errors.js';
import { matchEverything } from '../../registry/filter.js';
import type { Registry, Scope } from '../../registry/registry.js';
import { ensureNamespace } from '../../server/bootstrap.js';
import type { Obj } from '../../types/kind.js';
import { bootstrapPolicy } from './index.js';
import { reconcileBinding, reconcileRole, type ReconcileResult } from './reconcile.js';

export interface EnsureResult {
  created: string[];
  updated: string[];
}

interface KindPlan {
  plural: string;
  expected: Obj[];
  reconcile: (existing: Obj, expected: Obj) => ReconcileResult;
}

const keyOf = (o: Obj): string => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

export async function ensureBootstrapPolicy(registry: Registry): Promise<EnsureResult> {
  const policy = bootstrapPolicy();
  const plans: KindPlan[] = [
    { plural: 'clusterroles', expected: policy.clusterRoles, reconcile: reconcileRole },
    { plural: 'roles', expected: policy.roles, reconcile: reconcileRole },
    { plural: 'clusterrolebindings', expected: policy.clusterRoleBindings, reconcile: reconcileBinding },
    { plural: 'rolebindings', expected: policy.roleBindings, reconcile: reconcileBinding },
  ];
  const result: EnsureResult = { created: [], updated: [] };
  await Promise.all(plans.map((plan) => ensureKind(registry, plan, result)));
  return result;
}

async function ensureKind(registry: Registry, plan: KindPlan, result: EnsureResult): Promise<void> {
  const served = registry.catalog.lookup('rbac.authorization.k8s.io', 'v1', plan.plural);
  if (!served) return;
  const listed = await registry.list({ served, namespace: '' }, { resourceVersion: '0', filter: matchEverything });
  const existing = new Map<string, Obj>();
  for (const bytes of listed.items) {
    const o = JSON.parse(bytes.toString('utf8')) as Obj;
    existing.set(keyOf(o), o);
  }
  const label = (o: Obj) => `${plan.plural}/${keyOf(o).replace(/^\//, '')}`;
  await Promise.all(
    plan.expected.map(async (want) => {
      const have = existing.get(keyOf(want));
      if (have) {
        const r = plan.reconcile(have, want);
        if (r.isProtected || r.operation === 'none') return;
      }
      const outcome = await ensureOne(registry, { served, namespace: want.metadata.namespace ?? '' }, want, plan.reconcile, !have);
      if (outcome !== 'none') result[outcome === 'created' ? 'created' : 'updated'].push(label(want));
    }),
  );
}

/** Create, or reconcile against the live object (the cached copy may be stale); retried a few times as upstream. */
async function ensureOne(
  registry: Registry,
  scope: Scope,
  want: Obj,
  reconcile: KindPlan['reconcile'],
  tryCreate: boolean,
): Promise<'created' | 'updated' | 'none'> {
  const name = String(want.metadata.name);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate) {
      if (scope.namespace) await ensureNamespace(registry, registry.catalog, scope.namespace);
      try {
        await registry.create(scope, structuredClone(want), { dryRun: false });
        return 'created';
      } catch (e) {
        if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
      }
    }
    let recreate = false;
    let changed = false;
    try {
      const { obj } = await registry.guaranteedUpdate(
        scope,
        name,
        (current) => {
          const r = reconcile(current!, want);
          changed = false;
          recreate = false;
          if (r.isProtected || r.operation === 'none') return current!;
          if (r.operation === 'recreate') {
            recreate = true;
            return current!;
          }
          changed = true;
          return r.obj;
        },
        { dryRun: false },
      );
      if (!recreate) return changed ? 'updated' : 'none';
      const r = reconcile(obj, want);
      delete r.obj.metadata.resourceVersion;
      delete r.obj.metadata.uid;
      delete r.obj.metadata.creationTimestamp;
      delete r.obj.metadata.managedFields;
      await registry.delete(scope, name, { dryRun: false, preconditions: { uid: obj.metadata.uid } }).catch(ignoreNotFound);
      want = r.obj;
      tryCreate = true;
    } catch (e) {
      if (!(e instanceof StatusError && e.code === 404)) throw e;
      tryCreate = true; // deleted since we looked: create it
    }
  }
  throw new Error(`reconciling ${scope.served.def.plural} ${name}: exceeded maximum attempts`);
}

