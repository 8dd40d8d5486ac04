// The PodSecurity admission plugin against a real server: namespace labels enforce, warn and
// audit at each level and version, workload templates warned but never refused, namespace
// label validation and the dry-run of existing pods, updates that are not re-checked, and
// kubectl showing the warning texts. Texts from k8s.io/pod-security-admission
// admission/admission.go and api/helpers.go (v1.34) and the kubernetes plugin wrapper
// plugin/pkg/admission/security/podsecurity/admission.go.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { podSecurity } from '../../src/admission/plugins/pod-security.js';
import type { Attributes } from '../../src/admission/types.js';
import type { Obj } from '../../src/types/kind.js';
import { FeatureGates } from '../../src/features/index.js';
import { kubectl } from '../support/kubectl.js';
import { startTestServer, type HttpResult, type TestServer } from '../support/server.js';

const PSA = 'pod-security.kubernetes.io';

/** What restricted asks of a container. */
const RESTRICTED_SC = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } };
const restrictedSpec = (name = 'c') => ({
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [{ name, image: 'nginx', securityContext: RESTRICTED_SC }],
});
const plainSpec = (name = 'c') => ({ containers: [{ name, image: 'nginx' }] });
const privilegedSpec = (name = 'c') => ({ containers: [{ name, image: 'nginx', securityContext: { privileged: true } }] });

const RESTRICTED_VIOLATIONS_OF_PLAIN =
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

/** The Warning header values, unquoted as a client reads them. */
function warnings(r: HttpResult): string[] {
  const h = r.headers.warning;
  const all = h === undefined ? [] : Array.isArray(h) ? h : [h];
  const out: string[] = [];
  for (const line of all) {
    for (const m of line.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)) out.push(m[1]!.replace(/\\(.)/g, '$1'));
  }
  return out;
}

/** The plugin called with a request's attributes, to see its audit annotations (skiff has no audit log yet). */
async function admitDirectly(srv: TestServer, namespace: string, spec: Obj, username = 'alice') {
  const plugin = podSecurity({ registry: srv.registry, featureGates: FeatureGates.defaults(), config: { apiVersion: 'pod-security.admission.config.k8s.io/v1', kind: 'PodSecurityConfiguration', exemptions: { usernames: ['robot'] } } });
  const annotations: Record<string, string> = {};
  const warned: string[] = [];
  const a: Attributes = {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'pods' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'Pod' },
    name: 'p',
    namespace,
    object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace }, spec },
    dryRun: false,
    userInfo: { username, groups: [] },
    served: srv.registry.catalog.lookup('', 'v1', 'pods')!,
    addAnnotation: (k, v) => (annotations[k] = v),
    addWarning: (w) => warned.push(w),
  };
  let error: string | undefined;
  try {
    await plugin.validate!(a);
  } catch (e) {
    error = (e as Error).message;
  }
  return { annotations, warned, error };
}

describe('PodSecurity admission', () => {
  let srv: TestServer;

  const createNamespace = async (name: string, labels: Record<string, string> = {}) => {
    const r = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name, labels } } });
    assert.equal(r.status, 201, r.text);
    // Pods need the namespace's default service account once ServiceAccount admission runs.
    await srv.request('POST', `/api/v1/namespaces/${name}/serviceaccounts`, { body: { metadata: { name: 'default' } } });
    return r;
  };
  const createPod = (ns: string, name: string, spec: Obj, extra: Obj = {}) => srv.request('POST', `/api/v1/namespaces/${ns}/pods`, { body: { metadata: { name, ...extra }, spec } });
  const labelNamespace = (ns: string, labels: Record<string, string | null>, query = '') =>
    srv.request('PATCH', `/api/v1/namespaces/${ns}${query}`, { raw: JSON.stringify({ metadata: { labels } }), headers: { 'content-type': 'application/merge-patch+json' } });

  before(async () => {
    srv = await startTestServer();
    await createNamespace('enforce-restricted', { [`${PSA}/enforce`]: 'restricted' });
    await createNamespace('enforce-baseline-v133', { [`${PSA}/enforce`]: 'baseline', [`${PSA}/enforce-version`]: 'v1.33' });
    await createNamespace('warn-baseline', { [`${PSA}/warn`]: 'baseline' });
    await createNamespace('warn-restricted', { [`${PSA}/warn`]: 'restricted' });
    await createNamespace('audit-only', { [`${PSA}/audit`]: 'restricted' });
    await createNamespace('unlabelled');
  });
  after(() => srv.close());

  describe('enforce', () => {
    it('restricted refuses a pod with upstream\'s 403 and stores nothing', async () => {
      const r = await createPod('enforce-restricted', 'x', plainSpec());
      assert.equal(r.status, 403);
      assert.deepEqual(r.json(), {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `pods "x" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`,
        reason: 'Forbidden',
        details: { name: 'x', kind: 'pods' },
        code: 403,
      });
      assert.deepEqual(warnings(r), [], 'a refused request gets no warning as well');
      assert.equal((await srv.request('GET', '/api/v1/namespaces/enforce-restricted/pods/x')).status, 404);
    });

    it('restricted admits a compliant pod without a warning', async () => {
      const r = await createPod('enforce-restricted', 'ok', restrictedSpec());
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), []);
    });

    it('a generated name is named in the refusal (validating admission sees it)', async () => {
      const r = await srv.request('POST', '/api/v1/namespaces/enforce-restricted/pods', { body: { metadata: { generateName: 'gen-' }, spec: plainSpec() } });
      assert.equal(r.status, 403);
      assert.match(r.json().message, /^pods "gen-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false/);
    });

    it('baseline at a pinned version names that version; baseline admits what only restricted forbids', async () => {
      const r = await createPod('enforce-baseline-v133', 'priv', privilegedSpec());
      assert.equal(r.status, 403);
      assert.equal(r.json().message, 'pods "priv" is forbidden: violates PodSecurity "baseline:v1.33": privileged (container "c" must not set securityContext.privileged=true)');
      const ok = await createPod('enforce-baseline-v133', 'plain', plainSpec());
      assert.equal(ok.status, 201, ok.text);
      assert.deepEqual(warnings(ok), []);
    });

    it('a pinned version applies that version\'s checks (probe hosts are checked from v1.34)', async () => {
      const spec = { containers: [{ name: 'c', image: 'nginx', livenessProbe: { httpGet: { port: 80, host: 'example.com' } } }] };
      assert.equal((await createPod('enforce-baseline-v133', 'probe', spec)).status, 201);
      await createNamespace('enforce-baseline-latest', { [`${PSA}/enforce`]: 'baseline' });
      const r = await createPod('enforce-baseline-latest', 'probe', spec);
      assert.equal(r.status, 403);
      assert.equal(r.json().message, 'pods "probe" is forbidden: violates PodSecurity "baseline:latest": probe or lifecycle host (container "c" uses probe or lifecycle host "example.com")');
    });

    it('unlabelled namespaces are privileged by default', async () => {
      const r = await createPod('unlabelled', 'priv', { ...privilegedSpec(), hostNetwork: true });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), []);
    });
  });

  describe('warn and audit', () => {
    it('warn lets the pod in with a Warning header naming the level and every violation', async () => {
      const r = await createPod('warn-baseline', 'priv', { ...privilegedSpec(), hostNetwork: true, volumes: [{ name: 'root', hostPath: { path: '/' } }] });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), [
        'would violate PodSecurity "baseline:latest": host namespaces (hostNetwork=true), hostPath volumes (volume "root"), privileged (container "c" must not set securityContext.privileged=true)',
      ]);
    });

    it('audit alone neither refuses nor warns', async () => {
      const r = await createPod('audit-only', 'plain', plainSpec());
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), []);
    });

    it('enforce with a stricter warn level: admitted, warned at the warn level', async () => {
      await createNamespace('enforce-baseline-warn-restricted', { [`${PSA}/enforce`]: 'baseline', [`${PSA}/warn`]: 'restricted' });
      const r = await createPod('enforce-baseline-warn-restricted', 'plain', plainSpec());
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), [`would violate PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`]);
    });

    it('audit annotations: enforce-policy always, audit-violations on a violation, exempt reasons (plugin attributes)', async () => {
      const run = (ns: string, spec: Obj, username?: string) => admitDirectly(srv, ns, spec, username);
      assert.deepEqual(await run('audit-only', plainSpec()), {
        annotations: { [`${PSA}/enforce-policy`]: 'privileged:latest', [`${PSA}/audit-violations`]: `would violate PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}` },
        warned: [],
        error: undefined,
      });
      const refused = await run('enforce-restricted', plainSpec());
      assert.deepEqual(refused.annotations, { [`${PSA}/enforce-policy`]: 'restricted:latest' }, 'audit is privileged there: no violations to record');
      assert.match(refused.error!, /violates PodSecurity "restricted:latest"/);
      assert.deepEqual((await run('unlabelled', privilegedSpec())).annotations, { [`${PSA}/enforce-policy`]: 'privileged:latest' });
      assert.deepEqual((await run('enforce-restricted', plainSpec(), 'robot')).annotations, { [`${PSA}/exempt`]: 'user' });
    });
  });

  describe('workload templates are warned and audited, never refused', () => {
    const template = { metadata: { labels: { app: 'w' } }, spec: plainSpec() };
    const selector = { matchLabels: { app: 'w' } };
    const workloads: [string, string, Obj][] = [
      ['/apis/apps/v1', 'deployments', { spec: { selector, template } }],
      ['/apis/apps/v1', 'replicasets', { spec: { selector, template } }],
      ['/apis/apps/v1', 'statefulsets', { spec: { selector, serviceName: 's', template } }],
      ['/apis/apps/v1', 'daemonsets', { spec: { selector, template } }],
      ['/apis/batch/v1', 'jobs', { spec: { template: { spec: { ...plainSpec(), restartPolicy: 'Never' } } } }],
      ['/apis/batch/v1', 'cronjobs', { spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { ...plainSpec(), restartPolicy: 'Never' } } } } } }],
      ['/api/v1', 'replicationcontrollers', { spec: { selector: { app: 'w' }, template } }],
      ['/api/v1', 'podtemplates', { template }],
    ];
    for (const [prefix, resource, body] of workloads) {
      it(`${resource} in an enforce=restricted namespace: created, with the restricted warning`, async () => {
        const r = await srv.request('POST', `${prefix}/namespaces/enforce-restricted/${resource}`, { body: { metadata: { name: 'w' }, ...body } });
        assert.equal(r.status, 201, r.text);
        assert.deepEqual(warnings(r), [`would violate PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`]);
      });
    }

    it('a compliant template gets no warning; a scale subresource is not looked at', async () => {
      const r = await srv.request('POST', '/apis/apps/v1/namespaces/enforce-restricted/deployments', {
        body: { metadata: { name: 'good' }, spec: { selector, template: { metadata: template.metadata, spec: restrictedSpec() } } },
      });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(warnings(r), []);
      const s = await srv.request('PATCH', '/apis/apps/v1/namespaces/enforce-restricted/deployments/w/scale', { raw: '{"spec":{"replicas":2}}', headers: { 'content-type': 'application/merge-patch+json' } });
      assert.equal(s.status, 200, s.text);
      assert.deepEqual(warnings(s), []);
    });
  });

  describe('namespace labels', () => {
    it('an invalid level or version is refused on create with 422 Invalid naming the label', async () => {
      const r = await srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'bad-labels', labels: { [`${PSA}/enforce`]: 'strict', [`${PSA}/warn-version`]: 'v2.0' } } } });
      assert.equal(r.status, 422);
      const s = r.json();
      assert.equal(
        s.message,
        `Namespace "bad-labels" is invalid: [metadata.labels[${PSA}/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted, metadata.labels[${PSA}/warn-version]: Invalid value: "v2.0": must be "latest" or "v1.x"]`,
      );
      assert.equal(s.reason, 'Invalid');
      assert.deepEqual(s.details.causes.map((c: Obj) => c.field), [`metadata.labels[${PSA}/enforce]`, `metadata.labels[${PSA}/warn-version]`]);
      assert.equal((await srv.request('GET', '/api/v1/namespaces/bad-labels')).status, 404);
    });

    it('an update that makes a label invalid is refused', async () => {
      await createNamespace('relabel');
      const r = await labelNamespace('relabel', { [`${PSA}/audit`]: 'loud' });
      assert.equal(r.status, 422);
      assert.equal(r.json().message, `Namespace "relabel" is invalid: metadata.labels[${PSA}/audit]: Invalid value: "loud": must be one of privileged, baseline, restricted`);
    });

    it('a version after the newest (v1.99) is valid and is evaluated as the newest', async () => {
      await createNamespace('future', { [`${PSA}/enforce`]: 'baseline', [`${PSA}/enforce-version`]: 'v1.99' });
      const r = await createPod('future', 'priv', privilegedSpec());
      assert.equal(r.status, 403);
      assert.match(r.json().message, /violates PodSecurity "baseline:v1\.99": privileged/);
    });
  });

  describe('a namespace whose labels are already invalid (written before PodSecurity looked)', () => {
    before(async () => {
      const served = srv.registry.catalog.lookup('', 'v1', 'namespaces')!;
      const labels = { [`${PSA}/enforce`]: 'strict', [`${PSA}/warn`]: 'loud' };
      await srv.registry.create({ served, namespace: '' }, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'broken', labels } }, { dryRun: false });
      await srv.request('POST', '/api/v1/namespaces/broken/serviceaccounts', { body: { metadata: { name: 'default' } } });
    });

    it('the audit event records the parse error', async () => {
      const r = await admitDirectly(srv, 'broken', restrictedSpec());
      assert.equal(r.error, undefined);
      assert.deepEqual(r.annotations, {
        [`${PSA}/error`]: `Failed to parse policy: [metadata.labels[${PSA}/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted, metadata.labels[${PSA}/warn]: Invalid value: "loud": must be one of privileged, baseline, restricted]`,
        [`${PSA}/enforce-policy`]: 'restricted:latest',
      });
    });

    it('an invalid enforce level enforces restricted; an invalid warn level fails open', async () => {
      const r = await createPod('broken', 'plain', plainSpec());
      assert.equal(r.status, 403);
      assert.equal(r.json().message, `pods "plain" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`);
      const ok = await createPod('broken', 'ok', restrictedSpec());
      assert.equal(ok.status, 201, ok.text);
      assert.deepEqual(warnings(ok), []);
    });

    it('updates that keep the same invalid labels are allowed; changing one to another invalid value is not', async () => {
      assert.equal((await labelNamespace('broken', { team: 'a' })).status, 200);
      const r = await labelNamespace('broken', { [`${PSA}/enforce`]: 'stricter' });
      assert.equal(r.status, 422);
      assert.match(r.json().message, /^Namespace "broken" is invalid: \[metadata\.labels\[pod-security\.kubernetes\.io\/enforce\]: Invalid value: "stricter"/);
    });
  });

  describe('tightening enforce warns about existing pods', () => {
    before(async () => {
      await createNamespace('tighten');
      assert.equal((await createPod('tighten', 'p2', privilegedSpec())).status, 201);
      assert.equal((await createPod('tighten', 'p1', privilegedSpec())).status, 201);
      assert.equal((await createPod('tighten', 'p3', { ...plainSpec(), hostNetwork: true })).status, 201);
      assert.equal((await createPod('tighten', 'fine', restrictedSpec())).status, 201);
    });

    it('dry-run and real updates list the violating pods, one line per set of reasons, with counts', async () => {
      const expected = [
        'existing pods in namespace "tighten" violate the new PodSecurity enforce level "baseline:latest"',
        'p1 (and 1 other pod): privileged',
        'p3: host namespaces',
      ];
      const dry = await labelNamespace('tighten', { [`${PSA}/enforce`]: 'baseline' }, '?dryRun=All');
      assert.equal(dry.status, 200, dry.text);
      assert.deepEqual(warnings(dry), expected);
      const r = await labelNamespace('tighten', { [`${PSA}/enforce`]: 'baseline' });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(warnings(r), expected);
    });

    it('an unchanged enforce level, a relaxed level, or privileged checks nothing', async () => {
      assert.deepEqual(warnings(await labelNamespace('tighten', { [`${PSA}/warn`]: 'baseline' })), []);
      assert.deepEqual(warnings(await labelNamespace('tighten', { [`${PSA}/enforce`]: 'privileged' })), []);
    });

    it('a new version of the same level is checked again', async () => {
      await labelNamespace('tighten', { [`${PSA}/enforce`]: 'restricted', [`${PSA}/enforce-version`]: 'v1.30' });
      const r = await labelNamespace('tighten', { [`${PSA}/enforce-version`]: null });
      assert.equal(r.status, 200, r.text);
      assert.equal(warnings(r)[0], 'existing pods in namespace "tighten" violate the new PodSecurity enforce level "restricted:latest"');
      assert.equal(warnings(r).length, 3);
    });
  });

  describe('updates of existing pods', () => {
    before(async () => {
      await createNamespace('later');
      assert.equal((await createPod('later', 'old', plainSpec())).status, 201);
      assert.equal((await labelNamespace('later', { [`${PSA}/enforce`]: 'restricted' })).status, 200);
    });

    it('a metadata-only change of a violating pod is admitted without a check', async () => {
      const r = await srv.request('PATCH', '/api/v1/namespaces/later/pods/old', { raw: '{"metadata":{"labels":{"touched":"yes"}}}', headers: { 'content-type': 'application/merge-patch+json' } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(warnings(r), []);
    });

    it('a status update is not looked at', async () => {
      const r = await srv.request('PATCH', '/api/v1/namespaces/later/pods/old/status', { raw: '{"status":{"message":"hi"}}', headers: { 'content-type': 'application/merge-patch+json' } });
      assert.equal(r.status, 200, r.text);
    });

    it('adding an ephemeral container is checked (kubectl debug)', async () => {
      await createNamespace('debug', { [`${PSA}/enforce`]: 'baseline' });
      assert.equal((await createPod('debug', 'target', plainSpec())).status, 201);
      const add = (ec: Obj) => srv.request('PATCH', '/api/v1/namespaces/debug/pods/target/ephemeralcontainers', { raw: JSON.stringify({ spec: { ephemeralContainers: [ec] } }), headers: { 'content-type': 'application/strategic-merge-patch+json' } });
      const refused = await add({ name: 'dbg', image: 'busybox', securityContext: { privileged: true } });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.json().message, 'pods "target" is forbidden: violates PodSecurity "baseline:latest": privileged (container "dbg" must not set securityContext.privileged=true)');
      assert.equal((await add({ name: 'dbg', image: 'busybox' })).status, 200);
    });

    it('an image change is checked and refused', async () => {
      const r = await srv.request('PATCH', '/api/v1/namespaces/later/pods/old', { raw: '{"spec":{"containers":[{"name":"c","image":"nginx:2"}]}}', headers: { 'content-type': 'application/strategic-merge-patch+json' } });
      assert.equal(r.status, 403, r.text);
      assert.equal(r.json().message, `pods "old" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`);
    });
  });

  describe('kubectl', () => {
    it('kubectl run prints the warning, and the refusal', async () => {
      const warned = await kubectl(srv.kubeconfig, ['run', 'c', '--image=nginx', '-n', 'warn-restricted']);
      assert.equal(warned.code, 0, warned.stderr);
      assert.match(warned.stdout, /pod\/c created/);
      assert.equal(warned.stderr.trim(), `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`);
      const refused = await kubectl(srv.kubeconfig, ['run', 'c', '--image=nginx', '-n', 'enforce-restricted']);
      assert.notEqual(refused.code, 0);
      assert.equal(refused.stderr.trim(), `Error from server (Forbidden): pods "c" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_VIOLATIONS_OF_PLAIN}`);
    });

    it('kubectl label prints the existing-pods warnings', async () => {
      await createNamespace('kctl');
      assert.equal((await createPod('kctl', 'p', privilegedSpec())).status, 201);
      const r = await kubectl(srv.kubeconfig, ['label', 'namespace', 'kctl', `${PSA}/enforce=baseline`]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(
        r.stderr.trim(),
        'Warning: existing pods in namespace "kctl" violate the new PodSecurity enforce level "baseline:latest"\nWarning: p: privileged',
      );
    });
  });
});
