// Server-side apply through the status subresource records the applier's entry (upstream's
// fieldmanager runs for /status as for the main resource: managedFields entry with
// operation Apply and subresource status).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server.js';

describe('apply to /status', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  it('keeps the apply entry of the status writer next to the creator\'s', async () => {
    const base = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';
    const c = await srv.request('POST', `${base}?fieldManager=creator`, {
      body: { metadata: { name: 'p' }, spec: { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }] }, validations: [{ expression: 'true' }] } },
    });
    assert.equal(c.status, 201, c.text);
    const r = await srv.request('PATCH', `${base}/p/status?fieldManager=status-writer&force=true`, {
      raw: JSON.stringify({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' }, status: { observedGeneration: 7 } }),
      headers: { 'content-type': 'application/apply-patch+yaml' },
    });
    assert.equal(r.status, 200, r.text);
    const entries = r.json().metadata.managedFields.map((m: { manager: string; operation: string; subresource?: string }) => `${m.manager}/${m.operation}/${m.subresource ?? ''}`);
    // (The policy status controller may have applied its own status entry too.)
    assert.ok(entries.includes('creator/Update/'), entries.join(' '));
    assert.ok(entries.includes('status-writer/Apply/status'), entries.join(' '));
  });
});
