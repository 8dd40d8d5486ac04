// Two skiff processes on one real etcd, as replicas behind a load balancer: a write on
// one reaches watches and consistent reads on the other with the same resourceVersion,
// exactly one replica (the Lease holder) runs the controllers, the other takes over
// when the leader is killed, and readyz follows etcd's health on both.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it, test } from 'node:test';
import yaml from 'js-yaml';
import { NO_ETCD, etcdBinary, startEtcd, type EtcdCluster } from '../support/etcd.js';
import { onFreshPort, PortTakenError, skiffServingPort } from '../support/ports.js';
import { eventually } from '../support/server.js';

const skip = etcdBinary() ? false : NO_ETCD;
const mainJs = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** Short leader-election timings (kube-controller-manager's flags) so a takeover fits in a test. */
const LEASE_MS = 2000;
const RETRY_MS = 250;
const LEADER_FLAGS = [`--leader-elect-lease-duration=${LEASE_MS}ms`, '--leader-elect-renew-deadline=1500ms', `--leader-elect-retry-period=${RETRY_MS}ms`];

interface Reply {
  status: number;
  json: any;
}

interface WatchEvent {
  type: string;
  object: any;
}

/** One skiff process with its own data dir (and so its own PKI), and an admin client for it. */
class Replica {
  log = '';
  private agent?: Agent;
  private exited: Promise<void>;

  private constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    readonly child: ChildProcess,
  ) {
    child.stderr!.on('data', (c: Buffer) => (this.log += c.toString('utf8')));
    child.stdout!.on('data', (c: Buffer) => (this.log += c.toString('utf8')));
    this.exited = new Promise((r) => child.once('exit', () => r()));
  }

  /**
   * Starts a replica and adds it to `all` at once, so a failed start is still cleaned up.
   * skiff needs an explicit --secure-port: a port taken meanwhile is tried again on a new one.
   */
  static start(name: string, etcdServers: string[], all: Replica[]): Promise<Replica> {
    return onFreshPort(async (port) => {
      const dataDir = mkdtempSync(join(tmpdir(), `skiff-replica-${name}-`));
      const args = [mainJs, `--etcd-servers=${etcdServers.join(',')}`, '--data-dir', dataDir, '--secure-port', String(port), '--bind-address', '127.0.0.1', ...LEADER_FLAGS];
      const r = new Replica(name, port, dataDir, spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
      all.push(r);
      try {
        await skiffServingPort(r.child);
      } catch (e) {
        if (e instanceof PortTakenError) {
          all.splice(all.indexOf(r), 1);
          await r.cleanup();
        }
        throw e;
      }
      const deadline = Date.now() + 20_000;
      while ((await r.readyz()).status !== 200) {
        if (!r.running) throw new Error(`replica ${name} exited: ${r.log}`);
        if (Date.now() > deadline) throw new Error(`replica ${name} not ready after 20 s: ${r.log}`);
        await new Promise((res) => setTimeout(res, 50));
      }
      return r;
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private client(): Agent {
    if (this.agent) return this.agent;
    const kc = yaml.load(readFileSync(join(this.dataDir, 'kubeconfig'), 'utf8')) as any;
    const b64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 8,
      ca: b64(kc.clusters[0].cluster['certificate-authority-data']),
      cert: b64(kc.users[0].user['client-certificate-data']),
      key: b64(kc.users[0].user['client-key-data']),
    });
    return this.agent;
  }

  call(method: string, path: string, body?: unknown): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {};
      const req = request({ host: '127.0.0.1', port: this.port, method, path, agent: this.client(), headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
      req.on('error', reject);
      req.end(data);
    });
  }

  readyz(): Promise<{ status: number; body: string }> {
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port: this.port, path: '/readyz?verbose', rejectUnauthorized: false, agent: false }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', (e) => resolve({ status: 0, body: String(e) }));
      req.end();
    });
  }

  /** A watch stream: every decoded event is pushed to `events`. */
  watch(path: string): Promise<{ events: WatchEvent[]; close(): void }> {
    return new Promise((resolve, reject) => {
      const events: WatchEvent[] = [];
      const req = request({ host: '127.0.0.1', port: this.port, path, agent: this.client() }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`watch ${path}: ${res.statusCode}`));
        let buf = '';
        res.on('data', (c: Buffer) => {
          buf += c.toString('utf8');
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            if (line.trim()) events.push(JSON.parse(line) as WatchEvent);
          }
        });
        res.on('error', () => undefined);
        resolve({ events, close: () => req.destroy() });
      });
      req.on('error', () => undefined);
      req.end();
    });
  }

  /** Leadership as this replica's log tells it: identity once it acquired the lease, and whether it leads now. */
  leadership(): { identity?: string; leading: boolean } {
    let identity: string | undefined;
    let leading = false;
    for (const line of this.log.split('\n')) {
      const acquired = /"successfully acquired lease".*identity="([^"]+)"/.exec(line);
      if (acquired) {
        identity = acquired[1];
        leading = true;
      } else if (/stopping controllers/.test(line)) {
        leading = false;
      }
    }
    return { identity, leading };
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
    this.agent?.destroy();
  }

  async cleanup(): Promise<void> {
    await this.kill('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

const CM = '/api/v1/namespaces/default/configmaps';
const LEASE = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager';

async function holder(r: Replica): Promise<string | undefined> {
  const lease = await r.call('GET', LEASE);
  assert.equal(lease.status, 200, JSON.stringify(lease.json));
  return lease.json.spec.holderIdentity || undefined;
}

/** The replica the Lease names, once exactly one replica says it leads and it is the holder. */
async function currentLeader(replicas: Replica[], via: Replica): Promise<Replica> {
  const leader = await eventually(async () => {
    const leading = replicas.filter((r) => r.running && r.leadership().leading);
    if (leading.length !== 1) return undefined;
    const id = await holder(via);
    return leading[0]!.leadership().identity === id ? leading[0] : undefined;
  }, 10_000, 'exactly one leader, holding the lease');
  return leader!;
}

/** Creates an owner on one replica and dependents on another, deletes the owner, and waits for the collector. */
async function assertGarbageCollected(ownerOn: Replica, dependentsOn: Replica, tag: string): Promise<void> {
  const owner = await ownerOn.call('POST', CM, { metadata: { name: `owner-${tag}` } });
  assert.equal(owner.status, 201);
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: `owner-${tag}`, uid: owner.json.metadata.uid };
  for (let i = 0; i < 5; i++) {
    const dep = await dependentsOn.call('POST', CM, { metadata: { name: `dep-${tag}-${i}`, labels: { gc: tag }, ownerReferences: [ref] } });
    assert.equal(dep.status, 201);
  }
  assert.equal((await ownerOn.call('DELETE', `${CM}/owner-${tag}`)).status, 200);
  await eventually(async () => (await dependentsOn.call('GET', `${CM}?labelSelector=gc%3D${tag}`)).json.items.length === 0, 10_000, `dependents of owner-${tag} collected`);
}

test('leader-election flags: kube-controller-manager names, defaults and validation', () => {
  const help = spawnSync(process.execPath, [mainJs, '--help'], { encoding: 'utf8' });
  assert.match(help.stdout, /^ {6}--leader-elect-lease-duration duration +.*\(default 15s\)$/m);
  assert.match(help.stdout, /^ {6}--leader-elect-renew-deadline duration +.*\(default 10s\)$/m);
  assert.match(help.stdout, /^ {6}--leader-elect-retry-period duration +.*\(default 2s\)$/m);
  const bad = spawnSync(process.execPath, [mainJs, '--leader-elect-lease-duration=2s', '--leader-elect-renew-deadline=3s', '--leader-elect-retry-period=0s'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /leaseDuration: Invalid value: "3s": LeaseDuration must be greater than RenewDeadline/);
  assert.match(bad.stderr, /retryPeriod: Invalid value: "0s": must be greater than zero/);
});

describe('skiff replicas on one etcd', { skip }, () => {
  let etcd: EtcdCluster;
  let a: Replica;
  let b: Replica;
  const replicas: Replica[] = [];

  before(async () => {
    etcd = await startEtcd();
    // Both at once on a fresh etcd: their bootstraps race, as replicas rolled out together do.
    [a, b] = await Promise.all([Replica.start('a', etcd.endpoints, replicas), Replica.start('b', etcd.endpoints, replicas)]);
  });

  after(async () => {
    await Promise.all(replicas.map((r) => r.cleanup()));
    await etcd?.stop();
  });

  it('readyz on each replica includes the etcd check', async () => {
    for (const r of [a, b]) {
      const res = await r.readyz();
      assert.equal(res.status, 200, res.body);
      assert.match(res.body, /^\[\+\]etcd ok$/m);
      assert.match(res.body, /^\[\+\]etcd-readiness ok$/m);
    }
  });

  it('a write on A reaches a watch on B, with the same resourceVersion on both', async () => {
    const list = await b.call('GET', CM);
    const w = await b.watch(`${CM}?watch=1&resourceVersion=${list.json.metadata.resourceVersion}`);
    try {
      const created = await a.call('POST', CM, { metadata: { name: 'from-a' }, data: { k: 'v1' } });
      assert.equal(created.status, 201);
      const rv = created.json.metadata.resourceVersion;
      const updated = await a.call('PUT', `${CM}/from-a`, { ...created.json, data: { k: 'v2' } });
      assert.equal(updated.status, 200);
      await eventually(() => w.events.length >= 2, 15_000, 'two events on B');
      assert.deepEqual(
        w.events.map((e) => [e.type, e.object.metadata.name, e.object.metadata.resourceVersion, e.object.data.k]),
        [
          ['ADDED', 'from-a', rv, 'v1'],
          ['MODIFIED', 'from-a', updated.json.metadata.resourceVersion, 'v2'],
        ],
      );
      assert.equal(w.events[0]!.object.metadata.uid, created.json.metadata.uid);
      // The same object read through either replica, from etcd and from each watch cache.
      for (const r of [a, b]) {
        for (const q of ['', '?resourceVersion=0']) {
          const got = await r.call('GET', `${CM}/from-a${q}`);
          assert.equal(got.json.metadata.resourceVersion, updated.json.metadata.resourceVersion, `${r.name} ${q}`);
        }
      }
    } finally {
      w.close();
    }
  });

  it('a consistent read on B right after a write on A sees the write', async () => {
    for (let i = 0; i < 10; i++) {
      const created = await a.call('POST', CM, { metadata: { name: `read-${i}`, labels: { round: 'read' } } });
      assert.equal(created.status, 201);
      const rv = Number(created.json.metadata.resourceVersion);
      // A list with resourceVersion unset is served from B's watch cache once it has caught up with etcd.
      const list = await b.call('GET', `${CM}?labelSelector=round%3Dread`);
      assert.equal(list.status, 200);
      assert.ok(Number(list.json.metadata.resourceVersion) >= rv, `list RV ${list.json.metadata.resourceVersion} >= ${rv}`);
      assert.deepEqual(
        list.json.items.map((o: any) => o.metadata.name).sort(),
        Array.from({ length: i + 1 }, (_, j) => `read-${j}`).sort(),
      );
      const item = list.json.items.find((o: any) => o.metadata.name === `read-${i}`);
      assert.equal(item.metadata.resourceVersion, String(rv));
      const deleted = await b.call('DELETE', `${CM}/read-${i}`);
      assert.equal(deleted.status, 200);
      const gone = await a.call('GET', `${CM}?labelSelector=round%3Dread`);
      assert.ok(!gone.json.items.some((o: any) => o.metadata.name === `read-${i}`), 'a delete on B is seen by a consistent list on A');
      const recreated = await a.call('POST', CM, { metadata: { name: `read-${i}`, labels: { round: 'read' } } });
      assert.equal(recreated.status, 201);
    }
  });

  it('exactly one replica holds the Lease and runs the controllers', async () => {
    const leader = await currentLeader(replicas, a);
    const follower = leader === a ? b : a;
    assert.equal(follower.leadership().leading, false);
    assert.equal(await holder(b), await holder(a), 'both replicas read the same holder');
    // Both directions: the collector on the leader acts on writes made through either replica.
    await assertGarbageCollected(follower, leader, 'one');
    await assertGarbageCollected(leader, follower, 'two');
    // The namespace controller empties and removes a namespace deleted through the follower.
    assert.equal((await leader.call('POST', '/api/v1/namespaces', { metadata: { name: 'doomed' } })).status, 201);
    assert.equal((await leader.call('POST', '/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'x' } })).status, 201);
    assert.equal((await follower.call('DELETE', '/api/v1/namespaces/doomed')).status, 200);
    await eventually(async () => (await follower.call('GET', '/api/v1/namespaces/doomed')).status === 404, 10_000, 'namespace removed');
    assert.equal(follower.leadership().leading, false, 'the follower never started its controllers');
  });

  it('readyz fails on both replicas while etcd is down, and both recover when it is back', async () => {
    const member = etcd.members[0]!;
    await member.kill();
    try {
      for (const r of [a, b]) {
        const res = await eventually(async () => {
          const x = await r.readyz();
          return x.status === 500 ? x : undefined;
        }, 15_000, `${r.name} readyz to fail`);
        assert.match(res!.body, /^\[-\]etcd failed: reason withheld$/m);
        assert.match(res!.body, /^\[-\]etcd-readiness failed: reason withheld$/m);
      }
    } finally {
      member.spawn();
      await member.waitHealthy();
    }
    for (const r of [a, b]) await eventually(async () => (await r.readyz()).status === 200, 10_000, `${r.name} readyz to recover`);
    // Both watch caches resumed: a write on B is seen by a consistent read on A.
    const created = await b.call('POST', CM, { metadata: { name: 'after-outage' } });
    assert.equal(created.status, 201);
    const list = await a.call('GET', CM);
    assert.ok(list.json.items.some((o: any) => o.metadata.name === 'after-outage' && o.metadata.resourceVersion === created.json.metadata.resourceVersion));
  });

  it('when the leader is killed, the other replica takes over within the lease duration and collects garbage', async (t) => {
    const leader = await currentLeader(replicas, a);
    const survivor = leader === a ? b : a;
    const oldId = leader.leadership().identity;
    const t0 = Date.now();
    await leader.kill('SIGKILL');
    await eventually(async () => {
      const id = await holder(survivor);
      return id !== undefined && id !== oldId && survivor.leadership().leading && survivor.leadership().identity === id;
    }, 10_000, 'the survivor to take the lease');
    const tookMs = Date.now() - t0;
    // The survivor waits a lease duration from when it saw the last renewal change the record (at
    // its first retry after the kill at the latest), then acquires at its next retry: client-go's bound.
    t.diagnostic(`takeover after SIGKILL: ${tookMs} ms`);
    assert.ok(tookMs <= LEASE_MS + 2 * RETRY_MS * 2.2 + 1000, `takeover took ${tookMs} ms`);
    await assertGarbageCollected(survivor, survivor, 'three');
  });

  it('a leader that shuts down gracefully releases the Lease: a new replica takes over without waiting for it to expire', async (t) => {
    const leader = await currentLeader(replicas, replicas.find((r) => r.running)!);
    const c = await Replica.start('c', etcd.endpoints, replicas);
    assert.equal(c.leadership().leading, false, 'the newcomer waits while the lease is held');
    const t0 = Date.now();
    await leader.kill('SIGTERM');
    assert.equal(leader.child.exitCode, 0, leader.log);
    await eventually(async () => c.leadership().leading && (await holder(c)) === c.leadership().identity, 10_000, 'the newcomer to take the lease');
    const tookMs = Date.now() - t0;
    t.diagnostic(`handover after SIGTERM: ${tookMs} ms`);
    assert.ok(tookMs < LEASE_MS, `handover took ${tookMs} ms`);
    const lease = await c.call('GET', LEASE);
    assert.ok(lease.json.spec.leaseTransitions >= 2, JSON.stringify(lease.json.spec));
    await assertGarbageCollected(c, c, 'four');
  });
});
