// The garbage collector survives a crash in the middle of a cascade: after a
// restart it finishes deleting the dependents of an owner that is gone.

import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { eventually } from '../support/server.js';
import { startSkiffCli } from '../support/ports.js';

const start = (dataDir: string, extra: string[] = []) => startSkiffCli(['--data-dir', dataDir, '--bind-address', '127.0.0.1', ...extra], (c) => spawned.push(c));

function client(dataDir: string, port: number) {
  const kc = yaml.load(readFileSync(join(dataDir, 'kubeconfig'), 'utf8')) as any;
  const b64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 16,
    ca: b64(kc.clusters[0].cluster['certificate-authority-data']),
    cert: b64(kc.users[0].user['client-certificate-data']),
    key: b64(kc.users[0].user['client-key-data']),
  });
  return (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers: data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {} }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end(data);
    });
}

async function ready(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz', rejectUnauthorized: false, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

const dirs: string[] = [];
// A failed wait must not leave a server running (it would keep the test process alive).
const spawned: ChildProcess[] = [];
after(() => {
  for (const c of spawned) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('garbage collector crash recovery', () => {
  for (const variant of ['killed while the collector is off', 'killed during a running cascade'] as const) {
    it(`finishes a cascade after a restart (${variant})`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'skiff-gc-'));
      dirs.push(dataDir);
      const off = variant === 'killed while the collector is off';
      let { child, port } = await start(dataDir, off ? ['--controllers=*,-garbagecollector'] : []);
      await eventually(() => ready(port), 60_000, 'first start');
      const call = client(dataDir, port);
      const base = '/api/v1/namespaces/default/configmaps';
      const owner = (await call('POST', base, { metadata: { name: 'owner' } })).json;
      const n = 200;
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          call('POST', base, { metadata: { name: `dep-${i}`, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }] } }),
        ),
      );
      const del = await call('DELETE', `${base}/owner`);
      assert.equal(del.status, 200);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      ({ child, port } = await start(dataDir));
      try {
        await eventually(() => ready(port), 60_000, 'restart');
        const call2 = client(dataDir, port);
        if (off) {
          // Nothing was collected before the crash: the restarted collector does it all.
          const before = (await call2('GET', `${base}?resourceVersion=0`)).json.items.filter((i: any) => i.metadata.name.startsWith('dep-')).length;
          assert.ok(before > 0, 'dependents remained before the collector ran');
        }
        await eventually(async () => (await call2('GET', base)).json.items.filter((i: any) => i.metadata.name.startsWith('dep-')).length === 0, 20_000, 'all dependents collected');
      } finally {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
    });
  }
});
