// The shared admission matching module against upstream's cases
// (k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules_test.go,
// webhook/matchconditions/matcher_test.go, policy/matching/matching.go).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { admissionRequestFields, equivalentResources, isExemptAdmissionConfigurationResource, MatchConditions, matchObjectSelector, matchRules, ruleMatches, type RuleTarget } from '../../src/admission/matching.js';
import type { Attributes, Operation } from '../../src/admission/types.js';
import { builtinCatalog } from '../../src/types/catalog.js';

const catalog = builtinCatalog({ 'api/all': 'true' });

function attrs(group: string, version: string, resource: string, o: Partial<Attributes> = {}): Attributes {
  const served = catalog.lookup(group, version, resource);
  assert.ok(served, `${group}/${version}/${resource} is served`);
  return {
    operation: 'CREATE' as Operation,
    resource: { group, version, resource },
    subresource: '',
    kind: { group, version, kind: served.def.kind },
    name: 'n',
    namespace: served.def.namespaced ? 'ns' : '',
    dryRun: false,
    userInfo: { username: 'alice', groups: ['g'] },
    served,
    addAnnotation: () => undefined,
    addWarning: () => undefined,
    ...o,
  };
}

describe('admission matching (predicates/rules/rules.go)', () => {
  const t = (resource: string, subresource = '', namespace = 'ns', operation: Operation = 'CREATE'): RuleTarget => ({
    operation,
    resource: { group: 'apps', version: 'v1', resource },
    subresource,
    namespace,
  });
  const rule = (resources: string[], extra: Record<string, unknown> = {}) => ({ operations: ['CREATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources, ...extra });

  it('resources: exact, *, */*, pods/*, */status', () => {
    assert.equal(ruleMatches(rule(['deployments']), t('deployments')), true);
    assert.equal(ruleMatches(rule(['deployments']), t('deployments', 'status')), false, 'a bare resource does not match its subresources');
    assert.equal(ruleMatches(rule(['*']), t('deployments', 'scale')), false);
    assert.equal(ruleMatches(rule(['*/*']), t('deployments', 'scale')), true);
    assert.equal(ruleMatches(rule(['deployments/*']), t('deployments')), true);
    assert.equal(ruleMatches(rule(['*/status']), t('replicasets', 'status')), true);
    assert.equal(ruleMatches(rule(['*/status']), t('replicasets', 'scale')), false);
    assert.equal(ruleMatches(rule(['statefulsets']), t('deployments')), false);
  });

  it('operations, groups and versions with *', () => {
    assert.equal(ruleMatches(rule(['*'], { operations: ['UPDATE'] }), t('deployments')), false);
    assert.equal(ruleMatches(rule(['*'], { operations: ['*'] }), t('deployments', '', 'ns', 'DELETE')), true);
    assert.equal(ruleMatches(rule(['*'], { apiGroups: [''] }), t('deployments')), false);
    assert.equal(ruleMatches(rule(['*'], { apiGroups: ['*'], apiVersions: ['*'] }), t('deployments')), true);
  });

  it('scope: Namespaced, Cluster; a namespace is cluster-scoped', () => {
    assert.equal(ruleMatches(rule(['*'], { scope: 'Namespaced' }), t('deployments')), true);
    assert.equal(ruleMatches(rule(['*'], { scope: 'Cluster' }), t('deployments')), false);
    const ns: RuleTarget = { operation: 'CREATE', resource: { group: '', version: 'v1', resource: 'namespaces' }, subresource: '', namespace: 'x' };
    const nsRule = { operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['namespaces'] };
    assert.equal(ruleMatches({ ...nsRule, scope: 'Cluster' }, ns), true);
    assert.equal(ruleMatches({ ...nsRule, scope: 'Namespaced' }, ns), false);
  });

  it('matchPolicy Equivalent finds the same storage in another version; Exact does not', () => {
    const a = attrs('autoscaling', 'v2', 'horizontalpodautoscalers');
    const eq = equivalentResources(catalog, a.served).map((s) => `${s.group}/${s.version}`);
    assert.ok(eq.includes('autoscaling/v1'), eq.join(','));
    const rules = [{ operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] }];
    assert.equal(matchRules(rules, 'Exact', a, catalog), undefined);
    const m = matchRules(rules, 'Equivalent', a, catalog);
    assert.deepEqual(m?.resource, { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' });
    assert.deepEqual(m?.kind, { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' });
    const req = admissionRequestFields(a, m!);
    assert.deepEqual(req.requestResource, a.resource, 'requestResource is the request own resource');
    assert.deepEqual(req.resource, m!.resource);
  });

  it('resourceNames (policies) limit a rule to names', () => {
    const rules = [{ operations: ['*'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], resourceNames: ['a'] }];
    assert.ok(matchRules(rules, 'Exact', attrs('', 'v1', 'configmaps', { name: 'a' }), catalog));
    assert.equal(matchRules(rules, 'Exact', attrs('', 'v1', 'configmaps', { name: 'b' }), catalog), undefined);
  });

  it('objectSelector looks at the object and the old object', () => {
    const sel = { matchLabels: { app: 'x' } };
    assert.equal(matchObjectSelector(sel, { object: { metadata: { labels: { app: 'x' } } } }).matches, true);
    assert.equal(matchObjectSelector(sel, { object: { metadata: {} }, oldObject: { metadata: { labels: { app: 'x' } } } }).matches, true);
    assert.equal(matchObjectSelector(sel, { object: { metadata: { labels: { app: 'y' } } } }).matches, false);
    assert.equal(matchObjectSelector({}, {}).matches, true, 'an empty selector matches everything');
    assert.equal(matchObjectSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }, {}).error?.status.code, 500);
  });

  it('the admission configuration kinds are exempt', () => {
    assert.equal(isExemptAdmissionConfigurationResource({ kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration' } }), true);
    assert.equal(isExemptAdmissionConfigurationResource({ kind: { group: '', version: 'v1', kind: 'ConfigMap' } }), false);
  });
});

describe('matchConditions (webhook/matchconditions/matcher.go)', () => {
  const request = { operation: 'CREATE', userInfo: { username: 'alice' } };
  const conds = (...exprs: string[]) => exprs.map((expression, i) => ({ name: `c${i}`, expression }));

  it('all true: match; any false: no match with its name, even after an error', () => {
    assert.deepEqual(new MatchConditions(conds('true', "request.userInfo.username == 'alice'"), 'Fail').match({ request }), { matches: true });
    assert.deepEqual(new MatchConditions(conds('object.x == 1', 'false'), 'Fail').match({ request, object: {} }), { matches: false, failedConditionName: 'c1' });
  });

  it('errors and no false: Fail gives the error, Ignore skips', () => {
    const r = new MatchConditions(conds('true', 'object.missing == 1'), 'Fail').match({ request, object: {} });
    assert.equal(r.matches, false);
    assert.match((r as { error: string }).error, /^expression 'object.missing == 1' resulted in error: no such key: missing/);
    assert.deepEqual(new MatchConditions(conds('object.missing == 1'), 'Ignore').match({ request, object: {} }), { matches: false });
  });

  it('oldObject is null on create', () => {
    assert.deepEqual(new MatchConditions(conds('oldObject == null'), 'Fail').match({ request, object: {} }), { matches: true });
  });
});
