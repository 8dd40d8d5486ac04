// kubernetes_feature_enabled{name,stage} (component-base/metrics/prometheus/feature/metrics.go),
// scraped from a running server's /metrics.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/server.js';

describe('kubernetes_feature_enabled', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ store: 'memory', featureGates: { AllAlpha: true, UserNamespacesPodSecurityStandards: false, MutatingAdmissionPolicy: true } });
  });
  after(() => srv?.stop());

  it('reports every gate with its stage (empty for GA) and value', async () => {
    const r = await srv.request('GET', '/metrics');
    assert.equal(r.status, 200);
    const text = r.text;
    assert.match(text, /^# HELP kubernetes_feature_enabled \[BETA\] This metric records the data about the stage and enablement of a k8s feature\.$/m);
    assert.match(text, /^# TYPE kubernetes_feature_enabled gauge$/m);
    const sample = (name: string, stage: string) => new RegExp(`^kubernetes_feature_enabled\\{name="${name}",stage="${stage}"\\} (\\d)$`, 'm').exec(text)?.[1];
    assert.equal(sample('AllAlpha', 'ALPHA'), '1');
    assert.equal(sample('AllBeta', 'BETA'), '0');
    assert.equal(sample('CBORServingAndStorage', 'ALPHA'), '1', 'AllAlpha turned it on');
    assert.equal(sample('UserNamespacesPodSecurityStandards', 'ALPHA'), '0', 'named explicitly');
    assert.equal(sample('MutatingAdmissionPolicy', 'BETA'), '1');
    assert.equal(sample('WatchListClient', 'BETA'), '0');
    assert.equal(sample('StructuredAuthenticationConfiguration', ''), '1');
    assert.equal(sample('KMSv1', 'DEPRECATED'), '0');
  });
});
