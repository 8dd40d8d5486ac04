// The foundation benchmark: start-up, RSS, durable creates/s, GET latency, LIST and
// watch fan-out, against a real skiff process over HTTPS keep-alive. Prints figures;
// nothing here is asserted.
//
// The same measurements run on each backend and are printed side by side: SQLite in
// the data dir, and etcd (a temporary single-member etcd on loopback, started with the
// test harness) when an etcd binary is installed.
//
//   node dist/bench/run.js                 SQLite, and etcd when installed
//   node dist/bench/run.js --etcd          SQLite and etcd; fails without an etcd binary
//   node dist/bench/run.js --etcd-only     etcd only
//   node dist/bench/run.js --sqlite-only   SQLite only
//   ... --no-memory                        without the memory benchmark (bench/memory.ts)
//   ... --objects 100000                   the memory benchmark at 5x the data
//   node dist/bench/run.js --etcd-servers=http://host:2379,...   an existing etcd instead of a temporary one
//   node dist/bench/run.js --start-only    only start-up, RSS after start and creates/s at c=16
//                                          (with its server CPU per create and the bare HTTPS ceiling)
//
// "start to /readyz 200" is measured from outside the process: from spawn (this process
// starts node on the CLI) to the first 200 of /readyz, polled every 2 ms; the median of
// several restarts on the same data dir (its default objects in place, no other objects).
// The polls share one keep-alive connection; beside it, the server's CPU time by then
// (less distorted by a loaded machine than wall time) and, in a table of its own, node's
// own floor on this machine (spawn to exit of `node -e 0`, an idle node's CPU and RSS).
// "creates/s at c=16, separate client" runs the clients in another process (create-client.ts), one
// keep-alive HTTPS connection per worker, as client-go's HTTP/1.1 transport does, timed after
// 500 creates of warm-up. Beside it, "CPU per create" is the skiff process's user+system time
// over that run (/proc, so it does not depend on how loaded the machine is) divided by the
// creates, next to the client process's own (on 2 cores they share the machine).
// "bare HTTPS ceiling" runs the same client process against a bare Node HTTPS server in its
// own process (the same TLS stack, key and mutual-TLS set-up as skiff, keep-alive, answering
// each POST with 201 and the bytes skiff answered a create with): the most this machine can
// do with this client, whatever the server does per create. Where ../shared/kube and etcd are
// there, the same client also runs against upstream's kube-apiserver (reference-creates.ts).
// Last, the in-process test server (test-server.ts, in a node process of its own): start,
// reset with 1,000 ConfigMaps present, and stop of startServer({ store: 'memory' }).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EtcdCluster, NO_ETCD, etcdBinary } from '../test/support/etcd.js';
import { client, median, nodeFloor, rssMiB, rssSplitMiB, startSkiffOn, stopChild, type Client, type RssSplit } from './skiff-process.js';
import { startPhases } from './start-phases.js';
import { probeDiag, probeSplit } from './memory-split.js';
import { memoryBench, memoryOptionsFromArgs } from './memory.js';
import { bareHttpsStart, spawnBareServer, stopBareServer } from './bare-https-server.js';
import { measureCreates } from './create-client.js';
import { referenceCreates } from './reference-creates.js';
import { lifetimeRow, testServerRows, timeProcessLifetimes, type TestServerTimes } from './test-server.js';

const cpuPair = (r: { serverCpuUs: number; clientCpuUs: number }) => `${r.serverCpuUs.toFixed(0)} / ${r.clientCpuUs.toFixed(0)} µs`;

/** Creates/s and CPU µs per request (server, client) of the c=16 client against the bare server. */
async function bareHttpsCeiling(dataDir: string, kubeconfig: string, createdBody: string, total: number) {
  const { server, port } = await spawnBareServer(dataDir, createdBody);
  try {
    return await measureCreates({ port, kubeconfig, ns: 'bench-c16', total, concurrency: 16 }, [server.pid!]);
  } finally {
    await stopBareServer(server);
  }
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function creates(c: Client, ns: string, total: number, concurrency: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const r = await c.call('POST', `/api/v1/namespaces/${ns}/configmaps`, { metadata: { name: `cm-${concurrency}-${i}` }, data: { payload: 'x'.repeat(900) } });
        if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.body}`);
      }
    }),
  );
  return total / ((performance.now() - t0) / 1000);
}

interface Backend {
  /** Column title. */
  name: string;
  /** Extra skiff flags selecting the backend. */
  args: string[];
  /** Process whose RSS is reported beside skiff's (the etcd member), if any. */
  storePid?: number;
}

/** Every measurement against one skiff process on one backend, as [label, figure] rows. */
/** The bench's own ConfigMaps: every namespace also holds the kube-root-ca.crt the root-ca-cert-publisher controller writes. */
function countBenchItems(items: { metadata: { name: string } }[]): number {
  return items.filter((i) => i.metadata.name !== 'kube-root-ca.crt').length;
}

const splitText = (split: RssSplit) => `${split.file.toFixed(1)} (${split.executable.toFixed(1)}) / ${split.anon.toFixed(1)} MiB`;

/**
 * A start with the diagnostic memory probe (bench/memory-probe.ts; not the product's own run):
 * the main thread's heap in use after a forced full GC, and the SQLite worker's heap.
 */
async function liveHeapsAfterStart(dataDir: string, port: number, args: string[]): Promise<{ main: number; worker?: number }> {
  const probeFile = join(dataDir, 'memory-probe.json');
  const { child } = await startSkiffOn(dataDir, port, args, probeDiag(probeFile));
  try {
    // A worker thread, if any, reports its heap every 500 ms.
    await new Promise((r) => setTimeout(r, 700));
    const split = await probeSplit(child.pid!, probeFile);
    return { main: split.afterGc.heapUsed, worker: split.worker?.heapTotal };
  } finally {
    await stopChild(child);
  }
}

async function measure(backend: Backend): Promise<[string, string][]> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = mkdtempSync(join(tmpdir(), 'skiff-bench-'));
  const out: [string, string][] = [];
  const startSkiff = (dir: string, p: number) => startSkiffOn(dir, p, backend.args);
  try {
    // First start generates the PKI; the second start is the steady-state figure.
    const first = await startSkiff(dataDir, port);
    out.push(['first start (PKI generation) to /readyz 200', `${first.ms.toFixed(0)} ms`]);
    await stopChild(first.child);
    // The start traced (SKIFF_TRACE_START=1): where its wall and CPU time go. Printed below the floor.
    const phases = await startPhases(dataDir, port, backend.args);
    // And once with the diagnostic memory probe: the live JS heaps the RSS after start holds.
    const heaps = await liveHeapsAfterStart(dataDir, port, backend.args);
    const startMs: number[] = [];
    const startCpuMs: number[] = [];
    const rss: number[] = [];
    let started: Awaited<ReturnType<typeof startSkiffOn>> | undefined;
    for (let i = 0; i < 5; i++) {
      if (started) {
        await stopChild(started.child);
      }
      started = await startSkiff(dataDir, port);
      startMs.push(started.ms);
      startCpuMs.push(started.cpuMs);
      await new Promise((r) => setTimeout(r, 300));
      rss.push(rssMiB(started.child.pid!));
    }
    const child = started!.child;
    // The last start's split, read right after its RSS sample.
    const split = rssSplitMiB(child.pid!);
    out.push(['start to /readyz 200 (spawn to ready, median of 5)', `${median(startMs).toFixed(0)} ms (${Math.min(...startMs).toFixed(0)}-${Math.max(...startMs).toFixed(0)})`]);
    out.push(['server CPU time until /readyz 200 (all threads, median of 5)', `${median(startCpuMs).toFixed(0)} ms`]);
    out.push(['RSS after start (median of 5)', `${median(rss).toFixed(1)} MiB`]);
    out.push(['  of it file-backed (node executable) / anonymous (last start)', splitText(split)]);
    out.push(['  live JS heap after a full GC (probe): main thread', `${heaps.main.toFixed(1)} MiB${heaps.worker === undefined ? '' : ` (a worker thread: ${heaps.worker.toFixed(1)} MiB)`}`]);
    // Quiet after its start-up work, the server's memory reducer runs once (~5-10 s after start).
    await new Promise((r) => setTimeout(r, 20_000));
    out.push(['RSS 20 s after start, idle (the memory reducer has run)', `${rssMiB(child.pid!).toFixed(1)} MiB`]);
    const bare = await bareHttpsStart(dataDir);
    out.push(['  floor: bare HTTPS server (same TLS set-up) spawn to first 200 / its RSS', `${bare.ms.toFixed(0)} ms / ${bare.rss.toFixed(1)} MiB`]);
    out.push(['    its RSS file-backed (node executable) / anonymous', splitText(bare.rssSplit)]);
    out.push(['start phases, traced (median of 5): wall / CPU, all threads', '']);
    for (const phase of phases) {
      out.push([`  ${phase.label}`, `${phase.wallMs.toFixed(0)} ms${phase.cpuMs === undefined ? '' : ` / ${phase.cpuMs.toFixed(0)} ms`}`]);
    }

    const kubeconfig = join(dataDir, 'kubeconfig');
    const c32 = client(port, kubeconfig, 32);
    await c32.call('POST', '/api/v1/namespaces', { metadata: { name: 'bench' } });
    await c32.call('POST', '/api/v1/namespaces', { metadata: { name: 'bench-c16' } });
    const c16Total = 4000;
    const skiffCreates = await measureCreates({ port, kubeconfig, ns: 'bench-c16', total: c16Total, concurrency: 16 }, [child.pid!]);
    out.push(['durable creates/s at c=16, separate client (1 conn/worker, after 500)', skiffCreates.perSecond.toFixed(0)]);
    out.push(['  CPU per create: server / client (user+sys)', cpuPair(skiffCreates)]);
    out.push(['  of the server\'s: its main thread (where the JavaScript runs), busy for this much of the run', `${skiffCreates.mainThreadCpuUs.toFixed(0)} µs, ${(skiffCreates.mainThreadBusy * 100).toFixed(0)} %`]);
    // The bare server answers with what skiff answered a create with (a ConfigMap the client made).
    const listed = JSON.parse((await c32.call('GET', '/api/v1/namespaces/bench-c16/configmaps?limit=2')).body).items as { metadata: { name: string } }[];
    const one = listed.find((i) => i.metadata.name.startsWith('cm-'))!.metadata.name;
    const createdBody = (await c32.call('GET', `/api/v1/namespaces/bench-c16/configmaps/${one}`)).body;
    const ceiling = await bareHttpsCeiling(dataDir, kubeconfig, createdBody, c16Total);
    out.push(['bare HTTPS ceiling: same client, canned 201 (req/s)', ceiling.perSecond.toFixed(0)]);
    out.push(['  CPU per request: bare server / client', cpuPair(ceiling)]);
    if (backend.name === 'SQLite') {
      const reference = await referenceCreates(dataDir, c16Total);
      out.push(['kube-apiserver v1.32 + etcd: same client (creates/s)', 'skipped' in reference ? `skipped: ${reference.skipped}` : reference.perSecond.toFixed(0)]);
      if (!('skipped' in reference)) {
        out.push(['  CPU per create: kube-apiserver and etcd / client', cpuPair(reference)]);
        out.push(['  kube-apiserver spawn to /readyz 200 (etcd already up; polled every 100 ms)', `${reference.readyMs.toFixed(0)} ms`]);
        out.push(['  RSS when ready: kube-apiserver / its etcd', `${reference.rssMiB.apiserver.toFixed(1)} / ${reference.rssMiB.etcd.toFixed(1)} MiB`]);
      }
    }
    if (flag('start-only') !== undefined) {
      await stopChild(child);
      c32.agent.destroy();
      return out;
    }
    for (const conc of [1, 8, 32]) {
      const n = conc === 1 ? 500 : 2000;
      out.push([`durable creates/s at c=${conc}`, (await creates(c32, 'bench', n, conc)).toFixed(0)]);
    }
    // GET latency, sequential.
    const lat: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t = performance.now();
      await c32.call('GET', `/api/v1/namespaces/bench/configmaps/cm-32-${i % 2000}`);
      lat.push(performance.now() - t);
    }
    lat.sort((a, b) => a - b);
    out.push(['GET p50 / p99', `${pct(lat, 50).toFixed(2)} ms / ${pct(lat, 99).toFixed(2)} ms`]);

    // LIST of 5,000 configmaps in their own namespace.
    await c32.call('POST', '/api/v1/namespaces', { metadata: { name: 'list5k' } });
    await creates(c32, 'list5k', 5000, 32);
    const listTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      const r = await c32.call('GET', '/api/v1/namespaces/list5k/configmaps');
      listTimes.push(performance.now() - t);
      bytes = r.body.length;
      const listed = countBenchItems(JSON.parse(r.body).items);
      if (listed !== 5000) throw new Error(`LIST returned ${listed} of the 5,000 created`);
    }
    listTimes.sort((a, b) => a - b);
    out.push(['LIST 5k (whole, median of 10)', `${pct(listTimes, 50).toFixed(1)} ms (${(bytes / 1e6).toFixed(1)} MB)`]);
    const pagedTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      let cont = '';
      let count = 0;
      do {
        const r = await c32.call('GET', `/api/v1/namespaces/list5k/configmaps?limit=500${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`);
        const body = JSON.parse(r.body);
        count += countBenchItems(body.items);
        cont = body.metadata.continue ?? '';
      } while (cont);
      if (count !== 5000) throw new Error(`paged LIST returned ${count}`);
      pagedTimes.push(performance.now() - t);
    }
    pagedTimes.sort((a, b) => a - b);
    out.push(['LIST 5k paged by 500 (all pages, median of 5)', `${pct(pagedTimes, 50).toFixed(1)} ms`]);

    // Watch fan-out: 50 watchers, 500 updates of one object.
    await c32.call('POST', '/api/v1/namespaces/bench/configmaps', { metadata: { name: 'hot' }, data: { n: '0' } });
    const watchers = 50;
    const updates = 500;
    const wagent = new Agent({ keepAlive: true, maxSockets: watchers, ca: (c32.agent.options as any).ca, cert: (c32.agent.options as any).cert, key: (c32.agent.options as any).key });
    let done = 0;
    let allDone!: () => void;
    const finished = new Promise<void>((r) => (allDone = r));
    const reqs: ReturnType<typeof request>[] = [];
    await Promise.all(
      Array.from({ length: watchers }, () =>
        new Promise<void>((established) => {
          let seen = 0;
          let buf = '';
          const req = request({ host: '127.0.0.1', port, path: '/api/v1/namespaces/bench/configmaps?watch=1&fieldSelector=metadata.name%3Dhot&resourceVersion=0', agent: wagent }, (res) => {
            res.on('data', (c: Buffer) => {
              buf += c.toString('utf8');
              let i;
              while ((i = buf.indexOf('\n')) >= 0) {
                const line = buf.slice(0, i);
                buf = buf.slice(i + 1);
                const ev = JSON.parse(line);
                if (ev.type === 'ADDED') established();
                if (ev.type === 'MODIFIED' && ++seen === updates && ++done === watchers) allDone();
              }
            });
          });
          req.end();
          reqs.push(req);
        }),
      ),
    );
    const t0 = performance.now();
    const c1 = client(port, kubeconfig, 1);
    for (let i = 1; i <= updates; i++) {
      await new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ data: { n: String(i) } });
        const req = request(
          { host: '127.0.0.1', port, method: 'PATCH', path: '/api/v1/namespaces/bench/configmaps/hot', agent: c1.agent, headers: { 'content-type': 'application/merge-patch+json' } },
          (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`patch ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    }
    const writesDone = performance.now() - t0;
    await finished;
    const total = performance.now() - t0;
    out.push([`watch fan-out ${watchers} watchers x ${updates} updates`, `${total.toFixed(0)} ms until all delivered (writes took ${writesDone.toFixed(0)} ms)`]);
    for (const r of reqs) r.destroy();
    out.push(['RSS at the end', `${rssMiB(child.pid!).toFixed(1)} MiB`]);
    if (backend.storePid) out.push(['etcd member RSS at the end', `${rssMiB(backend.storePid).toFixed(1)} MiB`]);
    await stopChild(child);
    for (const a of [c32.agent, wagent, c1.agent]) a.destroy();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

function flag(name: string): string | undefined {
  for (const a of process.argv.slice(2)) {
    if (a === `--${name}`) return 'true';
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

/** Prints one column per backend; rows in the order they were first measured. */
function printTable(results: { name: string; rows: [string, string][] }[], notes: string[]): void {
  const labels: string[] = [];
  for (const r of results) for (const [k] of r.rows) if (!labels.includes(k)) labels.push(k);
  const cell = (r: (typeof results)[number], k: string) => r.rows.find(([x]) => x === k)?.[1] ?? '-';
  const lw = Math.max(...labels.map((k) => k.length));
  const widths = results.map((r) => Math.max(r.name.length, ...labels.map((k) => cell(r, k).length)));
  console.log(`skiff benchmark (${results.map((r) => r.name).join(' vs ')}, ${new Date().toISOString()})`);
  for (const n of notes) console.log(`  ${n}`);
  console.log(`  ${''.padEnd(lw)}  ${results.map((r, i) => r.name.padEnd(widths[i]!)).join('  ')}`.trimEnd());
  for (const k of labels) console.log(`  ${k.padEnd(lw)}  ${results.map((r, i) => cell(r, k).padEnd(widths[i]!)).join('  ')}`.trimEnd());
}

async function main() {
  const etcdOnly = flag('etcd-only') !== undefined;
  const sqliteOnly = flag('sqlite-only') !== undefined;
  const external = flag('etcd-servers');
  const wantEtcd = !sqliteOnly && (flag('etcd') !== undefined || etcdOnly || external !== undefined);
  const results: { name: string; rows: [string, string][] }[] = [];
  const notes: string[] = [];

  if (!etcdOnly) results.push({ name: 'SQLite', rows: await measure({ name: 'SQLite', args: [] }) });
  if (!sqliteOnly) {
    if (external) {
      const prefix = `/skiff-bench-${Date.now().toString(36)}`;
      results.push({ name: 'etcd', rows: await measure({ name: 'etcd', args: [`--etcd-servers=${external}`, `--etcd-prefix=${prefix}`] }) });
      notes.push(`etcd: ${external}, keys under ${prefix} (left in place)`);
    } else if (!etcdBinary()) {
      if (wantEtcd) {
        console.error(NO_ETCD);
        process.exit(2);
      }
      notes.push(`etcd column skipped: ${NO_ETCD}`);
    } else {
      const etcd = await EtcdCluster.start(1);
      try {
        const version = spawnSync(etcdBinary()!, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim();
        notes.push(`etcd: a temporary single member on loopback (${version}) on the same machine`);
        results.push({ name: 'etcd', rows: await measure({ name: 'etcd', args: [`--etcd-servers=${etcd.endpoints.join(',')}`], storePid: etcd.members[0]!.pid }) });
      } finally {
        await etcd.stop();
      }
    }
  }
  printTable(results, notes);
  const floor = await nodeFloor();
  printTable(
    [{ name: 'node', rows: [
      ['spawn to exit of `node -e 0` (median of 5)', `${floor.exitMs.toFixed(0)} ms`],
      ...(floor.exitMsWithoutExtraCaCerts === undefined ? [] : [['  the same without NODE_EXTRA_CA_CERTS (set here)', `${floor.exitMsWithoutExtraCaCerts.toFixed(0)} ms`] as [string, string]]),
      ['CPU time of an idle node when up (median of 5)', `${floor.cpuMs.toFixed(0)} ms`],
      ['RSS of an idle node (median of 5)', `${floor.rssMiB.toFixed(1)} MiB`],
      ['  file-backed (node executable) / anonymous', splitText(floor.rssSplit)],
    ] }],
    [`the runtime's floor on this machine (${process.version}), beside the start rows above`],
  );
  // --start-only: the start rows, the runtime's floor and creates/s at c=16, nothing more.
  if (flag('start-only') !== undefined) process.exit(0);
  if (flag('no-memory') === undefined) {
    // Memory per object, peak, give-back and restart (bench/memory.ts; --objects 100000 for the 5x mode).
    const rows = await memoryBench(memoryOptionsFromArgs());
    printTable([{ name: 'SQLite', rows }], ['memory: ConfigMaps of 4 KiB in 10 namespaces, server RSS from /proc']);
  }
  // Each in a node process of its own (this one's heap and loaded code would flatter or burden
  // it), twice: the first may find no code cache or cached defaults yet (a fresh build), the
  // second finds what the first left, as every later test file does.
  const inProcess = () => JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL('./test-server.js', import.meta.url)), '6', '--json'], { encoding: 'utf8' })) as TestServerTimes;
  printTable(
    [
      { name: 'first process', rows: testServerRows(inProcess()) },
      { name: 'the next process', rows: testServerRows(inProcess()) },
    ],
    ["in-process test server: startServer({ store: 'memory' }), each column a fresh node process; 1,000 ConfigMaps created before each reset"],
  );
  printTable([{ name: 'fresh processes', rows: [lifetimeRow(await timeProcessLifetimes(5))] }], ["in-process test server: a whole node process around one server (the runtime's own spawn-to-exit is above)"]);
  process.exit(0);
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
