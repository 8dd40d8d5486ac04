// The upstream kube-controller-manager and kube-scheduler (v1.32, ../shared/kube) as the
// control plane of an in-process skiff, started as kubeadm starts them (each controller with
// its own service-account credentials, leader election, delegated authn/authz): they roll
// out, scale, schedule, run jobs and cronjobs, statefulsets and daemonsets, publish
// endpoint slices, garbage-collect and delete namespaces, and log no error kube-apiserver
// would not cause. skiff runs none of its own controllers here. Skips without ../shared/kube.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCertificateAuthority, ensurePki, type Pki } from '../../src/cli/pki.js';
import { eventually, startTestServer, type TestServer } from '../support/server.js';
import {
  controlPlaneMissing,
  EXIT_ZERO_LABEL,
  StandInKubelet,
  startKubeControllerManager,
  startKubeScheduler,
  unexpectedErrorLines,
  type AllowedLogLine,
  type Component,
} from '../support/control-plane.js';

const NODE = 'worker-1';
const SLOW = 120_000;
const POLL = 500;
const IMAGE = 'registry.k8s.io/pause:3.10';

/**
 * Lines kube-apiserver causes too. Each follows from upstream code read for it (not from a
 * recorded run against the reference kube-apiserver, which this file does not do).
 */
const ALLOWED: readonly AllowedLogLine[] = [
  {
    // client-go 1.32 lists through watch-list (WatchListClient), which needs the watch verb. The
    // bootstrap roles system:controller:namespace-controller (get, list, delete, deletecollection
    // on */*) and system:controller:node-controller (no watch on nodes) grant none, so RBAC
    // refuses and client-go falls back to LIST (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/controller_policy.go).
    pattern: /The watchlist request (for \w+ )?ended with an error, falling back to the standard LIST semantics.*is forbidden: User \\?"system:serviceaccount:kube-system:(namespace|node)-controller\\?" cannot watch resource/,
    why: 'bootstrap controller roles grant list but not watch; identical on kube-apiserver',
  },
  {
    // Info line of the attach/detach controller for every node with no attached volume
    // (pkg/controller/volume/attachdetach/cache/actual_state_of_world.go updateNodeStatusUpdateNeeded).
    pattern: /^I\d{4} .*"Failed to update statusUpdateNeeded field in actual state of world".*because nodeName=\\"[^"\\]+\\" does not exist/,
    why: 'attach/detach controller bookkeeping, not a server answer',
  },
  {
    // The ReplicaSet controller reads the ReplicaSet from its informer, then writes its status:
    // when the garbage collector deletes the ReplicaSet in between (the background-deletion
    // case), the write answers 404 and processNextWorkItem logs "sync ... failed with" through
    // HandleError (pkg/controller/replicaset/replica_set.go syncReplicaSet, updateReplicaSetStatus).
    pattern: /"Unhandled Error" err="sync \\"[^"\\]+\\" failed with replicasets\.apps \\"[^"\\]+\\" not found"/,
    why: 'a status write racing the ReplicaSet\'s deletion; identical on kube-apiserver',
  },
];

const podTemplate = (labels: Record<string, string>, restartPolicy = 'Always') => ({
  metadata: { labels },
  // The default grace period: the namespace controller waits that long for pods before it
  // reports remaining pods as an error (namespaced_resources_deleter.go estimateGracefulTermination).
  spec: { restartPolicy, containers: [{ name: 'main', image: IMAGE }] },
});

describe('upstream kube-controller-manager and kube-scheduler on skiff', { skip: controlPlaneMissing() }, () => {
  let dir: string;
  let pki: Pki;
  let srv: TestServer;
  let kcm: Component;
  let scheduler: Component;
  let kubelet: StandInKubelet;

  const get = async (path: string) => {
    const r = await srv.request('GET', path);
    return r.status === 200 ? r.json() : undefined;
  };
  const create = async (path: string, body: unknown) => {
    const r = await srv.request('POST', path, { body });
    assert.equal(r.status, 201, `POST ${path}: ${r.text}`);
    return r.json();
  };
  const gone = async (path: string) => (await srv.request('GET', path)).status === 404;
  const until = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await eventually(fn, SLOW, what, POLL);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${diagnostics()}`);
    }
  };
  const pods = async (ns: string, selector: string) => (await get(`/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(selector)}`))?.items ?? [];
  const namespace = async (name: string) => {
    await create('/api/v1/namespaces', { metadata: { name } });
    // Pods are admitted once the serviceaccount controller created "default".
    await until(`default ServiceAccount in ${name}`, () => gone(`/api/v1/namespaces/${name}/serviceaccounts/default`).then((g) => !g));
  };
  const diagnostics = () =>
    [kcm, scheduler]
      .filter(Boolean)
      .map((c) => `--- ${c.name} log tail:\n${c.lines().slice(-15).join('\n')}`)
      .join('\n') + (kubelet?.failures.length ? `\n--- kubelet failures:\n${kubelet.failures.slice(-5).join('\n')}` : '');

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skiff-control-plane-'));
    const dataDir = join(dir, 'data');
    pki = await ensurePki(dataDir);
    // kubeadm's front proxy: kube-apiserver publishes its CA and headers in
    // kube-system/extension-apiserver-authentication, which the components' delegated authentication reads.
    const frontProxyCa = await createCertificateAuthority();
    const frontProxyCaFile = join(dir, 'front-proxy-ca.crt');
    writeFileSync(frontProxyCaFile, frontProxyCa.certPem);
    srv = await startTestServer({
      dataDir,
      // The real controller manager does the work: skiff runs no controller (and so takes no kube-controller-manager Lease).
      controllers: [],
      requestHeader: { clientCaFile: frontProxyCaFile, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'], extraHeadersPrefix: ['X-Remote-Extra-'] },
    });
    kubelet = new StandInKubelet(srv, NODE);
    await kubelet.start();
    [kcm, scheduler] = await Promise.all([startKubeControllerManager(pki, srv.url, dir, { requestheaderClientCaFile: frontProxyCaFile }), startKubeScheduler(pki, srv.url, dir)]);
  });

  after(async () => {
    kubelet?.stop();
    await Promise.all([kcm?.stop(), scheduler?.stop()]);
    await srv?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes leadership, and its controllers run with their own service accounts', async () => {
    for (const name of ['kube-controller-manager', 'kube-scheduler']) {
      const lease = await until(`${name} leader lease`, () => get(`/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/${name}`));
      assert.match(lease.spec.holderIdentity, /_/, `${name} holds its lease`);
    }
    for (const sa of ['deployment-controller', 'replicaset-controller', 'generic-garbage-collector', 'namespace-controller', 'job-controller']) {
      await until(`ServiceAccount kube-system/${sa}`, () => get(`/api/v1/namespaces/kube-system/serviceaccounts/${sa}`));
    }
  });

  it('rolls out a deployment onto the node, then scales it down', async () => {
    const ns = 'cp-deploy';
    await namespace(ns);
    await create(`/apis/apps/v1/namespaces/${ns}/deployments`, {
      metadata: { name: 'web' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: podTemplate({ app: 'web' }) },
    });
    const rs = await until('replica set of web', async () => (await get(`/apis/apps/v1/namespaces/${ns}/replicasets`))?.items?.[0]);
    assert.equal(rs.metadata.ownerReferences?.[0]?.kind, 'Deployment');
    const bound = await until('3 web pods bound to the node', async () => {
      const list = await pods(ns, 'app=web');
      return list.length === 3 && list.every((p: any) => p.spec.nodeName === NODE) && list;
    });
    assert.ok(bound.every((p: any) => p.metadata.ownerReferences?.[0]?.uid === rs.metadata.uid));
    await until('web available', async () => (await get(`/apis/apps/v1/namespaces/${ns}/deployments/web`))?.status?.availableReplicas === 3);

    const scale = await srv.request('PATCH', `/apis/apps/v1/namespaces/${ns}/deployments/web/scale`, { body: { spec: { replicas: 1 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    assert.equal(scale.status, 200, scale.text);
    // The ReplicaSet controller deletes the surplus (client-go sends protobuf DeleteOptions).
    await until('web scaled down to 1 pod', async () => (await pods(ns, 'app=web')).length === 1);
    await until('web status shows 1 replica', async () => {
      const d = await get(`/apis/apps/v1/namespaces/${ns}/deployments/web`);
      return d?.status?.replicas === 1 && d.status.availableReplicas === 1 && d.status.observedGeneration === d.metadata.generation;
    });
  });

  it('runs a job to completion', async () => {
    const ns = 'cp-job';
    await namespace(ns);
    await create(`/apis/batch/v1/namespaces/${ns}/jobs`, {
      metadata: { name: 'once' },
      spec: { completions: 2, parallelism: 2, template: podTemplate({ [EXIT_ZERO_LABEL]: 'true' }, 'Never') },
    });
    const job = await until('job once complete', async () => {
      const j = await get(`/apis/batch/v1/namespaces/${ns}/jobs/once`);
      return j?.status?.conditions?.some((c: any) => c.type === 'Complete' && c.status === 'True') && j;
    });
    assert.equal(job.status.succeeded, 2);
    assert.ok(job.status.completionTime);
  });

  it('creates a job from a cronjob', async () => {
    const ns = 'cp-cron';
    await namespace(ns);
    const cron = await create(`/apis/batch/v1/namespaces/${ns}/cronjobs`, {
      metadata: { name: 'tick' },
      spec: { schedule: '* * * * *', jobTemplate: { spec: { template: podTemplate({ [EXIT_ZERO_LABEL]: 'true' }, 'Never') } } },
    });
    const job = await until('a job of cronjob tick', async () => (await get(`/apis/batch/v1/namespaces/${ns}/jobs`))?.items?.[0]);
    assert.equal(job.metadata.ownerReferences?.[0]?.uid, cron.metadata.uid);
    await until('cronjob lastScheduleTime', async () => (await get(`/apis/batch/v1/namespaces/${ns}/cronjobs/tick`))?.status?.lastScheduleTime);
  });

  it('runs a statefulset in order', async () => {
    const ns = 'cp-sts';
    await namespace(ns);
    await create(`/api/v1/namespaces/${ns}/services`, { metadata: { name: 'db' }, spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] } });
    await create(`/apis/apps/v1/namespaces/${ns}/statefulsets`, {
      metadata: { name: 'db' },
      spec: { replicas: 2, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: podTemplate({ app: 'db' }) },
    });
    await until('statefulset db ready', async () => (await get(`/apis/apps/v1/namespaces/${ns}/statefulsets/db`))?.status?.readyReplicas === 2);
    const names = (await pods(ns, 'app=db')).map((p: any) => `${p.metadata.name}@${p.spec.nodeName}`).sort();
    assert.deepEqual(names, [`db-0@${NODE}`, `db-1@${NODE}`]);
  });

  it('runs a daemonset pod on the node', async () => {
    const ns = 'cp-ds';
    await namespace(ns);
    await create(`/apis/apps/v1/namespaces/${ns}/daemonsets`, {
      metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: podTemplate({ app: 'agent' }) },
    });
    await until('daemonset agent ready on the node', async () => {
      const ds = await get(`/apis/apps/v1/namespaces/${ns}/daemonsets/agent`);
      return ds?.status?.desiredNumberScheduled === 1 && ds.status.numberReady === 1;
    });
    const list = await pods(ns, 'app=agent');
    assert.equal(list.length, 1);
    assert.equal(list[0].spec.nodeName, NODE);
  });

  it('publishes endpoint slices for a service with ready pods', async () => {
    const ns = 'cp-deploy';
    await create(`/api/v1/namespaces/${ns}/services`, { metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } });
    const [pod] = await pods(ns, 'app=web');
    const slice = await until('endpoint slice of web with the ready pod', async () => {
      const s = (await get(`/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dweb`))?.items?.[0];
      return s?.endpoints?.length === 1 && s;
    });
    assert.equal(slice.addressType, 'IPv4');
    assert.deepEqual(slice.endpoints[0].addresses, [pod.status.podIP]);
    assert.equal(slice.endpoints[0].conditions.ready, true);
    assert.equal(slice.endpoints[0].targetRef.name, pod.metadata.name);
    assert.deepEqual(slice.ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
  });

  for (const propagationPolicy of ['Background', 'Foreground'] as const) {
    it(`collects a deleted deployment's replica set and pods (${propagationPolicy})`, async () => {
      const ns = `cp-gc-${propagationPolicy.toLowerCase()}`;
      await namespace(ns);
      await create(`/apis/apps/v1/namespaces/${ns}/deployments`, {
        metadata: { name: 'app' },
        spec: { replicas: 2, selector: { matchLabels: { app: 'gc' } }, template: podTemplate({ app: 'gc' }) },
      });
      await until('2 gc pods bound', async () => (await pods(ns, 'app=gc')).filter((p: any) => p.spec.nodeName).length === 2);
      const del = await srv.request('DELETE', `/apis/apps/v1/namespaces/${ns}/deployments/app`, { body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy } });
      assert.equal(del.status, 200, del.text);
      if (propagationPolicy === 'Foreground') {
        // The owner stays, marked, until its dependents are gone.
        assert.ok(del.json().metadata.finalizers?.includes('foregroundDeletion'));
      }
      await until(`replica sets of ${ns} collected`, async () => (await get(`/apis/apps/v1/namespaces/${ns}/replicasets`))?.items?.length === 0);
      await until(`pods of ${ns} collected`, async () => (await pods(ns, 'app=gc')).length === 0);
      await until('deployment app gone', () => gone(`/apis/apps/v1/namespaces/${ns}/deployments/app`));
    });
  }

  it('deletes a namespace with everything in it', async () => {
    const ns = 'cp-doomed';
    await namespace(ns);
    await create(`/api/v1/namespaces/${ns}/configmaps`, { metadata: { name: 'settings' }, data: { a: 'b' } });
    await create(`/apis/apps/v1/namespaces/${ns}/deployments`, {
      metadata: { name: 'app' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'doomed' } }, template: podTemplate({ app: 'doomed' }) },
    });
    await until('doomed pod bound', async () => (await pods(ns, 'app=doomed')).some((p: any) => p.spec.nodeName));
    const del = await srv.request('DELETE', `/api/v1/namespaces/${ns}`);
    assert.equal(del.status, 200, del.text);
    await until(`namespace ${ns} removed`, () => gone(`/api/v1/namespaces/${ns}`));
    for (const path of [`/api/v1/namespaces/${ns}/configmaps/settings`, `/apis/apps/v1/namespaces/${ns}/deployments/app`]) assert.ok(await gone(path), path);
    assert.equal((await get(`/api/v1/pods?fieldSelector=metadata.namespace%3D${ns}`))?.items?.length, 0);
  });

  it('keeps the node untainted and ready through its lease', async () => {
    const node = await get(`/api/v1/nodes/${NODE}`);
    assert.deepEqual(node.spec.taints ?? [], []);
    assert.equal(node.spec.podCIDR, '10.244.0.0/24', 'the node IPAM controller allocated a pod CIDR');
    assert.deepEqual(kubelet.failures, []);
  });

  it('leaves the controller manager and scheduler logs free of errors kube-apiserver would not cause', () => {
    for (const c of [kcm, scheduler]) {
      const bad = unexpectedErrorLines(c.lines(), ALLOWED);
      assert.deepEqual(bad, [], `${c.name} logged errors:\n${bad.slice(0, 40).join('\n')}`);
    }
  });
});
