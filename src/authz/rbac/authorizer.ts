// The RBAC authorizer and rule resolver (upstream plugin/pkg/auth/authorizer/rbac/rbac.go
// and pkg/registry/rbac/validation/rule.go DefaultRuleResolver): a request is allowed
// when a rule of a role bound to the user (or one of its groups) allows it; otherwise
// RBAC has no opinion. Rules are additive; there is no deny.

import type { UserInfo } from '../../authn/types.js';
import { allow, noOpinion, type Attributes, type AuthorizationResult, type Authorizer, type RuleResolver, type RulesResult } from '../types.js';
import { RBAC_GROUP, subjectIndexFor, type Binding, type RbacPolicyIndex, type RoleRef, type Subject } from './policy-index.js';
import { ruleAllows, type PolicyRule } from './rules.js';

/** A rule and where it came from; `error` instead when a binding's role could not be resolved. */
type Visitor = (source: (() => string) | undefined, rule: PolicyRule | undefined, error: string | undefined) => boolean;

export class RbacAuthorizer implements Authorizer, RuleResolver {
  constructor(private readonly index: RbacPolicyIndex) {}

  async authorize(a: Attributes): Promise<AuthorizationResult> {
    await this.index.ready;
    return this.authorizeSync(a);
  }

  /** The decision from the in-memory index (for CEL's synchronous authorizer library). */
  authorizeSync(a: Attributes): AuthorizationResult {
    let reason: string | undefined;
    const errors: string[] = [];
    this.visitRulesFor(a.user, a.namespace, (source, rule, err) => {
      if (rule && ruleAllows(a, rule)) {
        reason = `RBAC: allowed by ${source!()}`;
        return false;
      }
      if (err) errors.push(err);
      return true;
    });
    if (reason !== undefined) return allow(reason);
    return noOpinion(errors.length ? `RBAC: ${aggregate(errors)}` : '');
  }

  async rulesFor(user: UserInfo, namespace: string): Promise<RulesResult> {
    await this.index.ready;
    const { rules, errors } = this.policyRulesFor(user, namespace);
    const out: RulesResult = { resourceRules: [], nonResourceRules: [], incomplete: false };
    for (const r of rules) {
      if (r.resources?.length) {
        const rr: RulesResult['resourceRules'][number] = { verbs: r.verbs };
        if (r.apiGroups) rr.apiGroups = r.apiGroups;
        rr.resources = r.resources;
        if (r.resourceNames) rr.resourceNames = r.resourceNames;
        out.resourceRules.push(rr);
      }
      if (r.nonResourceURLs?.length) out.nonResourceRules.push({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs });
    }
    if (errors.length) out.evaluationError = aggregate(errors);
    return out;
  }

  /** Every rule that applies to the user in the namespace (cluster-wide rules included), and resolution errors. */
  policyRulesFor(user: UserInfo, namespace: string, storageErrors = false): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_s, rule, err) => {
      if (rule) rules.push(rule);
      if (err) errors.push(err);
      return true;
    }, storageErrors);
    return { rules, errors };
  }

  /**
   * The rules of the role a binding in `bindingNamespace` ('' for cluster bindings) refers to.
   * A missing role reads as upstream's lister error (role.rbac...), or as its storage's
   * (roles.rbac...) for the escalation checks, which upstream resolves through storage.
   */
  roleReferenceRules(ref: RoleRef, bindingNamespace: string, storageErrors = false): { rules?: PolicyRule[]; error?: string } {
    const s = storageErrors ? 's' : '';
    switch (ref.kind) {
      case 'Role': {
        const rules = this.index.role(bindingNamespace, ref.name);
        return rules ? { rules } : { error: `role${s}.${RBAC_GROUP} "${ref.name}" not found` };
      }
      case 'ClusterRole': {
        const rules = this.index.clusterRole(ref.name);
        return rules ? { rules } : { error: `clusterrole${s}.${RBAC_GROUP} "${ref.name}" not found` };
      }
      default:
        return { error: `unsupported role reference kind: "${ref.kind}"` };
    }
  }

  private visitRulesFor(user: UserInfo, namespace: string, visit: Visitor, storageErrors = false): void {
    const visitBindings = (bindings: Binding[]): boolean => {
      for (const b of bindings) {
        const i = subjectIndexFor(user, b.subjects, b.namespace);
        if (i < 0) continue;
        const { rules, error } = this.roleReferenceRules(b.roleRef, b.namespace, storageErrors);
        if (!rules) {
          if (!visit(undefined, undefined, error)) return false;
          continue;
        }
        const source = () => describeBinding(b, b.subjects[i]!);
        for (const r of rules) if (!visit(source, r, undefined)) return false;
      }
      return true;
    };
    if (!visitBindings(this.index.clusterRoleBindingsFor(user))) return;
    if (namespace) visitBindings(this.index.roleBindingsFor(user, namespace));
  }
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} ${JSON.stringify(`${s.name}/${s.namespace || bindingNamespace}`)}`;
  return `${s.kind} ${JSON.stringify(s.name)}`;
}

function describeBinding(b: Binding, s: Subject): string {
  const name = b.kind === 'RoleBinding' ? `${b.name}/${b.namespace}` : b.name;
  return `${b.kind} ${JSON.stringify(name)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(s, b.namespace)}`;
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several as [a, b] (duplicates once). */
export function aggregate(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
