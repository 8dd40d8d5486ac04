// Custom resources through @kubernetes/client-node: CustomObjectsApi CRUD, status and scale,
// patches, an informer on a custom resource, a cluster-scoped CRD, garbage collection of
// custom resources added at run time, and CRDs served again after a restart.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as k8s from '@kubernetes/client-node';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

const GROUP = 'ops.example.org';

function crd(plural: string, kind: string, scope: 'Namespaced' | 'Cluster', extra: Record<string, unknown> = {}): k8s.V1CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${GROUP}` },
    spec: {
      group: GROUP,
      scope,
      names: { plural, singular: plural.slice(0, -1), kind },
      versions: [
        {
          name: 'v1alpha1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    replicas: { type: 'integer', _default: 1 },
                    image: { type: 'string' },
                    ports: {
                      type: 'array',
                      x_kubernetes_list_type: 'map',
                      x_kubernetes_list_map_keys: ['name'],
                      items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
                    },
                  },
                },
                status: { type: 'object', properties: { ready: { type: 'integer' }, selector: { type: 'string' } } },
              },
            },
          },
          subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.ready', labelSelectorPath: '.status.selector' } },
          ...extra,
        },
      ],
    },
  };
}

async function waitEstablished(ext: k8s.ApiextensionsV1Api, name: string): Promise<void> {
  await eventually(async () => {
    const c = await ext.readCustomResourceDefinition({ name });
    return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True');
  }, 10_000, `${name} established`);
}

const mergePatch = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);

describe('custom resources through @kubernetes/client-node', () => {
  let srv: TestServer;
  let kc: k8s.KubeConfig;
  let ext: k8s.ApiextensionsV1Api;
  let custom: k8s.CustomObjectsApi;
  let core: k8s.CoreV1Api;

  before(async () => {
    srv = await startTestServer();
    kc = new k8s.KubeConfig();
    kc.loadFromFile(srv.kubeconfig);
    ext = kc.makeApiClient(k8s.ApiextensionsV1Api);
    custom = kc.makeApiClient(k8s.CustomObjectsApi);
    core = kc.makeApiClient(k8s.CoreV1Api);
    await ext.createCustomResourceDefinition({ body: crd('apps', 'App', 'Namespaced') });
    await waitEstablished(ext, `apps.${GROUP}`);
  });
  after(async () => {
    await srv?.close();
  });

  it('creates, reads, lists, patches and deletes custom objects', async () => {
    const created = await custom.createNamespacedCustomObject({
      group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps',
      body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'App', metadata: { name: 'web' }, spec: { image: 'nginx', ports: [{ name: 'http', port: 80 }] } },
    });
    assert.equal(created.spec.replicas, 1, 'defaulted');
    assert.equal(created.metadata.generation, 1);
    const got = await custom.getNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web' });
    assert.equal(got.metadata.uid, created.metadata.uid);
    const list = await custom.listClusterCustomObject({ group: GROUP, version: 'v1alpha1', plural: 'apps' });
    assert.equal(list.kind, 'AppList');
    assert.deepEqual(list.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['web']);
    const patched = await custom.patchNamespacedCustomObject(
      { group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web', body: { spec: { image: 'nginx:2' } } },
      mergePatch,
    );
    assert.equal(patched.spec.image, 'nginx:2');
    assert.equal(patched.metadata.generation, 2);
    const jsonPatched = await custom.patchNamespacedCustomObject({
      group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web',
      body: [{ op: 'add', path: '/spec/ports/-', value: { name: 'https', port: 443 } }],
    });
    assert.deepEqual(jsonPatched.spec.ports.map((p: { name: string }) => p.name), ['http', 'https']);
    // Updates need a resourceVersion, as for every custom resource: a 422 naming the resource
    // where a kind belongs (k8s.io/apiserver pkg/registry/generic/registry/store.go Update, v1.34).
    await assert.rejects(
      custom.replaceNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web', body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'App', metadata: { name: 'web' }, spec: {} } }),
      (e: { code?: number; body?: string }) =>
        e.code === 422 && JSON.parse(String(e.body)).message === `apps.${GROUP} "web" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`,
    );
  });

  it('writes status and scale through their subresources', async () => {
    const st = await custom.patchNamespacedCustomObjectStatus(
      { group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web', body: { status: { ready: 1, selector: 'app=web' } } },
      mergePatch,
    );
    assert.deepEqual(st.status, { ready: 1, selector: 'app=web' });
    const scale = await custom.getNamespacedCustomObjectScale({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web' });
    assert.equal(scale.kind, 'Scale');
    assert.deepEqual(scale.spec, { replicas: 1 });
    assert.deepEqual(scale.status, { replicas: 1, selector: 'app=web' });
    scale.spec.replicas = 4;
    const updated = await custom.replaceNamespacedCustomObjectScale({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web', body: scale });
    assert.equal(updated.spec.replicas, 4);
    const obj = await custom.getNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web' });
    assert.equal(obj.spec.replicas, 4);
    const invalid = await srv.request('PUT', `/apis/${GROUP}/v1alpha1/namespaces/default/apps/web/scale`, {
      body: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web' }, spec: { replicas: -1 } },
    });
    assert.equal(invalid.status, 422);
    assert.match(invalid.json().message, /spec\.replicas: Invalid value: -1: must be greater than or equal to 0/);
  });

  it('an informer follows a custom resource', async () => {
    const path = `/apis/${GROUP}/v1alpha1/namespaces/default/apps`;
    const informer = k8s.makeInformer(kc, path, () => custom.listNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps' }));
    const seen: string[] = [];
    informer.on('add', (o: k8s.KubernetesObject) => seen.push(`add:${o.metadata?.name}`));
    informer.on('update', (o: k8s.KubernetesObject & { spec?: { image?: string } }) => seen.push(`update:${o.metadata?.name}:${o.spec?.image}`));
    informer.on('delete', (o: k8s.KubernetesObject) => seen.push(`delete:${o.metadata?.name}`));
    await informer.start();
    try {
      await eventually(() => seen.includes('add:web'), 15_000, 'initial add');
      await custom.createNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'App', metadata: { name: 'api' }, spec: { image: 'a' } } });
      await eventually(() => seen.includes('add:api'), 15_000, 'add api');
      await custom.patchNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'api', body: { spec: { image: 'b' } } }, mergePatch);
      await eventually(() => seen.includes('update:api:b'), 15_000, 'update api');
      await custom.deleteNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'api' });
      await eventually(() => seen.includes('delete:api'), 15_000, 'delete api');
    } finally {
      await informer.stop();
    }
  });

  it('serves cluster-scoped custom resources', async () => {
    await ext.createCustomResourceDefinition({ body: crd('zones', 'Zone', 'Cluster') });
    await waitEstablished(ext, `zones.${GROUP}`);
    const z = await custom.createClusterCustomObject({ group: GROUP, version: 'v1alpha1', plural: 'zones', body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'Zone', metadata: { name: 'eu' }, spec: {} } });
    assert.equal(z.metadata.namespace, undefined);
    const got = await custom.getClusterCustomObject({ group: GROUP, version: 'v1alpha1', plural: 'zones', name: 'eu' });
    assert.equal(got.metadata.name, 'eu');
    const nsPath = await srv.request('GET', `/apis/${GROUP}/v1alpha1/namespaces/default/zones`);
    assert.equal(nsPath.status, 404);
    const disco = await srv.request('GET', `/apis/${GROUP}/v1alpha1`);
    const names = disco.json().resources.map((r: { name: string }) => r.name);
    assert.deepEqual(names, ['apps', 'apps/status', 'apps/scale', 'zones', 'zones/status', 'zones/scale']);
  });

  it('collects custom resources whose owner is gone, and owners of built-in dependents', async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'owner' } } });
    await custom.createNamespacedCustomObject({
      group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps',
      body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'App', metadata: { name: 'owned', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: cm.metadata!.uid! }] }, spec: {} },
    });
    const app = await custom.getNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web' });
    await core.createNamespacedConfigMap({
      namespace: 'default',
      body: { metadata: { name: 'child', ownerReferences: [{ apiVersion: `${GROUP}/v1alpha1`, kind: 'App', name: 'web', uid: app.metadata.uid }] } },
    });
    await core.deleteNamespacedConfigMap({ name: 'owner', namespace: 'default' });
    await eventually(async () => (await srv.request('GET', `/apis/${GROUP}/v1alpha1/namespaces/default/apps/owned`)).status === 404, 10_000, 'owned app collected');
    await custom.deleteNamespacedCustomObject({ group: GROUP, version: 'v1alpha1', namespace: 'default', plural: 'apps', name: 'web' });
    await eventually(async () => (await srv.request('GET', '/api/v1/namespaces/default/configmaps/child')).status === 404, 10_000, 'child configmap collected');
  });

  it('serves established CRDs again after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skiff-crd-restart-'));
    try {
      let s = await startTestServer({ dataDir });
      const kc1 = new k8s.KubeConfig();
      kc1.loadFromFile(s.kubeconfig);
      await kc1.makeApiClient(k8s.ApiextensionsV1Api).createCustomResourceDefinition({ body: crd('jobs', 'Job', 'Namespaced') });
      await s.crds.idle();
      const c = await s.request('POST', `/apis/${GROUP}/v1alpha1/namespaces/default/jobs`, { body: { apiVersion: `${GROUP}/v1alpha1`, kind: 'Job', metadata: { name: 'j1' }, spec: {} } });
      assert.equal(c.status, 201, c.text);
      await s.close();
      s = await startTestServer({ dataDir });
      try {
        // Ready means the stored CRDs are served: no wait needed.
        const got = await s.request('GET', `/apis/${GROUP}/v1alpha1/namespaces/default/jobs/j1`);
        assert.equal(got.status, 200, got.text);
        assert.equal(got.json().spec.replicas, 1);
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
