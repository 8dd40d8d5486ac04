// The flood of issue 14: an ordinary token-file user runs 300 concurrent LIST loops of
// ~1.1 MB each (1000 ConfigMaps of ~1 KB in one namespace) for 20 s from a separate
// process, while the admin GETs one object in a loop. Prints the admin's GET p50/p99 and
// the flood's 200/429 counts, with API Priority and Fairness on and off. Nothing is asserted.
//
//   node dist/bench/apf.js [--seconds=20] [--loops=300] [--no-gzip]

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, exited, startSkiffOn } from './skiff-process.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const SECONDS = arg('seconds', 20);
const LOOPS = arg('loops', 300);
const GZIP = !process.argv.includes('--no-gzip');
const FLOOD_TOKEN = 'flood-token-0123456789';

/** One LIST of the flood, as the token user; the body is only counted. */
function floodList(agent: Agent, port: number, headers: Record<string, string>): Promise<{ status: number; retryAfter?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/api/v1/namespaces/flood/configmaps', agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Child mode: the flood, reporting its counts as JSON on stdout. */
async function flood(port: number, ca: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: LOOPS, ca });
  const counts: Record<string, number> = {};
  let bytes = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const headers: Record<string, string> = { authorization: `Bearer ${FLOOD_TOKEN}`, accept: 'application/json' };
  if (GZIP) headers['accept-encoding'] = 'gzip';
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      while (Date.now() < deadline) {
        try {
          const r = await floodList(agent, port, headers);
          counts[r.status] = (counts[r.status] ?? 0) + 1;
          bytes += r.bytes;
          // a well-behaved client (client-go) waits as told
          if (r.status === 429) await new Promise((res) => setTimeout(res, Math.min(Number(r.retryAfter ?? 1), 5) * 1000));
        } catch {
          counts.error = (counts.error ?? 0) + 1;
        }
      }
    }),
  );
  process.stdout.write(JSON.stringify({ counts, bytes }) + '\n');
  agent.destroy();
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function scenario(apf: boolean): Promise<[string, string][]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-bench-apf-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const tokens = join(dataDir, 'tokens.csv');
  writeFileSync(tokens, `${FLOOD_TOKEN},flooder,uid-flooder\n`);
  let child: ChildProcess | undefined;
  try {
    ({ child } = await startSkiffOn(dataDir, port, ['--token-auth-file', tokens, `--enable-priority-and-fairness=${apf}`]));
    const admin = client(port, join(dataDir, 'kubeconfig'), 32);
    // The flood trusts the same CA but presents its token instead of the admin's certificate.
    const ca = String(admin.agent.options.ca);
    await admin.call('POST', '/api/v1/namespaces', { metadata: { name: 'flood' } });
    // An ordinary user with read access to the namespace (skiff authorizes with Node,RBAC by default).
    await admin.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/flood/rolebindings', {
      metadata: { name: 'flooder-view' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'flooder' }],
    });
    const payload = 'x'.repeat(950);
    for (let i = 0; i < 1000; i += 32) {
      await Promise.all(Array.from({ length: Math.min(32, 1000 - i) }, (_, k) => admin.call('POST', '/api/v1/namespaces/flood/configmaps', { metadata: { name: `cm-${i + k}` }, data: { payload } })));
    }
    const listBytes = (await admin.drain('GET', '/api/v1/namespaces/flood/configmaps')).bytes;

    const flooder = spawn(process.execPath, [fileURLToPath(import.meta.url), '--flood', String(port), `--seconds=${SECONDS}`, `--loops=${LOOPS}`, ...(GZIP ? [] : ['--no-gzip'])], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, APF_BENCH_CA: ca } });
    let out = '';
    flooder.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const floodDone = new Promise<void>((r) => flooder.once('exit', () => r()));
    await new Promise((r) => setTimeout(r, 1000)); // let the flood build up
    const lat: number[] = [];
    const steady: number[] = [];
    const adminStatus: Record<string, number> = {};
    const started = Date.now();
    const end = started + (SECONDS - 2) * 1000;
    while (Date.now() < end) {
      const t = performance.now();
      const r = await admin.drain('GET', '/api/v1/namespaces/flood/configmaps/cm-7');
      const ms = performance.now() - t;
      lat.push(ms);
      // after the flood's 300 TLS handshakes (its first seconds)
      if (Date.now() - started > 3000) steady.push(ms);
      adminStatus[r.status] = (adminStatus[r.status] ?? 0) + 1;
    }
    await floodDone;
    const { counts, bytes } = JSON.parse(out.trim() || '{"counts":{},"bytes":0}');
    lat.sort((a, b) => a - b);
    steady.sort((a, b) => a - b);
    admin.agent.destroy();
    const label = apf ? 'APF on ' : 'APF off';
    return [
      [`${label}: list size`, `${(listBytes / 1e6).toFixed(2)} MB`],
      [`${label}: admin GET p50 / p99 / max`, `${pct(lat, 50).toFixed(1)} / ${pct(lat, 99).toFixed(1)} / ${lat[lat.length - 1]!.toFixed(1)} ms (${lat.length} GETs, ${JSON.stringify(adminStatus)})`],
      [`${label}: same, after the first 4 s`, steady.length ? `${pct(steady, 50).toFixed(1)} / ${pct(steady, 99).toFixed(1)} / ${steady[steady.length - 1]!.toFixed(1)} ms (${steady.length} GETs)` : '-'],
      [`${label}: flood responses`, `${JSON.stringify(counts)} (${(bytes / 1e9).toFixed(2)} GB${GZIP ? ' gzip' : ''})`],
    ];
  } finally {
    child?.kill('SIGTERM');
    if (child) await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood') {
  await flood(Number(process.argv[3]), process.env.APF_BENCH_CA!);
} else {
  console.log(`flood: ${LOOPS} LIST loops for ${SECONDS} s${GZIP ? ', Accept-Encoding: gzip' : ''}`);
  for (const apf of [true, false]) for (const [k, v] of await scenario(apf)) console.log(`${k.padEnd(38)} ${v}`);
}
