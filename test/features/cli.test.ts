// The skiff command with --feature-gates, as kube-apiserver v1.34 behaves: gates are resolved
// after the flags parse, before the options are validated; a bad gate is logged as
// `"command failed" err="..."` and the process exits 1 (component-base/cli/run.go,
// compatibility/registry.go Set, featuregate/feature_gate.go).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const mainJs = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [mainJs, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('skiff --feature-gates', () => {
  it('an unknown gate fails at start with exit code 1', () => {
    const r = run('--feature-gates=NoSuchGate=true');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^E\d{4} .*\] "command failed" err="unrecognized feature gate: NoSuchGate"$/m);
  });

  it('a GA gate locked to true cannot be set false', () => {
    const r = run('--feature-gates=StructuredAuthenticationConfiguration=false');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /"command failed" err="cannot set feature gate StructuredAuthenticationConfiguration to false, feature is locked to true"/);
  });

  it('GA and deprecated gates warn, and the gates are resolved before the other options are checked', () => {
    // --secure-port=0 is rejected by option validation, so the server never starts.
    const r = run('--feature-gates=KMSv1=true', '--feature-gates=kube:VolumeAttributesClass=true', '--secure-port=0');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^W\d{4} .*Setting deprecated feature gate KMSv1=true\. It will be removed in a future release\./m);
    assert.match(r.stderr, /^W\d{4} .*Setting GA feature gate VolumeAttributesClass=true\. It will be removed in a future release\./m);
    assert.match(r.stderr, /--secure-port 0 must be between 1 and 65535/);
    assert.ok(r.stderr.indexOf('KMSv1') < r.stderr.indexOf('--secure-port 0'), 'gate warnings come first');
  });

  it('beta and alpha gates are accepted without a warning', () => {
    const r = run('--feature-gates=MutatingAdmissionPolicy=true,AllAlpha=true', '--secure-port=0');
    assert.equal(r.status, 2);
    assert.doesNotMatch(r.stderr, /feature gate/);
  });

  it('--help lists the alpha and beta gates as kube-apiserver does (featuregate KnownFeatures)', () => {
    const r = run('--help');
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^ {6}--feature-gates colonSeparatedMultimapStringString +Comma-separated list of component:key=value pairs/m);
    assert.match(r.stdout, /^ +kube:MutatingAdmissionPolicy=true\|false \(BETA - default=false\)$/m);
    assert.match(r.stdout, /^ +kube:AllAlpha=true\|false \(ALPHA - default=false\)$/m);
    assert.match(r.stdout, /^ +kube:UserNamespacesPodSecurityStandards=true\|false \(ALPHA - default=false\)$/m);
    // GA and deprecated gates are accepted but not listed.
    assert.doesNotMatch(r.stdout, /kube:StructuredAuthenticationConfiguration=/);
    assert.doesNotMatch(r.stdout, /kube:KMSv1=/);
  });
});
