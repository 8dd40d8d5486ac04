// RBAC escalation prevention at the write path (upstream pkg/registry/rbac/
// {role,clusterrole,rolebinding,clusterrolebinding}/policybased/storage.go and
// escalation_check.go, validation/rule.go ConfirmNoEscalation): a user may write a role
// only with every permission in it already held (or `escalate` on the role), and a
// binding only to a role whose permissions it holds (or with `bind` on that role).

import { forbidden, type GroupResource } from '../../apimachinery/errors.js';
import type { UserInfo } from '../../authn/types.js';
import type { Registry, Scope } from '../../registry/registry.js';
import { clone, deepEqual } from '../../registry/meta.js';
import type { Obj } from '../../types/kind.js';
import { SYSTEM_PRIVILEGED_GROUP } from '../privileged-groups.js';
import type { Authorizer } from '../types.js';
import { aggregate, type RbacAuthorizer } from './authorizer.js';
import { RBAC_GROUP, type RoleRef } from './policy-index.js';
import { compactRules, compactString, covers, goQuoteList, toPolicyRule, type PolicyRule } from './rules.js';

const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

/** The error of ConfirmNoEscalation, or undefined when `user` holds every permission of `rules` in `namespace`. */
export function confirmNoEscalation(resolver: RbacAuthorizer, user: UserInfo, namespace: string, rules: PolicyRule[]): string | undefined {
  const owner = resolver.policyRulesFor(user, namespace, true);
  const { covered, missing } = covers(owner.rules, rules);
  if (covered) return undefined;
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${JSON.stringify(user.username)} (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (owner.errors.length) msg += `; resolution errors: [${aggregate(owner.errors)}]`;
  return msg;
}

/** Members of system:masters (the server's own loopback identity included) skip the checks. */
function escalationAllowed(user: UserInfo | undefined): boolean {
  return !user || user.groups.includes(SYSTEM_PRIVILEGED_GROUP);
}

/** Only ownerReferences, finalizers or managedFields differ (the garbage collector's writes). */
function onlyGcFieldsChange(obj: Obj, old: Obj | undefined): boolean {
  if (!old) return false;
  const copy = clone(obj);
  copy.metadata ??= {};
  for (const f of ['ownerReferences', 'finalizers', 'selfLink', 'managedFields']) {
    if (old.metadata?.[f] === undefined) delete copy.metadata[f];
    else copy.metadata[f] = old.metadata[f];
  }
  return deepEqual(copy, old);
}

async function allowed(authorizer: Authorizer, user: UserInfo, verb: string, resource: string, namespace: string, name: string): Promise<boolean> {
  const r = await authorizer.authorize({
    user, verb, isResourceRequest: true, path: '', namespace, apiGroup: RBAC_GROUP, apiVersion: '*', resource, subresource: '', name,
  });
  return r.decision === 'allow';
}

/** Present only with at least one selector: an empty list aggregates nothing. */
function hasAggregationRule(obj: Obj): boolean {
  const selectors = obj.aggregationRule?.clusterRoleSelectors;
  return Array.isArray(selectors) && selectors.length > 0;
}

function rulesOf(obj: Obj): PolicyRule[] {
  return Array.isArray(obj.rules) ? obj.rules.map(toPolicyRule) : [];
}

function roleRefOf(obj: Obj): RoleRef {
  const r = obj.roleRef ?? {};
  return { apiGroup: String(r.apiGroup ?? ''), kind: String(r.kind ?? ''), name: String(r.name ?? '') };
}

/** Registers the checks as write hooks of the four RBAC resources. */
export function installEscalationChecks(registry: Registry, authorizer: Authorizer, resolver: RbacAuthorizer): void {
  const nameOf = (obj: Obj) => String(obj.metadata?.name ?? '');

  const roleCheck = (plural: 'roles' | 'clusterroles') => async (obj: Obj, old: Obj | undefined, scope: Scope, opts: { user?: UserInfo }) => {
    const user = opts.user;
    if (escalationAllowed(user) || onlyGcFieldsChange(obj, old)) return;
    const gr: GroupResource = { group: RBAC_GROUP, resource: plural };
    const name = nameOf(obj);
    if (await allowed(authorizer, user!, 'escalate', plural, scope.namespace, name)) return;
    const err = confirmNoEscalation(resolver, user!, scope.namespace, rulesOf(obj));
    if (err) throw forbidden(gr, name, err);
    // An aggregationRule can gather anything: setting or changing one needs full authority.
    if (plural === 'clusterroles' && (hasAggregationRule(obj) || (old !== undefined && hasAggregationRule(old)))) {
      if (confirmNoEscalation(resolver, user!, '', FULL_AUTHORITY)) throw forbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
    }
  };

  const bindingCheck = (plural: 'rolebindings' | 'clusterrolebindings') => async (obj: Obj, old: Obj | undefined, scope: Scope, opts: { user?: UserInfo }) => {
    const user = opts.user;
    if (escalationAllowed(user) || onlyGcFieldsChange(obj, old)) return;
    const gr: GroupResource = { group: RBAC_GROUP, resource: plural };
    const name = nameOf(obj);
    const ref = roleRefOf(obj);
    const refResource = ref.kind === 'ClusterRole' ? 'clusterroles' : ref.kind === 'Role' ? 'roles' : '';
    // `bind` is checked in the binding's namespace, so it can be delegated per namespace.
    if (refResource && (await allowed(authorizer, user!, 'bind', refResource, scope.namespace, ref.name))) return;
    const { rules, error } = resolver.roleReferenceRules(ref, scope.namespace, true);
    if (!rules) throw forbidden(gr, name, error!);
    const err = confirmNoEscalation(resolver, user!, scope.namespace, rules);
    if (err) throw forbidden(gr, name, err);
  };

  registry.setHooks(RBAC_GROUP, 'roles', { checkWrite: roleCheck('roles') });
  registry.setHooks(RBAC_GROUP, 'clusterroles', { checkWrite: roleCheck('clusterroles') });
  registry.setHooks(RBAC_GROUP, 'rolebindings', { checkWrite: bindingCheck('rolebindings') });
  registry.setHooks(RBAC_GROUP, 'clusterrolebindings', { checkWrite: bindingCheck('clusterrolebindings') });
}
