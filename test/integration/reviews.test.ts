// Review kinds are answered, never stored: self subject review, access reviews,
// rules review and token review; kubectl auth and create token work.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('reviews', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.close();
  });

  it('answers kubectl auth whoami, can-i and create token', async () => {
    const who = await kubectl(srv.kubeconfig, ['auth', 'whoami', '-o', 'json']);
    assert.equal(who.code, 0, who.stderr);
    const ssr = JSON.parse(who.stdout);
    assert.equal(ssr.kind, 'SelfSubjectReview');
    assert.equal(ssr.status.userInfo.username, 'kubernetes-admin');
    assert.ok(ssr.status.userInfo.groups.includes('system:masters'));
    const can = await kubectl(srv.kubeconfig, ['auth', 'can-i', 'delete', 'deployments', '-n', 'default']);
    assert.equal(can.code, 0, can.stderr);
    assert.equal(can.stdout.trim(), 'yes');
    assert.equal((await kubectl(srv.kubeconfig, ['create', 'sa', 'bot'])).code, 0);
    const tok = await kubectl(srv.kubeconfig, ['create', 'token', 'bot', '--duration=15m']);
    assert.equal(tok.code, 0, tok.stderr);
    assert.equal(tok.stdout.trim().split('.').length, 3);
  });

  it('answers access reviews for other users and refuses malformed ones', async () => {
    const sar = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'system:anonymous', groups: ['system:unauthenticated'], resourceAttributes: { verb: 'list', resource: 'secrets', namespace: 'default' } } },
    });
    assert.equal(sar.status, 201, sar.text);
    assert.equal(sar.json().status.allowed, false);
    const health = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { spec: { user: 'system:anonymous', groups: ['system:unauthenticated'], nonResourceAttributes: { verb: 'get', path: '/healthz' } } },
    });
    assert.equal(health.json().status.allowed, true);
    const both = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: { spec: {} } });
    assert.equal(both.status, 422);
    const lsar = await srv.request('POST', '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews', {
      body: { spec: { user: 'u', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'other' } } },
    });
    assert.equal(lsar.status, 422);
    const tr = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body: { spec: { token: 'not-a-token' } } });
    assert.equal(tr.status, 201);
    assert.equal(tr.json().status.authenticated, undefined);
    // Nothing was stored.
    const list = await srv.request('GET', '/apis/authorization.k8s.io/v1/subjectaccessreviews');
    assert.equal(list.status, 405);
  });
  // pkg/registry/authorization/selfsubjectrulesreview/rest.go and pkg/apis/authorization/validation/validation.go;
  // messages as kube-apiserver v1.32 answered them (non-scalar values in v1.34's JSON rendering).
  it('refuses a rules review without a namespace and malformed access reviews as upstream does', async () => {
    const ssrr = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {} } });
    assert.equal(ssrr.status, 400, ssrr.text);
    assert.deepEqual([ssrr.json().reason, ssrr.json().message], ['BadRequest', 'no namespace on request']);
    const rules = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { body: { spec: { namespace: 'default' } } });
    assert.equal(rules.status, 201, rules.text);
    assert.ok(rules.json().status.resourceRules.length > 0);

    const sar = await srv.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      body: { metadata: { labels: { a: 'b' } }, spec: { resourceAttributes: { verb: 'get', fieldSelector: { requirements: [{ key: '', operator: 'In' }] } }, nonResourceAttributes: {} } },
    });
    assert.equal(sar.status, 422, sar.text);
    assert.equal(
      sar.json().message,
      '.authorization.k8s.io "" is invalid: [spec.nonResourceAttributes: Invalid value: {}: cannot be specified in combination with resourceAttributes, spec.user: Invalid value: "": at least one of user or group must be specified, ' +
        "spec.resourceAttributes.fieldSelector.requirements[0].key: Required value: must be specified, spec.resourceAttributes.fieldSelector.requirements[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn', " +
        'metadata: Invalid value: {"labels":{"a":"b"}}: must be empty]',
    );
    assert.deepEqual(sar.json().details.causes.map((c: any) => c.field), [
      'spec.nonResourceAttributes', 'spec.user', 'spec.resourceAttributes.fieldSelector.requirements[0].key', 'spec.resourceAttributes.fieldSelector.requirements[0].values', 'metadata',
    ]);

    const ssar = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
      body: { spec: { resourceAttributes: { verb: 'get', labelSelector: { rawSelector: 'x', requirements: [{ key: 'x', operator: 'Exists', values: ['a'] }] } } } },
    });
    assert.equal(ssar.status, 422, ssar.text);
    assert.equal(
      ssar.json().message,
      ".authorization.k8s.io \"\" is invalid: [spec.resourceAttributes.labelSelector.rawSelector: Invalid value: \"x\": may not specified at the same time as requirements, spec.resourceAttributes.labelSelector.requirements[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist']",
    );
    const neither = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: { spec: {} } });
    assert.equal(neither.json().message, '.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified');

    const lsar = await srv.request('POST', '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews', { body: { spec: { user: 'a', nonResourceAttributes: { path: '/x' } } } });
    assert.equal(lsar.status, 422, lsar.text);
    assert.equal(lsar.json().message, '.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: {"path":"/x"}: disallowed on this kind of request');
    const otherNs = await srv.request('POST', '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews', {
      body: { metadata: { namespace: 'other' }, spec: { user: 'a', resourceAttributes: { namespace: 'other' } } },
    });
    assert.deepEqual([otherNs.status, otherNs.json().message], [400, 'the namespace of the provided object does not match the namespace sent on the request']);
  });
});

// What each review's REST answers, as kube-apiserver v1.32 does (compared by hand with
// test/support/kube-apiserver.ts): the access and token reviews answer the request's object as
// handlers/create.go hands it on (system fields wiped, the request's namespace, the field
// manager's Update entry, creationTimestamp null) in struct order; SelfSubjectReview and
// SelfSubjectRulesReview answer a new object (a creation time; an empty spec).
describe('review responses', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory' });
  });
  after(async () => {
    await srv?.close();
  });
  const ua = { 'user-agent': 'kubectl/v1.34.0 (linux/amd64) kubernetes/abc' };

  it('answers an access review with its wiped metadata, the field manager entry and the spec in struct order', async () => {
    const r = await srv.request('POST', '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews', {
      raw: JSON.stringify({ spec: { user: 'bob', resourceAttributes: { resource: 'pods', verb: 'get', namespace: 'default' } }, kind: 'LocalSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1' }),
      headers: { ...ua, 'content-type': 'application/json' },
    });
    assert.equal(r.status, 201, r.text);
    const time = r.json().metadata.managedFields[0].time;
    assert.equal(
      r.text.trim(),
      '{"kind":"LocalSubjectAccessReview","apiVersion":"authorization.k8s.io/v1","metadata":{"namespace":"default","creationTimestamp":null,"managedFields":[{"manager":"kubectl","operation":"Update","apiVersion":"authorization.k8s.io/v1",' +
        `"time":"${time}","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:resourceAttributes":{".":{},"f:namespace":{},"f:resource":{},"f:verb":{}},"f:user":{}}}}]},` +
        '"spec":{"resourceAttributes":{"namespace":"default","verb":"get","resource":"pods"},"user":"bob"},"status":{"allowed":false}}',
    );
  });

  it('echoes a token review metadata without its system fields, with the fieldManager parameter', async () => {
    const r = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews?fieldManager=mgr', {
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', metadata: { name: 'x', uid: 'u-1', creationTimestamp: '2020-01-01T00:00:00Z', labels: { a: 'b' } }, spec: { token: 'nope' } },
    });
    assert.equal(r.status, 201, r.text);
    const meta = r.json().metadata;
    assert.deepEqual(Object.keys(meta), ['name', 'creationTimestamp', 'labels', 'managedFields']);
    assert.equal(meta.creationTimestamp, null);
    assert.equal(meta.managedFields[0].manager, 'mgr');
    assert.deepEqual(meta.managedFields[0].fieldsV1, { 'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } }, 'f:spec': { 'f:token': {} } });
    assert.deepEqual(r.json().status, { user: {}, error: 'invalid bearer token' });
  });

  it('answers SelfSubjectReview and SelfSubjectRulesReview with new objects', async () => {
    const ssr = await srv.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: { name: 'x' } } });
    assert.equal(ssr.status, 201, ssr.text);
    assert.deepEqual(Object.keys(ssr.json().metadata), ['creationTimestamp']);
    assert.match(ssr.json().metadata.creationTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const rules = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: { name: 'x' }, spec: { namespace: 'default' } } });
    assert.equal(rules.status, 201, rules.text);
    assert.ok(rules.text.startsWith('{"kind":"SelfSubjectRulesReview","apiVersion":"authorization.k8s.io/v1","metadata":{"creationTimestamp":null},"spec":{},"status":{"resourceRules":['), rules.text);
  });

  it('leaves kind out of the details of an invalid review (StatusDetails.Kind is omitempty)', async () => {
    const r = await srv.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: { spec: {} } });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.json().details), ['group', 'causes']);
  });
});
