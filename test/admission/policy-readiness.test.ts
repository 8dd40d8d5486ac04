// A policy plugin whose policies and bindings have not been listed yet answers upstream's
// 403 "not yet ready to handle request" after admission.Handler's WaitForReady (10 s)
// instead of admitting the request against no policies
// (k8s.io/apiserver pkg/admission/plugin/policy/generic/plugin.go Dispatch,
// pkg/admission/handler.go). skiff listens before its post-start hooks start admission,
// so the first requests after a start can come before the plugins' informers are filled.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mutatingAdmissionPolicy } from '../../src/admission/plugins/mutating-admission-policy.js';
import { validatingAdmissionPolicy } from '../../src/admission/plugins/validating-admission-policy.js';
import { PolicySource, VALIDATING_POLICY_KINDS } from '../../src/admission/policy/source.js';
import type { Attributes, PluginDeps } from '../../src/admission/types.js';
import { alwaysAllow } from '../../src/authz/always-allow.js';
import { isStatusError } from '../../src/apimachinery/errors.js';
import { FeatureGates } from '../../src/features/feature-gates.js';
import { silentLogger, startTestServer, type TestServer } from '../support/server.js';

describe('policy plugins before their policies are listed', () => {
  let srv: TestServer;
  let deps: PluginDeps;
  before(async () => {
    srv = await startTestServer({ runtimeConfig: { 'admissionregistration.k8s.io/v1beta1': 'true' }, featureGates: { MutatingAdmissionPolicy: true } });
    deps = {
      registry: srv.registry,
      catalog: srv.registry.catalog,
      authorizer: alwaysAllow,
      logger: silentLogger(),
      featureGates: FeatureGates.fromFlag({ MutatingAdmissionPolicy: true }),
    };
  });
  after(() => srv?.close());

  const configMapCreate = (): Attributes => {
    const served = srv.registry.catalog.lookup('', 'v1', 'configmaps')!;
    return {
      operation: 'CREATE',
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      subresource: '',
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      name: '',
      namespace: 'default',
      object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'early', namespace: 'default' } },
      dryRun: false,
      userInfo: { username: 'alice', groups: ['system:authenticated'] },
      served,
      addAnnotation: () => undefined,
      addWarning: () => undefined,
    };
  };

  it('the policy source is ready only once its first list has arrived', async () => {
    const source = new PolicySource(srv.registry, VALIDATING_POLICY_KINDS);
    assert.equal(await source.waitForReady(50), false);
    await source.start();
    try {
      assert.equal(await source.waitForReady(50), true);
    } finally {
      source.stop();
    }
  });

  for (const [name, plugin, run] of [
    ['ValidatingAdmissionPolicy', validatingAdmissionPolicy, 'validate'],
    ['MutatingAdmissionPolicy', mutatingAdmissionPolicy, 'admit'],
  ] as const) {
    it(`${name}: 403 "not yet ready to handle request" after the wait, admitted once started`, async () => {
      const p = plugin(deps);
      const call = async () => p[run]!(configMapCreate());
      await assert.rejects(call(), (e: unknown) => {
        assert.ok(isStatusError(e));
        assert.equal(e.status.code, 403);
        assert.equal(e.status.reason, 'Forbidden');
        // admission.NewForbidden names the object by its name when the request has none.
        assert.equal(e.status.message, 'configmaps "early" is forbidden: not yet ready to handle request');
        return true;
      });
      await p.start!();
      try {
        await call();
      } finally {
        p.stop?.();
      }
    });
  }
});
