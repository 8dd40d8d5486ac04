// The c=16 creates of bench/run.ts against upstream's kube-apiserver (v1.32 from ../shared/kube,
// on a single-member etcd of its own, AlwaysAllow, a bearer token): the same client process,
// the same ConfigMaps, on the same machine. Beside skiff's figure it says what the machine
// gives the reference implementation; its CPU per create is kube-apiserver's and etcd's. Its
// start (spawn to ready, its etcd already up) and RSS once ready are read too, beside skiff's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceApiserverMissing, startReferenceApiserver } from '../test/support/kube-apiserver.js';
import { measureCreates, type CreateClientResult } from './create-client.js';
import { rssMiB } from './skiff-process.js';

export type ReferenceCreates = (CreateClientResult & { serverCpuUs: number; readyMs: number; rssMiB: { apiserver: number; etcd: number } }) | { skipped: string };

export async function referenceCreates(dir: string, total: number, warmUp?: number): Promise<ReferenceCreates> {
  const missing = referenceApiserverMissing();
  if (missing) return { skipped: missing };
  const kas = await startReferenceApiserver();
  try {
    // Once ready and idle for a moment, as skiff's "RSS after start".
    await new Promise((r) => setTimeout(r, 300));
    const [apiserverPid, etcdPid] = kas.pids as [number, number];
    const rss = { apiserver: rssMiB(apiserverPid), etcd: rssMiB(etcdPid) };
    const kubeconfig = join(dir, 'reference-kubeconfig');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'reference', cluster: { server: `https://127.0.0.1:${kas.port}`, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'admin', user: { token: kas.token } }],
        contexts: [{ name: 'reference', context: { cluster: 'reference', user: 'admin' } }],
        'current-context': 'reference',
      }),
    );
    const ns = await kas.request('POST', '/api/v1/namespaces', { metadata: { name: 'bench-c16' } });
    if (ns.status !== 201) throw new Error(`kube-apiserver: namespace create answered ${ns.status}`);
    return { ...(await measureCreates({ port: kas.port, kubeconfig, ns: 'bench-c16', total, concurrency: 16 }, kas.pids, warmUp)), readyMs: kas.readyMs, rssMiB: rss };
  } finally {
    await kas.stop();
  }
}
