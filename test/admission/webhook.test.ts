// Admission webhooks against a real HTTPS webhook server on loopback with its own CA, as
// k8s.io/apiserver pkg/admission/plugin/webhook/{mutating,validating}/dispatcher.go,
// generic/webhook.go, request/admissionreview.go and errors/statuserror.go behave.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dispatchMutating, dispatchValidating } from '../../src/admission/webhook/dispatch.js';
import type { StatusError } from '../../src/apimachinery/errors.js';
import type { WebhookAccessor } from '../../src/admission/webhook/config-index.js';
import { MatchConditions } from '../../src/admission/matching.js';
import type { Attributes } from '../../src/admission/types.js';
import { startAdmissionWebhookServer, jsonPatch, type AdmissionWebhookServer } from '../support/admission-webhook.js';
import { kubectl } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

/** eventually() for a value: resolves with the first defined result. */
const until = <T>(fn: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> => eventually(fn, timeoutMs, what) as Promise<T>;

const ARG = '/apis/admissionregistration.k8s.io/v1';
const CONFIGMAPS = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] };

describe('admission webhooks', () => {
  let srv: TestServer;
  let wh: AdmissionWebhookServer;

  const hook = (test: string, extra: Record<string, unknown> = {}) => ({
    name: `${test}.webhooks.test`,
    clientConfig: { url: wh.url(`/${test}`), caBundle: wh.caBundle },
    rules: [CONFIGMAPS],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    objectSelector: { matchLabels: { test } },
    ...extra,
  });
  const install = async (kind: 'mutating' | 'validating', name: string, webhooks: unknown[]) => {
    const plural = `${kind}webhookconfigurations`;
    const r = await srv.request('POST', `${ARG}/${plural}`, { body: { metadata: { name }, webhooks } });
    assert.equal(r.status, 201, r.text);
  };
  const createCM = (test: string, o: { ns?: string; name?: string; query?: string; labels?: Record<string, string> } = {}) =>
    srv.request('POST', `/api/v1/namespaces/${o.ns ?? 'wh'}/configmaps${o.query ?? ''}`, {
      body: { metadata: { ...(o.name ? { name: o.name } : { generateName: `${test}-` }), labels: { test, ...(o.labels ?? {}) } }, data: { a: 'b' } },
    });
  /** Create until the webhook at /test has seen one more review (the configuration's watch has caught up). */
  const createUntilCalled = (test: string, o: Parameters<typeof createCM>[1] = {}) => {
    const before = wh.received(`/${test}`).length;
    return until(async () => {
      const r = await createCM(test, o);
      return wh.received(`/${test}`).length > before ? r : undefined;
    }, 10_000, `webhook /${test} to be called`);
  };

  /** A webhook as the configuration index holds it (for dispatching without the API). */
  const accessor = (spec: ReturnType<typeof hook> & Record<string, unknown>): WebhookAccessor => ({
    uid: `cfg/${spec.name}/0`,
    configurationName: 'cfg',
    name: spec.name,
    spec,
    criteria: { rules: spec.rules, objectSelector: spec.objectSelector },
    conditions: new MatchConditions([], 'Fail'),
  });
  const attributes = (o: Partial<Attributes>): Attributes => ({
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'ConfigMap' },
    name: 'a',
    namespace: 'wh',
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'wh', labels: { test: 'dry-unknown' } }, data: {} },
    dryRun: false,
    userInfo: { username: 'u', groups: [] },
    served: srv.registry.catalog.lookup('', 'v1', 'configmaps')!,
    addAnnotation: () => undefined,
    addWarning: () => undefined,
    ...o,
  });

  before(async () => {
    wh = await startAdmissionWebhookServer(['hooksvc.wh.svc']);
    srv = await startTestServer();
    for (const [name, labels] of [['wh', { env: 'test' }], ['other', {}]] as const) {
      const r = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name, labels } } });
      assert.equal(r.status, 201, r.text);
    }
  });
  after(async () => {
    await srv?.close();
    await wh?.close();
  });

  it('a mutating webhook gets a v1 review of the request and its JSONPatch is applied and stored', async () => {
    wh.on('/mutate', () => ({ response: { allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/labels/mutated', value: 'yes' }]) } }));
    await install('mutating', 'mutate', [hook('mutate')]);
    const r = await createUntilCalled('mutate', { query: '?fieldManager=me' });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().metadata.labels.mutated, 'yes');
    const stored = await srv.request('GET', `/api/v1/namespaces/wh/configmaps/${r.json().metadata.name}`);
    assert.equal(stored.json().metadata.labels.mutated, 'yes');
    const review = wh.received('/mutate').at(-1);
    assert.equal(review.apiVersion, 'admission.k8s.io/v1');
    assert.equal(review.kind, 'AdmissionReview');
    assert.match(review.query, /[?&]timeout=10s$/, 'client-go sends the timeout in the query');
    const q = review.request;
    assert.match(q.uid, /^[0-9a-f-]{36}$/);
    assert.deepEqual(q.kind, { group: '', version: 'v1', kind: 'ConfigMap' });
    assert.deepEqual(q.resource, { group: '', version: 'v1', resource: 'configmaps' });
    assert.deepEqual(q.requestKind, q.kind);
    assert.deepEqual(q.requestResource, q.resource);
    assert.equal(q.name, undefined, 'generateName: no name yet');
    assert.equal(q.namespace, 'wh');
    assert.equal(q.operation, 'CREATE');
    assert.equal(q.userInfo.username, 'kubernetes-admin');
    assert.ok(q.userInfo.groups.includes('system:masters'));
    assert.equal(q.object.metadata.labels.test, 'mutate');
    assert.equal(q.oldObject, null);
    assert.equal(q.dryRun, false);
    assert.deepEqual(q.options, { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'me' });
  });

  it('a rejection passes the webhook Status through; codes under 400 become 400', async () => {
    wh.on('/deny', (rv) =>
      rv.request.object.metadata.labels.low === 'yes'
        ? { response: { allowed: false, status: { code: 200, message: 'too low' } } }
        : { response: { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'not today' } } },
    );
    await install('validating', 'deny', [hook('deny')]);
    const r = await until(async () => {
      const x = await createCM('deny');
      return x.status === 403 ? x : undefined;
    }, 10_000, 'the deny webhook');
    assert.deepEqual(
      { ...r.json(), metadata: undefined },
      { kind: 'Status', apiVersion: 'v1', metadata: undefined, status: 'Failure', message: 'admission webhook "deny.webhooks.test" denied the request: not today', reason: 'Forbidden', code: 403 },
    );
    const low = await createCM('deny', { labels: { low: 'yes' } });
    assert.equal(low.status, 400);
    assert.equal(low.json().message, 'admission webhook "deny.webhooks.test" denied the request: too low');
    assert.equal(low.json().reason, undefined);
    // The validating phase sees the prepared object (name generated, uid set).
    const q = wh.received('/deny').at(-1).request;
    assert.ok(q.object.metadata.uid && q.object.metadata.name.startsWith('deny-'));
  });

  it('timeouts: failurePolicy Fail answers upstream internal error, Ignore admits', async () => {
    wh.on('/slow-fail', () => ({ response: { allowed: true }, delayMs: 2500 }));
    wh.on('/slow-ignore', () => ({ response: { allowed: true }, delayMs: 2500 }));
    await install('validating', 'slow', [hook('slow-fail', { timeoutSeconds: 1, failurePolicy: 'Fail' }), hook('slow-ignore', { timeoutSeconds: 1, failurePolicy: 'Ignore' })]);
    const r = await until(async () => {
      const x = await createCM('slow-fail');
      return x.status === 500 ? x : undefined;
    }, 15_000, 'the slow webhook');
    assert.equal(r.json().reason, 'InternalError');
    assert.equal(r.json().message, `Internal error occurred: failed calling webhook "slow-fail.webhooks.test": failed to call webhook: Post "${wh.url('/slow-fail')}?timeout=1s": context deadline exceeded`);
    const before = wh.received('/slow-ignore').length;
    const ok = await createCM('slow-ignore');
    assert.equal(ok.status, 201, ok.text);
    assert.equal(wh.received('/slow-ignore').length, before + 1, 'the webhook was called and ignored');
  });

  it('a webhook that cannot be reached fails closed with the dial error', async () => {
    await install('validating', 'unreachable', [hook('unreachable', { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle: wh.caBundle } })]);
    const r = await until(async () => {
      const x = await createCM('unreachable');
      return x.status === 500 ? x : undefined;
    }, 10_000, 'the unreachable webhook');
    assert.equal(r.json().message, 'Internal error occurred: failed calling webhook "unreachable.webhooks.test": failed to call webhook: Post "https://127.0.0.1:1/x?timeout=10s": dial tcp 127.0.0.1:1: connect: connection refused');
  });

  it('admissionReviewVersions v1beta1: a v1beta1 review; a patch without patchType is JSONPatch', async () => {
    wh.on('/beta', () => ({ raw: JSON.stringify({ apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { allowed: true, patch: jsonPatch([{ op: 'add', path: '/data/beta', value: '1' }]).patch } }) }));
    await install('mutating', 'beta', [hook('beta', { admissionReviewVersions: ['v1beta1', 'v1'] })]);
    const r = await createUntilCalled('beta');
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().data.beta, '1');
    assert.equal(wh.received('/beta').at(-1).apiVersion, 'admission.k8s.io/v1beta1');
  });

  it('a v1 answer with the wrong uid is an invalid response (failurePolicy applies)', async () => {
    wh.on('/baduid', () => ({ raw: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'nope', allowed: true } }) }));
    await install('validating', 'baduid', [hook('baduid')]);
    const r = await until(async () => {
      const x = await createCM('baduid');
      return x.status === 500 ? x : undefined;
    }, 10_000, 'the baduid webhook');
    assert.match(r.json().message, /^Internal error occurred: failed calling webhook "baduid.webhooks.test": received invalid webhook response: expected response.uid="[0-9a-f-]{36}", got "nope"$/);
  });

  it('namespaceSelector: only requests in matching namespaces are sent', async () => {
    await install('validating', 'nssel', [hook('nssel', { namespaceSelector: { matchLabels: { env: 'test' } } })]);
    await createUntilCalled('nssel');
    const before = wh.received('/nssel').length;
    const r = await createCM('nssel', { ns: 'other' });
    assert.equal(r.status, 201, r.text);
    assert.equal(wh.received('/nssel').length, before, 'not called for a namespace without env=test');
    assert.equal((await createCM('nssel')).status, 201);
    assert.equal(wh.received('/nssel').length, before + 1);
  });

  it('objectSelector: an object without the label is not sent', async () => {
    await install('validating', 'objsel', [hook('objsel')]);
    await createUntilCalled('objsel');
    const before = wh.received('/objsel').length;
    const r = await srv.request('POST', '/api/v1/namespaces/wh/configmaps', { body: { metadata: { generateName: 'x-', labels: { test: 'something-else' } } } });
    assert.equal(r.status, 201);
    assert.equal(wh.received('/objsel').length, before);
  });

  it('matchConditions: false skips the webhook; an error with Fail is a 403', async () => {
    await install('validating', 'cond', [
      hook('cond', { matchConditions: [{ name: 'prefix', expression: "object.metadata.name.startsWith('mc-')" }, { name: 'not-admin', expression: "request.userInfo.username != 'nobody'" }] }),
      hook('cond-err', { matchConditions: [{ name: 'annotation', expression: "object.metadata.annotations['x'] == 'y'" }] }),
    ]);
    await createUntilCalled('cond', { name: 'mc-1' });
    const before = wh.received('/cond').length;
    assert.equal((await createCM('cond', { name: 'plain-1' })).status, 201);
    assert.equal(wh.received('/cond').length, before, 'a false condition skips the call');
    const e = await createCM('cond-err', { name: 'e-1' });
    assert.equal(e.status, 403, e.text);
    assert.equal(e.json().message, `configmaps "e-1" is forbidden: expression 'object.metadata.annotations['x'] == 'y'' resulted in error: no such key: annotations`);
    assert.equal(wh.received('/cond-err').length, 0);
  });

  it("matchConditions may ask the server's authorizer (authorizer library through the asynchronous authorizer)", async () => {
    await install('validating', 'cond-authz', [
      hook('cond-authz', { matchConditions: [{ name: 'can-list-secrets', expression: "authorizer.group('').resource('secrets').namespace('wh').check('list').allowed()" }] }),
      hook('cond-authz-not', { matchConditions: [{ name: 'cannot-list-secrets', expression: "!authorizer.group('').resource('secrets').namespace('wh').check('list').allowed()" }] }),
    ]);
    // The admin (system:masters) may list secrets: the first webhook is called, the second never.
    await createUntilCalled('cond-authz', { name: 'az-1' });
    assert.equal((await createCM('cond-authz-not', { name: 'az-2' })).status, 201);
    assert.equal(wh.received('/cond-authz-not').length, 0);
  });

  it('dry run: sideEffects None and NoneOnDryRun are called with dryRun true', async () => {
    await install('validating', 'dry', [hook('dry-none'), hook('dry-ok', { sideEffects: 'NoneOnDryRun' })]);
    await createUntilCalled('dry-ok');
    const ok = await createCM('dry-ok', { query: '?dryRun=All' });
    assert.equal(ok.status, 201, ok.text);
    const q = wh.received('/dry-ok').at(-1).request;
    assert.equal(q.dryRun, true);
    assert.deepEqual(q.options.dryRun, ['All']);
    assert.equal((await createCM('dry-none', { query: '?dryRun=All' })).status, 201);
    assert.equal(wh.received('/dry-none').at(-1).request.dryRun, true);
  });

  it('dry run: a webhook with sideEffects Unknown or Some (v1beta1 configurations) gives upstream 400 without being called', async () => {
    for (const sideEffects of ['Unknown', 'Some']) {
      const spec = { ...hook('dry-unknown'), sideEffects, failurePolicy: 'Ignore' };
      const a = attributes({ dryRun: true });
      const err = await dispatchValidating([accessor(spec)], a, { registry: srv.registry, catalog: srv.registry.catalog }).then(
        () => assert.fail('admitted'),
        (e: StatusError) => e,
      );
      assert.equal(err.status.code, 400);
      assert.equal(err.status.reason, 'BadRequest');
      assert.equal(err.status.message, 'admission webhook "dry-unknown.webhooks.test" does not support dry run');
    }
    assert.equal(wh.received('/dry-unknown').length, 0);
  });

  it('reinvocationPolicy IfNeeded: an earlier webhook is called again after a later one changed the object', async () => {
    const addLabel = (label: string) => (rv: any) =>
      rv.request.object.metadata.labels[label] ? { response: { allowed: true } } : { response: { allowed: true, ...jsonPatch([{ op: 'add', path: `/metadata/labels/${label}`, value: '1' }]) } };
    wh.on('/reinvoke-a', addLabel('a'));
    wh.on('/reinvoke-b', addLabel('b'));
    wh.on('/never-a', addLabel('a'));
    // Configurations run in name order: a-... before b-...
    await install('mutating', 'a-reinvoke', [
      hook('reinvoke-a', { objectSelector: { matchLabels: { test: 'reinvoke' } }, reinvocationPolicy: 'IfNeeded' }),
      hook('never-a', { objectSelector: { matchLabels: { test: 'never' } } }),
    ]);
    await install('mutating', 'b-reinvoke', [
      hook('reinvoke-b', { objectSelector: { matchLabels: { test: 'reinvoke' } } }),
      { ...hook('never-b', { objectSelector: { matchLabels: { test: 'never' } } }), clientConfig: { url: wh.url('/reinvoke-b'), caBundle: wh.caBundle } },
    ]);
    const r = await until(async () => {
      const calls = wh.received('/reinvoke-a').length;
      const x = await createCM('reinvoke');
      return wh.received('/reinvoke-a').length - calls === 2 ? x : undefined;
    }, 10_000, 'both configurations to be active');
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(r.json().metadata.labels, { test: 'reinvoke', a: '1', b: '1' });
    const [first, second] = wh.received('/reinvoke-a').slice(-2);
    assert.equal(first.request.object.metadata.labels.b, undefined);
    assert.equal(second.request.object.metadata.labels.b, '1', 'the reinvocation sees the later webhook change');
    // reinvocationPolicy Never: called once.
    const before = wh.received('/never-a').length;
    const n = await createCM('never');
    assert.equal(n.status, 201, n.text);
    assert.deepEqual(n.json().metadata.labels, { test: 'never', a: '1', b: '1' });
    assert.equal(wh.received('/never-a').length, before + 1);
  });

  it('matchPolicy Equivalent: an autoscaling/v2 request matches an autoscaling/v1 rule and the webhook sees (and patches) the v1 object; Exact does not match', async () => {
    const HPA_V1 = { operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] };
    wh.on('/equiv', () => ({ response: { allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/labels/seen-as', value: 'v1' }]) } }));
    await install('mutating', 'equiv', [hook('equiv', { rules: [HPA_V1], matchPolicy: 'Equivalent' }), hook('exact', { rules: [HPA_V1], matchPolicy: 'Exact', objectSelector: { matchLabels: { test: 'equiv' } } })]);
    const hpa = (name: string) => ({
      metadata: { name, labels: { test: 'equiv' } },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, minReplicas: 1, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
    });
    let n = 0;
    const r = await until(async () => {
      const before = wh.received('/equiv').length;
      const x = await srv.request('POST', '/apis/autoscaling/v2/namespaces/wh/horizontalpodautoscalers', { body: hpa(`h${n++}`) });
      return wh.received('/equiv').length > before ? x : undefined;
    }, 10_000, 'the equivalent webhook');
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().apiVersion, 'autoscaling/v2');
    assert.equal(r.json().metadata.labels['seen-as'], 'v1');
    assert.equal(r.json().spec.metrics[0].resource.target.averageUtilization, 50, 'the v2 fields survive the round trip');
    const q = wh.received('/equiv').at(-1).request;
    assert.deepEqual(q.kind, { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' });
    assert.deepEqual(q.resource, { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' });
    assert.deepEqual(q.requestKind, { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' });
    assert.deepEqual(q.requestResource, { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' });
    assert.equal(q.object.apiVersion, 'autoscaling/v1');
    assert.equal(q.object.spec.targetCPUUtilizationPercentage, 50);
    assert.equal(wh.received('/exact').length, 0, 'matchPolicy Exact does not match another version');
  });

  it('namespaceSelector on a namespace request uses the namespace object itself', async () => {
    await install('validating', 'nsobj', [
      hook('nsobj', { rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['namespaces'] }], namespaceSelector: { matchLabels: { nsobj: 'yes' } }, objectSelector: {} }),
    ]);
    let n = 0;
    await until(async () => {
      const before = wh.received('/nsobj').length;
      await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: `nsobj-${n++}`, labels: { nsobj: 'yes' } } } });
      return wh.received('/nsobj').length > before ? true : undefined;
    }, 10_000, 'the namespace webhook');
    const before = wh.received('/nsobj').length;
    assert.equal((await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'nsobj-unlabelled' } } })).status, 201);
    assert.equal(wh.received('/nsobj').length, before);
    assert.equal(wh.received('/nsobj').at(-1).request.namespace, undefined, 'a namespace create has no namespace');
    // An update names the namespace in the URL: upstream's RequestInfo makes it the request namespace.
    const u = await srv.request('PATCH', '/api/v1/namespaces/nsobj-0', { body: { metadata: { annotations: { touched: 'yes' } } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(u.status, 200, u.text);
    const q = wh.received('/nsobj').at(-1).request;
    assert.equal(q.operation, 'UPDATE');
    assert.equal(q.name, 'nsobj-0');
    assert.equal(q.namespace, 'nsobj-0');
  });

  it('warnings become Warning headers', async () => {
    wh.on('/warn', () => ({ response: { allowed: true, warnings: ['mind the gap'] } }));
    await install('validating', 'warn', [hook('warn')]);
    const r = await createUntilCalled('warn');
    assert.equal(r.status, 201);
    assert.match(String(r.headers.warning), /299 - "mind the gap"/);
  });

  it('a service reference resolves through the Service (here ExternalName localhost) with the service DNS name for TLS', async () => {
    const svc = await srv.request('POST', '/api/v1/namespaces/wh/services', { body: { metadata: { name: 'hooksvc' }, spec: { type: 'ExternalName', externalName: 'localhost' } } });
    assert.equal(svc.status, 201, svc.text);
    await install('validating', 'svc', [
      hook('svc', { clientConfig: { service: { namespace: 'wh', name: 'hooksvc', port: wh.port, path: '/svc' }, caBundle: wh.caBundle } }),
      hook('nosvc', { clientConfig: { service: { namespace: 'wh', name: 'nosuch', path: '/x' }, caBundle: wh.caBundle } }),
    ]);
    await createUntilCalled('svc');
    assert.equal(wh.received('/svc').at(-1).host, `hooksvc.wh.svc:${wh.port}`);
    const r = await createCM('nosvc');
    assert.equal(r.status, 500, r.text);
    assert.equal(r.json().message, 'Internal error occurred: failed calling webhook "nosvc.webhooks.test": failed to call webhook: Post "https://nosuch.wh.svc:443/x?timeout=10s": service "nosuch" not found');
  });

  it('kubectl apply goes through the mutating webhook', async () => {
    wh.on('/kubectl', () => ({ response: { allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/annotations', value: { 'mutated-by': 'webhook' } }]) } }));
    await install('mutating', 'kubectl', [hook('kubectl', { rules: [{ ...CONFIGMAPS, operations: ['CREATE', 'UPDATE'] }] })]);
    await createUntilCalled('kubectl');
    const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied', namespace: 'wh', labels: { test: 'kubectl' } }, data: { k: 'v' } });
    const applied = await kubectl(srv.kubeconfig, ['apply', '-f', '-'], manifest);
    assert.equal(applied.code, 0, applied.stderr);
    const got = await kubectl(srv.kubeconfig, ['get', 'configmap', 'applied', '-n', 'wh', '-o', 'json']);
    assert.equal(JSON.parse(got.stdout).metadata.annotations['mutated-by'], 'webhook');
  });

  it('audit annotations: the webhook\'s own keys prefixed by its name, and upstream mutation/patch annotations', async () => {
    wh.on('/audit', () => ({ response: { allowed: true, auditAnnotations: { decision: 'ok' }, ...jsonPatch([{ path: '/data/x', op: 'add', value: 'y' }]) } }));
    const annotations: Record<string, string> = {};
    const spec = { ...hook('audit'), failurePolicy: 'Fail', timeoutSeconds: 5 };
    const a = attributes({ addAnnotation: (k, v) => void (annotations[k] = v) });
    a.object!.metadata.labels.test = 'audit';
    await dispatchMutating([accessor(spec)], a, { registry: srv.registry, catalog: srv.registry.catalog });
    assert.equal(a.object!.data.x, 'y', 'the object is patched in place');
    assert.deepEqual(annotations, {
      'audit.webhooks.test/decision': 'ok',
      'mutation.webhook.admission.k8s.io/round_0_index_0': '{"configuration":"cfg","webhook":"audit.webhooks.test","mutated":true}',
      'patch.webhook.admission.k8s.io/round_0_index_0': '{"configuration":"cfg","webhook":"audit.webhooks.test","patch":[{"op":"add","path":"/data/x","value":"y"}],"patchType":"JSONPatch"}',
    });
  });

  it('webhook configurations themselves are never sent to webhooks', async () => {
    wh.on('/all', () => ({ response: { allowed: false } }));
    await install('validating', 'all', [hook('all', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }], objectSelector: {} })]);
    await eventually(async () => (await createCM('all')).status === 400, 10_000, 'the deny-all webhook');
    const r = await srv.request('DELETE', `${ARG}/validatingwebhookconfigurations/all`);
    assert.equal(r.status, 200, r.text);
  });
});
