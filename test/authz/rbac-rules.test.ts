// RBAC rule evaluation and coverage as upstream (pkg/apis/rbac/v1/evaluation_helpers.go,
// component-helpers auth/rbac/validation/policy_comparator.go, pkg/registry/rbac/
// validation/compact.go and CompactString), and the CEL authorizer library answered by
// the RBAC authorizer of a running server.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { celAuthorizerValue, CheckingCelAuthorizer } from '../../src/authz/cel-adapter.js';
import { RbacAuthorizer } from '../../src/authz/rbac/authorizer.js';
import { RbacPolicyIndex } from '../../src/authz/rbac/policy-index.js';
import { compactRules, compactString, covers, ruleAllows, type PolicyRule } from '../../src/authz/rbac/rules.js';
import type { Attributes } from '../../src/authz/types.js';
import { CelEnvironment, Types } from '../../src/cel/index.js';
import { grantCluster, userSubject, waitForAccess } from '../support/rbac.js';
import { startTestServer, type TestServer } from '../support/server.js';

const res = (verb: string, resource: string, over: Partial<Attributes> = {}): Attributes => ({
  user: { username: 'u', groups: [] }, verb, isResourceRequest: true, path: '', namespace: 'ns', apiGroup: '', apiVersion: 'v1',
  resource, subresource: '', name: '', ...over,
});

describe('RBAC rules', () => {
  it('matches resources with subresources exactly, */sub for any resource, * for everything', () => {
    const r: PolicyRule = { verbs: ['get'], apiGroups: [''], resources: ['pods', '*/log'] };
    assert.equal(ruleAllows(res('get', 'pods'), r), true);
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'status' }), r), false);
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'log' }), r), true);
    assert.equal(ruleAllows(res('get', 'nodes', { subresource: 'log' }), r), true);
    assert.equal(ruleAllows(res('get', 'nodes', { subresource: 'logs' }), r), false);
    assert.equal(ruleAllows(res('get', 'pods', { apiGroup: 'apps' }), r), false);
    assert.equal(ruleAllows(res('get', 'pods', { subresource: 'x' }), { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }), true);
    // An empty apiGroups or verbs list matches nothing.
    assert.equal(ruleAllows(res('get', 'pods'), { verbs: ['get'], resources: ['pods'] }), false);
  });

  it('non-resource URLs: exact, * and prefix*', () => {
    const nr = (path: string): Attributes => ({ ...res('get', ''), isResourceRequest: false, path });
    const r: PolicyRule = { verbs: ['get'], nonResourceURLs: ['/healthz', '/apis/*'] };
    assert.equal(ruleAllows(nr('/healthz'), r), true);
    assert.equal(ruleAllows(nr('/healthz/etcd'), r), false);
    assert.equal(ruleAllows(nr('/apis/apps'), r), true);
    assert.equal(ruleAllows(nr('/apis'), r), false);
    assert.equal(ruleAllows(nr('/anything'), { verbs: ['*'], nonResourceURLs: ['*'] }), true);
  });

  it('coverage breaks rules into single verbs, resources and names', () => {
    const owner: PolicyRule[] = [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }, { verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['a'] }];
    assert.equal(covers(owner, [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['x'] }]).covered, true);
    assert.equal(covers(owner, [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['a'] }]).covered, true);
    // A named grant does not cover an unnamed one.
    const { covered, missing } = covers(owner, [{ verbs: ['get', 'watch'], apiGroups: [''], resources: ['secrets', 'pods'] }]);
    assert.equal(covered, false);
    assert.deepEqual(missing.map(compactString), [
      '{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}',
      '{APIGroups:[""], Resources:["secrets"], Verbs:["watch"]}',
      '{APIGroups:[""], Resources:["pods"], Verbs:["watch"]}',
    ]);
    assert.deepEqual(compactRules(missing).map(compactString).sort(), [
      '{APIGroups:[""], Resources:["pods"], Verbs:["watch"]}',
      '{APIGroups:[""], Resources:["secrets"], Verbs:["get" "watch"]}',
    ]);
    assert.equal(covers([{ verbs: ['get'], nonResourceURLs: ['/logs/*'] }], [{ verbs: ['get'], nonResourceURLs: ['/logs/a', '/logs/*'] }]).covered, true);
    assert.equal(compactString({ verbs: ['get'], nonResourceURLs: ['/x'] }), '{NonResourceURLs:["/x"], Verbs:["get"]}');
    assert.equal(compactString({ verbs: ['get'], apiGroups: ['*'], resources: ['a'], resourceNames: ['n'] }), '{APIGroups:["*"], Resources:["a"], ResourceNames:["n"], Verbs:["get"]}');
  });
});

describe('CEL authorizer library over RBAC', () => {
  let srv: TestServer;
  let index: RbacPolicyIndex;
  before(async () => {
    srv = await startTestServer({ authorizationMode: ['RBAC'] });
    await grantCluster(srv, 'cel-reader', [
      { apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'], verbs: ['get'] },
      { nonResourceURLs: ['/metrics'], verbs: ['get'] },
    ], [userSubject('alice'), { kind: 'ServiceAccount', name: 'builder', namespace: 'ci' }]);
    await waitForAccess(srv, 'alice', [], { verb: 'get', group: 'apps', resource: 'deployments', namespace: 'x' });
    index = new RbacPolicyIndex(srv.registry);
    await index.start();
  });
  after(async () => {
    index?.stop();
    await srv?.close();
  });

  it('answers authorizer.group().resource().check(), path().check() and serviceAccount()', () => {
    const rbac = new RbacAuthorizer(index);
    const env = new CelEnvironment({ variables: { authorizer: Types.opaque('kubernetes.authorization.Authorizer') } });
    const ev = (user: string, expr: string) => env.compile(expr).evaluate({ authorizer: celAuthorizerValue(rbac, { username: user, groups: [] }) }).value;
    assert.equal(ev('alice', "authorizer.group('apps').resource('deployments').namespace('x').check('get').allowed()"), true);
    assert.equal(ev('alice', "authorizer.group('apps').resource('deployments').subresource('scale').check('get').allowed()"), true);
    assert.equal(ev('alice', "authorizer.group('apps').resource('deployments').check('delete').allowed()"), false);
    assert.equal(ev('bob', "authorizer.group('apps').resource('deployments').check('get').allowed()"), false);
    assert.equal(ev('alice', "authorizer.path('/metrics').check('get').allowed()"), true);
    assert.equal(ev('alice', "authorizer.group('apps').resource('deployments').check('get').reason()"), 'RBAC: allowed by ClusterRoleBinding "cel-reader" of ClusterRole "cel-reader" to User "alice"');
    assert.equal(ev('bob', "authorizer.serviceAccount('ci', 'builder').group('apps').resource('deployments').check('get').allowed()"), true);
    assert.equal(ev('bob', "authorizer.serviceAccount('ci', 'other').group('apps').resource('deployments').check('get').allowed()"), false);
  });

  it('evaluates through the asynchronous authorizer interface: checks are answered, then the expression is evaluated again', async () => {
    const env = new CelEnvironment({ variables: { authorizer: Types.opaque('kubernetes.authorization.Authorizer') } });
    const program = env.compile("authorizer.group('apps').resource('deployments').check('get').allowed() && authorizer.path('/metrics').check('get').allowed() ? 'both' : 'not both'");
    const run = async (user: string) => {
      const checking = new CheckingCelAuthorizer(new RbacAuthorizer(index));
      let rounds = 0;
      const value = await checking.evaluate(() => {
        rounds++;
        return program.evaluate({ authorizer: checking.valueFor({ username: user, groups: [] }) }).value;
      });
      return { value, rounds };
    };
    // The second check is only reached once the first is known to allow: three evaluations.
    assert.deepEqual(await run('alice'), { value: 'both', rounds: 3 });
    assert.deepEqual(await run('bob'), { value: 'not both', rounds: 2 });
  });
});
