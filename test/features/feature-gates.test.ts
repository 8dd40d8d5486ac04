// --feature-gates resolution with component-base/featuregate/feature_gate.go's rules
// (unsafeSetFromMap, setUnsetAlphaGates, setUnsetBetaGates) over the v1.34 gate table
// generated from pkg/features/kube_features.go and staging/src/k8s.io/apiserver/pkg/features/kube_features.go.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FeatureGateError, FeatureGates, HONOURED_GATES, isKnownGate } from '../../src/features/index.js';
import { UPSTREAM_GATES, UPSTREAM_VERSION } from '../../src/features/upstream-gates.js';

function stateOf(gates: FeatureGates, name: string) {
  const s = gates.all().find((g) => g.name === name);
  assert.ok(s, `${name} is listed`);
  return s;
}

function rejects(flag: Record<string, boolean>): string {
  try {
    FeatureGates.fromFlag(flag);
  } catch (e) {
    assert.ok(e instanceof FeatureGateError);
    return e.message;
  }
  assert.fail(`accepted ${JSON.stringify(flag)}`);
}

describe('feature gate table (v1.34)', () => {
  it('is generated for v1.34 and holds the gates of kube-apiserver, generic apiserver, logs, zpages and client-go', () => {
    assert.equal(UPSTREAM_VERSION, '1.34');
    for (const name of ['MutatingAdmissionPolicy', 'CBORServingAndStorage', 'WatchList', 'ContextualLogging', 'ComponentFlagz', 'WatchListClient', 'DynamicResourceAllocation', 'KMSv1']) {
      assert.ok(isKnownGate(name), name);
    }
    // Removed before v1.34 (APIListChunking was locked GA in 1.29 and dropped since).
    assert.equal(isKnownGate('APIListChunking'), false);
    assert.ok(UPSTREAM_GATES.length > 150, `${UPSTREAM_GATES.length} gates`);
  });

  it('records each stage transition with its release, oldest first', () => {
    const map = UPSTREAM_GATES.find((g) => g.name === 'MutatingAdmissionPolicy');
    assert.deepEqual(map?.specs, [
      { version: '1.32', stage: 'ALPHA', default: false },
      { version: '1.34', stage: 'BETA', default: false },
    ]);
    for (const g of UPSTREAM_GATES) {
      const versions = g.specs.map((s) => s.version.split('.').map(Number));
      for (let i = 1; i < versions.length; i++) {
        const [a, b] = [versions[i - 1]!, versions[i]!];
        assert.ok(a[0]! < b[0]! || (a[0] === b[0] && a[1]! <= b[1]!), `${g.name} in order`);
      }
    }
  });

  it('every gate skiff reads is a real v1.34 gate', () => {
    for (const name of Object.keys(HONOURED_GATES)) assert.ok(isKnownGate(name), name);
  });
});

describe('FeatureGates defaults', () => {
  const gates = FeatureGates.defaults();
  it('alpha off, beta on unless upstream marks it off, GA on', () => {
    assert.equal(gates.enabled('UserNamespacesPodSecurityStandards'), false); // alpha
    assert.equal(gates.enabled('StructuredAuthenticationConfigurationEgressSelector'), true); // beta, on
    assert.deepEqual(stateOf(gates, 'MutatingAdmissionPolicy'), { name: 'MutatingAdmissionPolicy', stage: 'BETA', enabled: false }); // beta, off by default
    assert.deepEqual(stateOf(gates, 'StructuredAuthenticationConfiguration'), { name: 'StructuredAuthenticationConfiguration', stage: 'GA', enabled: true });
    assert.deepEqual(stateOf(gates, 'CBORServingAndStorage'), { name: 'CBORServingAndStorage', stage: 'ALPHA', enabled: false });
    assert.deepEqual(stateOf(gates, 'KMSv1'), { name: 'KMSv1', stage: 'DEPRECATED', enabled: false });
    assert.deepEqual(stateOf(gates, 'AllAlpha'), { name: 'AllAlpha', stage: 'ALPHA', enabled: false });
    assert.deepEqual(stateOf(gates, 'AllBeta'), { name: 'AllBeta', stage: 'BETA', enabled: false });
    assert.deepEqual(gates.warnings, []);
  });
});

describe('FeatureGates.fromFlag', () => {
  it('sets alpha and beta gates either way', () => {
    const gates = FeatureGates.fromFlag({ UserNamespacesPodSecurityStandards: true, StructuredAuthenticationConfigurationEgressSelector: false, MutatingAdmissionPolicy: true });
    assert.equal(gates.enabled('UserNamespacesPodSecurityStandards'), true);
    assert.equal(gates.enabled('StructuredAuthenticationConfigurationEgressSelector'), false);
    assert.equal(stateOf(gates, 'MutatingAdmissionPolicy').enabled, true);
    assert.deepEqual(gates.warnings, []);
  });

  it('an unknown name fails with "unrecognized feature gate: X"', () => {
    assert.equal(rejects({ NoSuchGate: true }), 'unrecognized feature gate: NoSuchGate');
    // Upstream returns at the unknown name, dropping errors found before it.
    assert.equal(rejects({ AnonymousAuthConfigurableEndpoints: false, NoSuchGate: true }), 'unrecognized feature gate: NoSuchGate');
    // Gate names are case-sensitive.
    assert.equal(rejects({ mutatingadmissionpolicy: true }), 'unrecognized feature gate: mutatingadmissionpolicy');
  });

  it('a gate locked to true cannot be set false; several errors are aggregated', () => {
    assert.equal(rejects({ StructuredAuthenticationConfiguration: false }), 'cannot set feature gate StructuredAuthenticationConfiguration to false, feature is locked to true');
    assert.equal(
      rejects({ AnonymousAuthConfigurableEndpoints: false, APIServerTracing: false }),
      '[cannot set feature gate AnonymousAuthConfigurableEndpoints to false, feature is locked to true, cannot set feature gate APIServerTracing to false, feature is locked to true]',
    );
  });

  it('setting a GA or deprecated gate works and warns', () => {
    const gates = FeatureGates.fromFlag({ StructuredAuthenticationConfiguration: true, KMSv1: true, VolumeAttributesClass: false });
    assert.equal(gates.enabled('StructuredAuthenticationConfiguration'), true);
    assert.equal(stateOf(gates, 'KMSv1').enabled, true);
    // GA without a lock may still be turned off.
    assert.equal(stateOf(gates, 'VolumeAttributesClass').enabled, false);
    assert.deepEqual(gates.warnings, [
      'Setting GA feature gate StructuredAuthenticationConfiguration=true. It will be removed in a future release.',
      'Setting deprecated feature gate KMSv1=true. It will be removed in a future release.',
      'Setting GA feature gate VolumeAttributesClass=false. It will be removed in a future release.',
    ]);
  });

  it('AllAlpha turns on every alpha gate not named explicitly, and only those', () => {
    const gates = FeatureGates.fromFlag({ AllAlpha: true, ComponentFlagz: false });
    assert.equal(gates.enabled('UserNamespacesPodSecurityStandards'), true);
    assert.equal(stateOf(gates, 'CBORServingAndStorage').enabled, true);
    assert.equal(stateOf(gates, 'ComponentFlagz').enabled, false);
    assert.equal(stateOf(gates, 'AllAlpha').enabled, true);
    assert.equal(stateOf(gates, 'MutatingAdmissionPolicy').enabled, false, 'beta gates keep their default');
    for (const g of gates.all()) if (g.stage === 'ALPHA' && g.name !== 'ComponentFlagz') assert.equal(g.enabled, true, g.name);
  });

  it('AllBeta=false turns off every beta gate not named explicitly', () => {
    const gates = FeatureGates.fromFlag({ AllBeta: false, WatchList: true });
    assert.equal(gates.enabled('StructuredAuthenticationConfigurationEgressSelector'), false);
    assert.equal(stateOf(gates, 'WatchList').enabled, true);
    assert.equal(stateOf(gates, 'ContextualLogging').enabled, false);
    assert.equal(gates.enabled('StructuredAuthenticationConfiguration'), true, 'GA gates are untouched');
    assert.equal(gates.enabled('UserNamespacesPodSecurityStandards'), false, 'alpha gates are untouched');
  });

  it('accepts the "kube:" component prefix and rejects other components', () => {
    assert.equal(FeatureGates.fromFlag({ 'kube:UserNamespacesPodSecurityStandards': true }).enabled('UserNamespacesPodSecurityStandards'), true);
    assert.equal(rejects({ 'wardle:Foo': true }), 'component not registered: wardle');
  });
});
