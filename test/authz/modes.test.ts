// The authorization modes and their assembly (upstream pkg/kubeapiserver/authorizer/config.go,
// k8s.io/apiserver/pkg/authorization/union, pkg/auth/authorizer/abac/abac.go,
// authorizerfactory): AlwaysAllow, AlwaysDeny, ABAC policy files (v1beta1 and the legacy
// unversioned lines), union order (first allow or deny wins), system:masters first.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AbacAuthorizer, parsePolicyLine } from '../../src/authz/abac.js';
import { alwaysAllow } from '../../src/authz/always-allow.js';
import { alwaysDeny } from '../../src/authz/always-deny.js';
import { privilegedGroups } from '../../src/authz/privileged-groups.js';
import { allow, deny, noOpinion, type Attributes, type Authorizer } from '../../src/authz/types.js';
import { unionAuthorizer, unionRuleResolver } from '../../src/authz/union.js';

function attrs(user: string, groups: string[], over: Partial<Attributes> = {}): Attributes {
  return {
    user: { username: user, groups }, verb: 'get', isResourceRequest: true, path: '', namespace: 'ns', apiGroup: '', apiVersion: 'v1',
    resource: 'pods', subresource: '', name: 'p', ...over,
  };
}
const fixed = (r: ReturnType<typeof allow>): Authorizer => ({ authorize: async () => r });

describe('AlwaysAllow and AlwaysDeny', () => {
  it('AlwaysDeny has no opinion with upstream\'s reason; AlwaysAllow allows and lists everything', async () => {
    assert.deepEqual(await alwaysDeny.authorize(attrs('a', [])), { decision: 'noOpinion', reason: 'Everything is forbidden.' });
    assert.deepEqual(await alwaysAllow.authorize(attrs('system:anonymous', [])), { decision: 'allow', reason: '' });
    const rules = await alwaysAllow.rulesFor({ username: 'a', groups: [] }, 'ns');
    assert.deepEqual(rules.resourceRules, [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]);
  });
});

describe('union', () => {
  it('the first allow or deny wins; with no opinion the reasons are joined and errors aggregated', async () => {
    const u = unionAuthorizer([fixed(noOpinion('first')), fixed(deny('nope')), fixed(allow('late'))]);
    assert.deepEqual(await u.authorize(attrs('a', [])), { decision: 'deny', reason: 'nope' });
    const v = unionAuthorizer([fixed(noOpinion('one')), fixed(allow('yes')), fixed(deny('never'))]);
    assert.equal((await v.authorize(attrs('a', []))).decision, 'allow');
    const w = unionAuthorizer([fixed({ decision: 'noOpinion', reason: 'one', error: 'e1' }), fixed(noOpinion('two')), fixed({ decision: 'noOpinion', reason: '', error: 'e2' })]);
    assert.deepEqual(await w.authorize(attrs('a', [])), { decision: 'noOpinion', reason: 'one\ntwo', error: '[e1, e2]' });
  });

  it('system:masters is allowed before a denying authorizer', async () => {
    const u = unionAuthorizer([privilegedGroups('system:masters'), fixed(deny('no'))]);
    assert.equal((await u.authorize(attrs('admin', ['system:masters']))).decision, 'allow');
    assert.equal((await u.authorize(attrs('bob', ['devs']))).decision, 'deny');
  });

  it('unions rules and is incomplete when any resolver is', async () => {
    const r = unionRuleResolver([alwaysDeny, { rulesFor: async () => ({ resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'x' }) }, alwaysAllow]);
    const out = await r.rulesFor({ username: 'a', groups: [] }, '');
    assert.equal(out.incomplete, true);
    assert.equal(out.evaluationError, 'x');
    assert.equal(out.resourceRules.length, 1);
  });
});

describe('ABAC', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-abac-'));
  const file = join(dir, 'policy.jsonl');
  writeFileSync(file, [
    '# comment lines and blank lines are skipped',
    '',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user": "alice", "namespace": "*", "resource": "*", "apiGroup": "*"}}',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user": "bob", "namespace": "projectCaribou", "resource": "pods", "apiGroup": "", "readonly": true}}',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"group": "system:authenticated", "readonly": true, "nonResourcePath": "/version*"}}',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user": "*", "namespace": "shared", "resource": "configmaps", "apiGroup": "", "readonly": true}}',
    '{"user": "legacy"}',
    '{"user": "legacy-ro", "readonly": true, "resource": "events"}',
  ].join('\n'));
  const abac = AbacAuthorizer.fromFile(file);

  it('allows what a policy line matches and has no opinion otherwise ("No policy matched.")', async () => {
    const check = async (a: Attributes) => (await abac.authorize(a)).decision;
    assert.equal(await check(attrs('alice', [], { verb: 'delete', apiGroup: 'apps', resource: 'deployments' })), 'allow');
    assert.equal(await check(attrs('bob', [], { namespace: 'projectCaribou' })), 'allow');
    assert.equal(await check(attrs('bob', [], { namespace: 'projectCaribou', verb: 'create' })), 'noOpinion');
    assert.equal(await check(attrs('bob', [], { namespace: 'other' })), 'noOpinion');
    assert.deepEqual(await abac.authorize(attrs('bob', [], { namespace: 'other' })), { decision: 'noOpinion', reason: 'No policy matched.' });
    // A non-resource policy never matches a resource request, and the other way round.
    assert.equal(await check(attrs('x', ['system:authenticated'], { isResourceRequest: false, path: '/version/', resource: '', namespace: '' })), 'allow');
    assert.equal(await check(attrs('x', ['system:authenticated'], { isResourceRequest: false, path: '/healthz', resource: '', namespace: '' })), 'noOpinion');
    // user "*" is every authenticated subject (v1beta1 conversion).
    assert.equal(await check(attrs('zed', ['system:authenticated'], { namespace: 'shared', resource: 'configmaps' })), 'allow');
    assert.equal(await check(attrs('system:anonymous', ['system:unauthenticated'], { namespace: 'shared', resource: 'configmaps' })), 'noOpinion');
    // Unversioned lines: empty resource and namespace mean everything, in every API group and path.
    assert.equal(await check(attrs('legacy', [], { verb: 'delete', apiGroup: 'apps', resource: 'deployments', namespace: 'any' })), 'allow');
    assert.equal(await check(attrs('legacy', [], { isResourceRequest: false, path: '/metrics', resource: '', namespace: '' })), 'allow');
    assert.equal(await check(attrs('legacy-ro', [], { resource: 'events', verb: 'watch' })), 'allow');
    assert.equal(await check(attrs('legacy-ro', [], { resource: 'events', verb: 'patch' })), 'noOpinion');
  });

  it('converts unversioned lines as upstream\'s v0 conversion does, and lists rules', async () => {
    assert.deepEqual(parsePolicyLine('{"readonly": true}'), {
      user: '', group: 'system:authenticated', readonly: true, apiGroup: '*', resource: '*', namespace: '*', nonResourcePath: '*',
    });
    const rules = await abac.rulesFor({ username: 'bob', groups: ['system:authenticated'] }, 'projectCaribou');
    assert.deepEqual(rules.resourceRules, [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'] }]);
    // As upstream, a policy applies to rules reviews only in its own namespace ("" for a policy naming none).
    assert.deepEqual(rules.nonResourceRules, []);
    const clusterRules = await abac.rulesFor({ username: 'bob', groups: ['system:authenticated'] }, '');
    assert.deepEqual(clusterRules.nonResourceRules, [{ verbs: ['get', 'list', 'watch'], nonResourceURLs: ['/version*'] }]);
  });

  it('refuses a malformed policy file naming the line', () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"user": "ok"}\n{"apiVersion": "abac.authorization.kubernetes.io/v1", "kind": "Policy"}\n');
    assert.throws(() => AbacAuthorizer.fromFile(bad), /error reading policy file .*bad\.jsonl, line 2: .*no kind "Policy" is registered for version "abac\.authorization\.kubernetes\.io\/v1"/);
    writeFileSync(bad, 'not json\n');
    assert.throws(() => AbacAuthorizer.fromFile(bad), /line 1/);
  });
});
