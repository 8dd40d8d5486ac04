// The RBAC objects an authorizer reads, kept in memory and fed by the registry's watch
// (as upstream's informer-backed listers are): roles by name, and bindings indexed by
// subject so a request looks only at the bindings that can apply to its user. Every
// replica keeps its own index from its own watch cache, which etcd feeds.

import type { UserInfo } from '../../authn/types.js';
import { matchEverything } from '../../registry/filter.js';
import type { Registry, Scope } from '../../registry/registry.js';
import type { Logger } from '../../util/log.js';
import { toPolicyRule, type PolicyRule } from './rules.js';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';
const SA_PREFIX = 'system:serviceaccount:';

export interface Subject {
  kind: string;
  name: string;
  namespace?: string;
  apiGroup?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

export interface Binding {
  kind: 'RoleBinding' | 'ClusterRoleBinding';
  name: string;
  /** '' for a ClusterRoleBinding. */
  namespace: string;
  roleRef: RoleRef;
  subjects: Subject[];
}

/** The index key a binding subject is filed under; undefined when it can never match. */
function subjectKey(s: Subject, bindingNamespace: string): string | undefined {
  switch (s.kind) {
    case 'User':
      return `u:${s.name}`;
    case 'Group':
      return `g:${s.name}`;
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns ? `u:${SA_PREFIX}${ns}:${s.name}` : undefined;
    }
    default:
      return undefined;
  }
}

/** The keys under which bindings that may apply to `user` are filed. */
function userKeys(user: UserInfo): string[] {
  return [`u:${user.username}`, ...user.groups.map((g) => `g:${g}`)];
}

/** Upstream's appliesTo: the index of the first subject that names the user, or -1. */
export function subjectIndexFor(user: UserInfo, subjects: Subject[], bindingNamespace: string): number {
  const mine = new Set(userKeys(user));
  return subjects.findIndex((s) => {
    const k = subjectKey(s, bindingNamespace);
    return k !== undefined && mine.has(k);
  });
}

class BindingIndex {
  private readonly byKey = new Map<string, Binding>();
  private readonly bySubject = new Map<string, Set<string>>();

  put(key: string, b: Binding | undefined): void {
    const old = this.byKey.get(key);
    if (old) {
      for (const sk of this.keysOf(old)) {
        const set = this.bySubject.get(sk);
        set?.delete(key);
        if (set?.size === 0) this.bySubject.delete(sk);
      }
      this.byKey.delete(key);
    }
    if (!b) return;
    this.byKey.set(key, b);
    for (const sk of this.keysOf(b)) {
      let set = this.bySubject.get(sk);
      if (!set) this.bySubject.set(sk, (set = new Set()));
      set.add(key);
    }
  }

  private keysOf(b: Binding): Set<string> {
    const out = new Set<string>();
    for (const s of b.subjects) {
      const k = subjectKey(s, b.namespace);
      if (k !== undefined) out.add(k);
    }
    return out;
  }

  /** Bindings naming the user or one of its groups, in a stable (key) order. */
  for(user: UserInfo, keyPrefix = ''): Binding[] {
    const keys = new Set<string>();
    for (const uk of userKeys(user)) {
      for (const k of this.bySubject.get(uk) ?? []) if (k.startsWith(keyPrefix)) keys.add(k);
    }
    return [...keys].sort().map((k) => this.byKey.get(k)!);
  }
}

interface Watched {
  plural: string;
  apply(obj: Record<string, any> | undefined, key: string): void;
  clear(): void;
}

export class RbacPolicyIndex {
  private roles = new Map<string, PolicyRule[]>();
  private clusterRoles = new Map<string, PolicyRule[]>();
  private roleBindings = new BindingIndex();
  private clusterRoleBindings = new BindingIndex();
  private readonly stops: (() => void)[] = [];
  private stopped = false;
  private readyResolve!: () => void;
  /** Resolves once all four kinds were listed. */
  readonly ready: Promise<void> = new Promise((r) => (this.readyResolve = r));

  constructor(
    private readonly registry: Registry,
    private readonly logger?: Logger,
  ) {}

  role(namespace: string, name: string): PolicyRule[] | undefined {
    return this.roles.get(`${namespace}/${name}`);
  }

  clusterRole(name: string): PolicyRule[] | undefined {
    return this.clusterRoles.get(name);
  }

  clusterRoleBindingsFor(user: UserInfo): Binding[] {
    return this.clusterRoleBindings.for(user);
  }

  roleBindingsFor(user: UserInfo, namespace: string): Binding[] {
    return this.roleBindings.for(user, `${namespace}/`);
  }

  async start(): Promise<void> {
    const rulesOf = (o: Record<string, any>) => (Array.isArray(o.rules) ? o.rules.map(toPolicyRule) : []);
    const watched: Watched[] = [
      { plural: 'roles', apply: (o, k) => (o ? this.roles.set(k, rulesOf(o)) : this.roles.delete(k)), clear: () => (this.roles = new Map()) },
      { plural: 'clusterroles', apply: (o, k) => (o ? this.clusterRoles.set(k, rulesOf(o)) : this.clusterRoles.delete(k)), clear: () => (this.clusterRoles = new Map()) },
      { plural: 'rolebindings', apply: (o, k) => this.roleBindings.put(k, o && toBinding(o, 'RoleBinding')), clear: () => (this.roleBindings = new BindingIndex()) },
      { plural: 'clusterrolebindings', apply: (o, k) => this.clusterRoleBindings.put(k, o && toBinding(o, 'ClusterRoleBinding')), clear: () => (this.clusterRoleBindings = new BindingIndex()) },
    ];
    await Promise.all(watched.map((w) => this.run(w)));
    this.readyResolve();
  }

  stop(): void {
    this.stopped = true;
    for (const s of this.stops.splice(0)) s();
  }

  /** List, then watch from the list's revision; on a closed watch (compaction, error) do it again. */
  private async run(w: Watched): Promise<void> {
    const served = this.registry.catalog.lookup(RBAC_GROUP, 'v1', w.plural);
    if (!served) throw new Error(`${RBAC_GROUP}/v1 ${w.plural} must be served for RBAC`);
    const scope: Scope = { served, namespace: '' };
    const list = await this.registry.list(scope, { filter: matchEverything, limit: 0 });
    w.clear();
    for (const b of list.items) {
      const o = JSON.parse(b.toString('utf8'));
      w.apply(o, keyOf(o));
    }
    if (this.stopped) return;
    const restart = () => {
      if (this.stopped) return;
      setTimeout(() => this.run(w).catch((e) => this.logger?.error(`RBAC ${w.plural} index: relist failed`, e)), 100).unref?.();
    };
    const stop = await this.registry.watch(scope, { resourceVersion: list.resourceVersion, filter: matchEverything }, {
      event: (type, bytes) => {
        const o = JSON.parse(bytes.toString('utf8'));
        w.apply(type === 'DELETED' ? undefined : o, keyOf(o));
      },
      close: (err) => {
        if (err) this.logger?.v(2).info(`RBAC ${w.plural} watch closed, relisting`, { err: String(err) });
        restart();
      },
    });
    this.stops.push(stop);
  }
}

function keyOf(o: Record<string, any>): string {
  const ns = o.metadata?.namespace;
  return ns ? `${ns}/${o.metadata.name}` : String(o.metadata?.name);
}

function toBinding(o: Record<string, any>, kind: Binding['kind']): Binding {
  const ref = o.roleRef ?? {};
  return {
    kind,
    name: String(o.metadata?.name ?? ''),
    namespace: String(o.metadata?.namespace ?? ''),
    roleRef: { apiGroup: String(ref.apiGroup ?? ''), kind: String(ref.kind ?? ''), name: String(ref.name ?? '') },
    subjects: Array.isArray(o.subjects) ? o.subjects.map((s: any) => ({ kind: String(s?.kind ?? ''), name: String(s?.name ?? ''), namespace: s?.namespace, apiGroup: s?.apiGroup })) : [],
  };
}
