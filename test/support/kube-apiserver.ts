// The reference kube-apiserver (v1.32, from ../shared/kube) on a private etcd, for
// differential checks: the same request to it and to skiff. `referenceApiserverMissing()`
// names why it cannot run (no ../shared/kube or no etcd), so tests skip cleanly.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etcdBinary, startEtcd, type EtcdCluster } from './etcd.js';
import { onFreshPort, PORT_TAKEN, PortTakenError } from './ports.js';
import { httpsCall, type HttpResult } from './server.js';

const UNPACK = '/work/shared/kube/unpack.sh';

export function referenceApiserverMissing(): string | false {
  if (!existsSync(UNPACK)) return 'needs ../shared/kube';
  if (!etcdBinary()) return 'needs an etcd binary';
  return false;
}

export interface ReferenceApiserver {
  /** Its port on 127.0.0.1, the admin's bearer token, and the pids of kube-apiserver and its etcd (benchmarks). */
  port: number;
  token: string;
  pids: number[];
  /** Spawn (etcd already up) to /readyz and /api both answering 200, polled every 100 ms. */
  readyMs: number;
  request(method: string, path: string, body?: unknown): Promise<HttpResult>;
  /** A request with raw body bytes and headers, answered as bytes (binary encodings). */
  raw(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<HttpResult>;
  stop(): Promise<void>;
}

/** Starts kube-apiserver (AlwaysAllow, a static admin token) and waits for /readyz. */
export async function startReferenceApiserver(extraArgs: string[] = []): Promise<ReferenceApiserver> {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-kas-'));
  const etcd: EtcdCluster = await startEtcd();
  // Unique, so a request only succeeds against this process (not a server that took its port).
  const token = `reference-admin-${randomBytes(8).toString('hex')}`;
  writeFileSync(join(dir, 'tokens.csv'), `${token},admin,admin,"system:masters"\n`);
  const sa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(join(dir, 'sa.key'), sa.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const bin = join(execFileSync(UNPACK, { encoding: 'utf8' }).trim(), 'kube-apiserver');
  const cleanup = async () => {
    await etcd.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return await onFreshPort(async (port) => {
      let log = '';
      const spawnedAt = performance.now();
      const proc: ChildProcess = spawn(bin, [
        `--etcd-servers=${etcd.endpoints.join(',')}`,
        `--secure-port=${port}`,
        '--bind-address=127.0.0.1',
        `--cert-dir=${join(dir, 'certs')}`,
        `--token-auth-file=${join(dir, 'tokens.csv')}`,
        '--authorization-mode=AlwaysAllow',
        '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
        `--service-account-key-file=${join(dir, 'sa.key')}`,
        `--service-account-signing-key-file=${join(dir, 'sa.key')}`,
        '--service-cluster-ip-range=10.0.0.0/24',
        ...extraArgs,
      ]);
      proc.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-8000)));
      // 'close': exited, and everything it wrote has been read (the bind error included).
      const exited = new Promise((r) => proc.once('close', r));
      const call = (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) =>
        httpsCall(new URL(`https://127.0.0.1:${port}`), { method, path, headers: { authorization: `Bearer ${token}`, ...headers }, rejectUnauthorized: false }, body);
      const request: ReferenceApiserver['request'] = (method, path, body) =>
        body === undefined ? call(method, path, {}) : call(method, path, { 'content-type': 'application/json' }, JSON.stringify(body));
      const raw: ReferenceApiserver['raw'] = call;
      const ready = async () => (await request('GET', '/readyz')).status === 200 && (await request('GET', '/api')).status === 200;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (proc.exitCode !== null) {
          await exited;
          throw new (PORT_TAKEN.test(log) ? PortTakenError : Error)(`kube-apiserver exited: ${log}`);
        }
        if (await ready().catch(() => false)) break;
        if (Date.now() > deadline) {
          proc.kill('SIGTERM');
          await exited;
          throw new Error(`kube-apiserver not ready: ${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const stop = async () => {
        proc.kill('SIGTERM');
        await exited;
        await cleanup();
      };
      const readyMs = performance.now() - spawnedAt;
      return { port, token, pids: [proc.pid!, ...etcd.members.map((m) => m.pid!)], readyMs, request, raw, stop };
    });
  } catch (e) {
    await cleanup();
    throw e;
  }
}
