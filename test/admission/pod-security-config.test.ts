// PodSecurity configured from --admission-control-config-file: PodSecurityConfiguration
// defaults for unlabelled namespaces and exemptions by namespace, user and runtime class
// (k8s.io/pod-security-admission admission/api/v1/types.go, defaults.go,
// validation/validation.go and admission/admission.go's exemption paths, v1.34).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Obj } from '../../src/types/kind.js';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const PSA = 'pod-security.kubernetes.io';

function warnings(r: HttpResult): string[] {
  const h = r.headers.warning;
  const all = h === undefined ? [] : Array.isArray(h) ? h : [h];
  return all.flatMap((line) => [...line.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')));
}

function writeConfig(dir: string, podSecurity: string): string {
  const file = join(dir, 'admission.yaml');
  writeFileSync(join(dir, 'podsecurity.yaml'), podSecurity);
  writeFileSync(file, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  path: podsecurity.yaml\n');
  return file;
}

const privileged = { containers: [{ name: 'c', image: 'nginx', securityContext: { privileged: true } }] };
const plain = { containers: [{ name: 'c', image: 'nginx' }] };

describe('PodSecurity configuration file', () => {
  let srv: TestServer;
  let dir: string;
  const TOKEN = 'exempt-token-0123456789';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-psa-'));
    const tokens = join(dir, 'tokens.csv');
    writeFileSync(tokens, `${TOKEN},deployer,u1,"system:masters"\nother-token-0123456789,someone,u2,"system:masters"\n`);
    const config = writeConfig(
      dir,
      [
        'apiVersion: pod-security.admission.config.k8s.io/v1',
        'kind: PodSecurityConfiguration',
        'defaults:',
        '  enforce: baseline',
        '  warn: restricted',
        '  warn-version: v1.33',
        'exemptions:',
        '  usernames: [deployer]',
        '  namespaces: [exempt-ns, exempt-new, exempt-same]',
        '  runtimeClasses: [kata]',
        '',
      ].join('\n'),
    );
    srv = await startTestServer({ admissionControlConfigFile: config, tokenAuthFile: tokens });
    for (const ns of ['plain', 'exempt-ns']) {
      await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: ns } } });
      await srv.request('POST', `/api/v1/namespaces/${ns}/serviceaccounts`, { body: { metadata: { name: 'default' } } });
    }
    await srv.request('POST', '/apis/node.k8s.io/v1/runtimeclasses', { body: { metadata: { name: 'kata' }, handler: 'kata' } });
  });
  after(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const createPod = (ns: string, name: string, spec: Obj, headers?: Record<string, string>) =>
    srv.request('POST', `/api/v1/namespaces/${ns}/pods`, { body: { metadata: { name }, spec }, ...(headers ? { headers, auth: false } : {}) });

  it('the defaults apply to an unlabelled namespace: enforce baseline, warn restricted at the pinned version', async () => {
    const refused = await createPod('plain', 'priv', privileged);
    assert.equal(refused.status, 403);
    assert.equal(refused.json().message, 'pods "priv" is forbidden: violates PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)');
    const warned = await createPod('plain', 'plain', plain);
    assert.equal(warned.status, 201, warned.text);
    assert.equal(warnings(warned).length, 1);
    assert.match(warnings(warned)[0]!, /^would violate PodSecurity "restricted:v1\.33": allowPrivilegeEscalation != false/);
  });

  it('labels override the defaults', async () => {
    await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'opened', labels: { [`${PSA}/enforce`]: 'privileged', [`${PSA}/warn`]: 'privileged' } } } });
    await srv.request('POST', '/api/v1/namespaces/opened/serviceaccounts', { body: { metadata: { name: 'default' } } });
    const r = await createPod('opened', 'priv', privileged);
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(warnings(r), []);
  });

  it('an exempt namespace admits anything, and labelling it says the policy is ignored', async () => {
    const r = await createPod('exempt-ns', 'priv', privileged);
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(warnings(r), []);
    const labelled = await srv.request('PATCH', '/api/v1/namespaces/exempt-ns', {
      raw: JSON.stringify({ metadata: { labels: { [`${PSA}/enforce`]: 'restricted', [`${PSA}/audit`]: 'baseline' } } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    assert.equal(labelled.status, 200, labelled.text);
    assert.deepEqual(warnings(labelled), ['namespace "exempt-ns" is exempt from Pod Security, and the policy (enforce=restricted:latest, audit=baseline:latest) will be ignored']);
  });

  it('creating a labelled exempt namespace warns the same way; labels that come to the defaults do not', async () => {
    const r = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'exempt-new', labels: { [`${PSA}/warn`]: 'restricted', [`${PSA}/enforce`]: 'privileged' } } } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(warnings(r), ['namespace "exempt-new" is exempt from Pod Security, and the policy (warn=restricted:v1.33) will be ignored'], 'the version comes from the defaults');
    const same = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'exempt-same', labels: { [`${PSA}/enforce`]: 'baseline' } } } });
    assert.equal(same.status, 201, same.text);
    assert.deepEqual(warnings(same), []);
    const notExempt = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'not-exempt', labels: { [`${PSA}/warn`]: 'restricted' } } } });
    assert.deepEqual(warnings(notExempt), []);
  });

  it('an exempt user is not checked; another user is', async () => {
    const exempt = await createPod('plain', 'by-deployer', privileged, { authorization: `Bearer ${TOKEN}` });
    assert.equal(exempt.status, 201, exempt.text);
    assert.deepEqual(warnings(exempt), []);
    const other = await createPod('plain', 'by-someone', privileged, { authorization: 'Bearer other-token-0123456789' });
    assert.equal(other.status, 403, other.text);
  });

  it('an exempt runtime class is not checked', async () => {
    const r = await createPod('plain', 'kata', { ...privileged, runtimeClassName: 'kata' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(warnings(r), []);
  });

  it('an invalid configuration stops the server with the field errors', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'skiff-psa-bad-'));
    try {
      const file = writeConfig(
        bad,
        'apiVersion: pod-security.admission.config.k8s.io/v1\nkind: PodSecurityConfiguration\ndefaults:\n  enforce: strict\nexemptions:\n  namespaces: [Not_A_Name]\n  usernames: [a, a]\n',
      );
      await assert.rejects(
        startTestServer({ admissionControlConfigFile: file }),
        (e: Error) => {
          assert.match(e.message, /PodSecurity invalid: \[defaults\.enforce: Invalid value: "strict": must be one of privileged, baseline, restricted, exemptions\.namespaces\[0\]: Invalid value: "Not_A_Name": .*, exemptions\.usernames\[1\]: Duplicate value: "a"\]/);
          return true;
        },
      );
      const wrongKind = writeConfig(bad, 'apiVersion: pod-security.admission.config.k8s.io/v2\nkind: PodSecurityConfiguration\n');
      await assert.rejects(startTestServer({ admissionControlConfigFile: wrongKind }), /PodSecurity configuration error/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
