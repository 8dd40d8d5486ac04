// DefaultIngressClass (upstream plugin/pkg/admission/network/defaultingressclass/admission.go), end to end.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';

const CLASSES = '/apis/networking.k8s.io/v1/ingressclasses';
const INGRESSES = '/apis/networking.k8s.io/v1/namespaces/ing/ingresses';
const ingress = (name: string, spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
  metadata: { name, ...(annotations ? { annotations } : {}) },
  spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } }, ...spec },
});

describe('DefaultIngressClass admission', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ controllers: [] });
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'ing' } } });
  });
  after(() => srv.close());

  it('without a default class nothing is set', async () => {
    const r = await srv.request('POST', INGRESSES, { body: ingress('a') });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json().spec.ingressClassName, undefined);
  });

  it('the default class is set unless the ingress names a class or carries the class annotation', async () => {
    await srv.request('POST', CLASSES, { body: { metadata: { name: 'other' }, spec: { controller: 'example.com/c' } } });
    const c = await srv.request('POST', CLASSES, {
      body: { metadata: { name: 'nginx', annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }, spec: { controller: 'example.com/c' } },
    });
    assert.equal(c.status, 201, c.text);
    assert.equal((await srv.request('POST', INGRESSES, { body: ingress('b') })).json().spec.ingressClassName, 'nginx');
    assert.equal((await srv.request('POST', INGRESSES, { body: ingress('c', { ingressClassName: 'other' }) })).json().spec.ingressClassName, 'other');
    const annotated = await srv.request('POST', INGRESSES, { body: ingress('d', {}, { 'kubernetes.io/ingress.class': 'legacy' }) });
    assert.equal(annotated.json().spec.ingressClassName, undefined);
  });
});
