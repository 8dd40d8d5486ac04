// The Node authorizer through the real filter chain (upstream plugin/pkg/auth/authorizer/node/
// node_authorizer.go, graph_populator.go): nodes authenticate with static tokens, the graph
// follows the registry's watch.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowAuthenticated } from '../support/authz.js';
import { nodeAuthorizerFor } from '../../src/authz/node/authorizer.js';
import { nodeIdentity } from '../../src/authz/node/identity.js';
import type { ServerAuthorizer } from '../../src/app.js';
import type { Registry } from '../../src/registry/registry.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';

/** Node, then (for anyone but nodes) the default authorizer: what Node,RBAC does for nodes. */
function nodeThenDefault(registry: Registry): ServerAuthorizer {
  const node = nodeAuthorizerFor(registry);
  return {
    start: () => node.start(),
    stop: () => node.stop(),
    async authorize(a) {
      const d = await node.authorize(a);
      if (d.decision !== 'noOpinion' || nodeIdentity(a.user) !== undefined) return d;
      return allowAuthenticated.authorize(a);
    },
    rulesFor: (u, ns) => allowAuthenticated.rulesFor(u, ns),
  };
}

const pod = (name: string, nodeName: string, extra: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { nodeName, containers: [{ name: 'c', image: 'busybox', ...(extra.container ?? {}) }], volumes: extra.volumes ?? [] },
});

describe('Node authorizer', () => {
  let srv: TestServer;
  let dir: string;
  const as = (node: string, method: string, path: string, body?: unknown) =>
    srv.request(method, path, { auth: false, headers: { authorization: `Bearer ${node}-token` }, body });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-node-authz-'));
    const tokens = join(dir, 'tokens.csv');
    writeFileSync(tokens, 'node1-token,system:node:node1,uid-1,"system:nodes"\nnode2-token,system:node:node2,uid-2,"system:nodes"\nfake-token,system:node:node1,uid-3,"developers"\n');
    srv = await startTestServer({ tokenAuthFile: tokens, authorizer: nodeThenDefault, controllers: [] });
    const ok = async (p: Promise<{ status: number; text: string }>) => {
      const r = await p;
      assert.ok(r.status < 300, r.text);
    };
    await ok(srv.request('POST', '/api/v1/namespaces', { body: { metadata: { name: 'apps' } } }));
    // The serviceaccount controller does not run here: the pods' account is made by hand.
    await ok(srv.request('POST', '/api/v1/namespaces/apps/serviceaccounts', { body: { metadata: { name: 'default' } } }));
    for (const s of ['s1', 's2', 'pv-secret']) await ok(srv.request('POST', '/api/v1/namespaces/apps/secrets', { body: { metadata: { name: s } } }));
    await ok(srv.request('POST', '/api/v1/namespaces/apps/configmaps', { body: { metadata: { name: 'cm1' } } }));
    await ok(srv.request('POST', '/api/v1/namespaces/apps/persistentvolumeclaims', {
      body: { metadata: { name: 'c1' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    }));
    await ok(srv.request('POST', '/api/v1/persistentvolumes', {
      body: {
        metadata: { name: 'pv1' },
        spec: {
          capacity: { storage: '1Gi' },
          accessModes: ['ReadWriteOnce'],
          claimRef: { namespace: 'apps', name: 'c1' },
          csi: { driver: 'd', volumeHandle: 'h', nodePublishSecretRef: { namespace: 'apps', name: 'pv-secret' } },
        },
      },
    }));
    await ok(srv.request('POST', '/api/v1/namespaces/apps/pods', {
      body: pod('p1', 'node1', {
        volumes: [{ name: 'sec', secret: { secretName: 's1' } }, { name: 'data', persistentVolumeClaim: { claimName: 'c1' } }],
        container: { env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'cm1', key: 'k' } } }] },
      }),
    }));
    await ok(srv.request('POST', '/api/v1/namespaces/apps/pods', { body: pod('p2', 'node2', { volumes: [{ name: 'sec', secret: { secretName: 's2' } }] }) }));
  });

  after(async () => {
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads what its pods use: their secrets, configmaps, claims and the claims' volumes and secrets", async () => {
    await eventually(async () => (await as('node1', 'GET', '/api/v1/namespaces/apps/secrets/s1')).status === 200, 15_000, 'node1 to read s1');
    for (const path of [
      '/api/v1/namespaces/apps/configmaps/cm1',
      '/api/v1/namespaces/apps/persistentvolumeclaims/c1',
      '/api/v1/persistentvolumes/pv1',
      '/api/v1/namespaces/apps/secrets/pv-secret',
      '/api/v1/namespaces/apps/pods/p1',
      '/api/v1/namespaces/apps/secrets?fieldSelector=metadata.name%3Ds1',
    ]) {
      const r = await as('node1', 'GET', path);
      assert.equal(r.status, 200, `${path}: ${r.text}`);
    }
  });

  it("does not read another node's pod secret, nor list secrets", async () => {
    await eventually(async () => (await as('node2', 'GET', '/api/v1/namespaces/apps/secrets/s2')).status === 200, 15_000, 'node2 to read s2');
    const other = await as('node1', 'GET', '/api/v1/namespaces/apps/secrets/s2');
    assert.equal(other.status, 403);
    assert.equal(other.json().message, `secrets "s2" is forbidden: User "system:node:node1" cannot get resource "secrets" in API group "" in the namespace "apps": no relationship found between node 'node1' and this object`);
    assert.ok(!other.text.includes('"data"'));
    assert.equal((await as('node1', 'GET', '/api/v1/namespaces/apps/secrets')).status, 403);
    assert.equal((await as('node1', 'GET', '/api/v1/namespaces/apps/pods/p2')).status, 403);
    assert.equal((await as('node1', 'DELETE', '/api/v1/namespaces/apps/secrets/s1')).status, 403);
  });

  it('is not fooled by a node name without the system:nodes group', async () => {
    const r = await as('fake', 'GET', '/api/v1/namespaces/apps/secrets/s2');
    assert.equal(r.status, 200, 'a non-node user falls through to the next authorizer');
  });

  it('lists pods only with its own spec.nodeName selector; reads only its own Node and Lease', async () => {
    assert.equal((await as('node1', 'GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dnode1')).status, 200);
    assert.equal((await as('node1', 'GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dnode2')).status, 403);
    const all = await as('node1', 'GET', '/api/v1/pods');
    assert.equal(all.status, 403);
    assert.match(all.json().message, /can only list\/watch pods with spec.nodeName field selector$/);
    assert.equal((await as('node1', 'GET', '/api/v1/nodes/node1')).status, 404, 'allowed, not there yet');
    const otherNode = await as('node1', 'GET', '/api/v1/nodes/node2');
    assert.equal(otherNode.status, 403);
    assert.match(otherNode.json().message, /node 'node1' cannot read 'node2', only its own Node object$/);
    assert.equal((await as('node1', 'GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node1')).status, 404);
    assert.equal((await as('node1', 'GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node2')).status, 403);
    assert.equal((await as('node1', 'GET', '/api/v1/services')).status, 200, 'system:node rules: list services');
  });

  it('loses access once the pod is gone', async () => {
    assert.equal((await as('node1', 'GET', '/api/v1/namespaces/apps/secrets/s1')).status, 200);
    const del = await srv.request('DELETE', '/api/v1/namespaces/apps/pods/p1?gracePeriodSeconds=0');
    assert.equal(del.status, 200, del.text);
    await eventually(async () => (await as('node1', 'GET', '/api/v1/namespaces/apps/secrets/s1')).status === 403, 15_000, 'node1 to lose s1');
    assert.equal((await as('node1', 'GET', '/api/v1/persistentvolumes/pv1')).status, 403);
    assert.equal((await as('node1', 'GET', '/api/v1/namespaces/apps/configmaps/cm1')).status, 403);
  });
});
