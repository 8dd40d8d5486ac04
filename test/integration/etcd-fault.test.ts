// skiff on a 3-member etcd cluster loses the member it talks to under a 16-way create
// load through the API, and gets it back. Every create the API acknowledged (201) is
// stored; a watcher through the API either continues without a gap or gets a 410 ERROR
// and re-lists, as client-go's reflector does, and ends with exactly the final list.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { EtcdStore } from '../../src/storage/etcd/etcd-store.js';
import { EtcdCluster, NO_ETCD, etcdBinary } from '../support/etcd.js';
import { onFreshPort, skiffServingPort } from '../support/ports.js';
import { eventually } from '../support/server.js';

const skip = etcdBinary() ? false : NO_ETCD;
const mainJs = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NS = 'load';
const CM = `/api/v1/namespaces/${NS}/configmaps`;

interface Reply {
  status: number;
  json: any;
}

/** A skiff process and an admin HTTPS client for it. */
class Skiff {
  log = '';
  readonly agent: Agent;
  private readonly exited: Promise<void>;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    readonly child: ChildProcess,
  ) {
    child.stderr!.on('data', (c: Buffer) => (this.log += c.toString('utf8')));
    this.exited = new Promise((r) => child.once('exit', () => r()));
    this.agent = new Agent({ keepAlive: true, maxSockets: 32 });
  }

  /** skiff needs an explicit --secure-port, as kube-apiserver: a port taken meanwhile is tried again on a new one. */
  static start(etcdServers: string[]): Promise<Skiff> {
    return onFreshPort(async (port) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'skiff-etcd-fault-'));
      const args = [mainJs, `--etcd-servers=${etcdServers.join(',')}`, '--data-dir', dataDir, '--secure-port', String(port), '--bind-address', '127.0.0.1'];
      const s = new Skiff(port, dataDir, spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
      try {
        await skiffServingPort(s.child);
        const deadline = Date.now() + 20_000;
        while ((await s.call('GET', '/readyz', undefined, false).catch(() => ({ status: 0 }))).status !== 200) {
          if (s.child.exitCode !== null) throw new Error(`skiff exited: ${s.log}`);
          if (Date.now() > deadline) throw new Error(`skiff not ready after 20 s: ${s.log}`);
          await sleep(50);
        }
      } catch (e) {
        await s.cleanup();
        throw e;
      }
      return s;
    });
  }

  private tls(): { ca: string; cert: string; key: string } {
    const kc = yaml.load(readFileSync(join(this.dataDir, 'kubeconfig'), 'utf8')) as any;
    const b64 = (x: string) => Buffer.from(x, 'base64').toString('utf8');
    return {
      ca: b64(kc.clusters[0].cluster['certificate-authority-data']),
      cert: b64(kc.users[0].user['client-certificate-data']),
      key: b64(kc.users[0].user['client-key-data']),
    };
  }

  private creds?: { ca: string; cert: string; key: string };

  call(method: string, path: string, body?: unknown, auth = true): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {};
      const tls = auth ? (this.creds ??= this.tls()) : { rejectUnauthorized: false };
      const req = request({ host: '127.0.0.1', port: this.port, method, path, headers, ...(auth ? { agent: this.agent, ...tls } : { agent: false, ...tls }) }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
      req.on('error', reject);
      req.end(data);
    });
  }

  /** A streaming GET; resolves once the response headers arrived. */
  stream(path: string, onLine: (line: string) => void): Promise<{ status: number; ended: Promise<void>; close(): void }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, path, agent: false, ...(this.creds ??= this.tls()) }, (res) => {
        let buf = '';
        const ended = new Promise<void>((r) => {
          res.on('close', () => r());
          res.on('end', () => r());
        });
        res.on('data', (c: Buffer) => {
          buf += c.toString('utf8');
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            if (line.trim()) onLine(line);
          }
        });
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, ended, close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
  }

  async cleanup(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
    this.agent.destroy();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * client-go's reflector in miniature: list, then watch from the list's resourceVersion;
 * a 410 (or any ERROR) means re-list; a stream that just ends is re-opened from the last
 * resourceVersion seen. Holds name -> resourceVersion of what it believes exists.
 */
class Reflector {
  readonly items = new Map<string, string>();
  relists = 0;
  expired = 0;
  rewatches = 0;
  /** Events whose resourceVersion did not increase within one watch stream. */
  outOfOrder = 0;
  private stopped = false;
  private current?: { close(): void };
  readonly done: Promise<void>;

  constructor(private readonly skiff: Skiff) {
    this.done = this.run();
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    return this.done;
  }

  private async list(): Promise<string> {
    for (;;) {
      try {
        const res = await this.skiff.call('GET', CM);
        if (res.status === 200) {
          this.items.clear();
          for (const o of res.json.items) this.items.set(o.metadata.name, o.metadata.resourceVersion);
          this.relists++;
          return res.json.metadata.resourceVersion;
        }
      } catch {
        // the server is busy or the connection broke: try again
      }
      if (this.stopped) return '';
      await sleep(100);
    }
  }

  private async run(): Promise<void> {
    let rv = await this.list();
    while (!this.stopped) {
      let relist = false;
      let last = Number(rv);
      try {
        const s = await this.skiff.stream(`${CM}?watch=1&allowWatchBookmarks=true&resourceVersion=${rv}`, (line) => {
          const ev = JSON.parse(line);
          if (ev.type === 'ERROR') {
            if (ev.object?.code === 410) this.expired++;
            relist = true;
            this.current?.close();
            return;
          }
          const objRv: string = ev.object.metadata.resourceVersion;
          if (Number(objRv) <= last) this.outOfOrder++;
          last = Number(objRv);
          rv = objRv;
          if (ev.type === 'ADDED' || ev.type === 'MODIFIED') this.items.set(ev.object.metadata.name, objRv);
          else if (ev.type === 'DELETED') this.items.delete(ev.object.metadata.name);
        });
        this.current = s;
        if (s.status === 410) relist = true;
        else if (s.status !== 200) await sleep(100);
        await s.ended;
      } catch {
        await sleep(100);
      }
      if (this.stopped) return;
      if (relist) rv = await this.list();
      else this.rewatches++;
    }
  }
}

describe('skiff on a 3-member etcd that loses a member under load', { skip }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('keeps every acknowledged create, and an API watcher ends with exactly the final list', async (t) => {
    const cluster = await EtcdCluster.start(3);
    cleanups.push(() => cluster.stop());
    // skiff talks to the first endpoint first: that member is the one killed.
    const skiff = await Skiff.start(cluster.endpoints);
    cleanups.push(() => skiff.cleanup());
    assert.equal((await skiff.call('POST', '/api/v1/namespaces', { metadata: { name: NS } })).status, 201);

    const reflector = new Reflector(skiff);
    cleanups.push(() => reflector.stop());
    const acked = new Set<string>();
    const failures = new Map<string, number>();
    let running = true;
    const workers = Array.from({ length: 16 }, async (_, w) => {
      for (let n = 0; running; n++) {
        const name = `w${w}-${n}`;
        let outcome: string;
        try {
          const res = await skiff.call('POST', CM, { metadata: { name }, data: { worker: String(w) } });
          if (res.status === 201) {
            acked.add(name);
            continue;
          }
          outcome = `${res.status} ${res.json?.reason ?? ''}`;
        } catch (e) {
          outcome = (e as Error).message.slice(0, 60);
        }
        failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
        await sleep(20);
      }
    });

    const [m0] = cluster.members;
    await eventually(() => acked.size >= 200, 20_000, 'creates before the kill');
    await m0!.kill();
    const atKill = acked.size;
    await eventually(() => acked.size >= atKill + 200, 20_000, 'creates to continue on the other members');
    m0!.spawn();
    await m0!.waitHealthy();
    const atRestart = acked.size;
    await eventually(() => acked.size >= atRestart + 150, 20_000, 'creates after the restart');
    running = false;
    await Promise.all(workers);

    // Every acknowledged create is in etcd, and the API lists exactly what etcd holds.
    const direct = await EtcdStore.connect({ endpoints: cluster.endpoints });
    cleanups.push(() => direct.close());
    const inEtcd = new Map((await direct.range(`/registry/configmaps/${NS}/`)).kvs.map((kv) => [kv.key.slice(`/registry/configmaps/${NS}/`.length), String(kv.modRevision)]));
    const lost = [...acked].filter((n) => !inEtcd.has(n));
    assert.deepEqual(lost, [], 'acknowledged creates missing from etcd');
    const list = await skiff.call('GET', CM);
    assert.equal(list.status, 200);
    const listed = new Map<string, string>(list.json.items.map((o: any) => [o.metadata.name, o.metadata.resourceVersion]));
    assert.deepEqual([...listed].sort(), [...inEtcd].sort(), 'a consistent list shows what etcd holds');

    // The watcher converges on the final list: no event was skipped without a 410 and a re-list.
    await eventually(() => reflector.items.size === listed.size && [...listed].every(([n, rv]) => reflector.items.get(n) === rv), 15_000, 'the watcher to reach the final list').catch(() => {
      const missing = [...listed.keys()].filter((n) => !reflector.items.has(n));
      assert.fail(`watcher differs from the final list: ${reflector.items.size} vs ${listed.size}, missing ${missing.slice(0, 10).join(',')}`);
    });
    assert.equal(reflector.outOfOrder, 0, 'resourceVersions only increase within a watch');
    await reflector.stop();
    await direct.close();
    // Diagnostics for the report: how the load and the watcher fared.
    t.diagnostic(
      JSON.stringify({ acked: acked.size, stored: inEtcd.size, failures: Object.fromEntries(failures), relists: reflector.relists, expired: reflector.expired, rewatches: reflector.rewatches }),
    );
  });
});
