// The c=16 create client of bench/run.ts, in a process of its own: one keep-alive HTTPS
// connection per worker (as client-go's HTTP/1.1 transport), each posting ConfigMaps until
// the total is reached. `node create-client.js <json CreateClientArgs>` prints a JSON
// CreateClientResult. Its own CPU per create is measured too: on 2 cores the client and the
// server share the machine, so creates/s is bounded by their CPU per create together.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { client, cpuMs, mainThreadCpuMs } from './skiff-process.js';

export interface CreateClientArgs {
  port: number;
  /** Admin credentials (client certificate or bearer token) and the CA, as a kubeconfig. */
  kubeconfig: string;
  ns: string;
  total: number;
  concurrency: number;
}

export interface CreateClientResult {
  perSecond: number;
  /** The client process's user+system CPU over the timed creates, per create. */
  clientCpuUs: number;
}

/** Creates each measured run makes first (the JIT's warm-up, in the server as in the client). */
export const CREATE_WARM_UP = 500;

/** Runs the client process once: creates/s and the client's own CPU per create. */
export function createsFromClientProcess(args: CreateClientArgs): Promise<CreateClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as CreateClientResult) : reject(new Error(`create client exited with ${code}`))));
  });
}

/**
 * Warms the server up with `warmUp` creates, then measures `total`: creates/s, the
 * client's CPU and the CPU of `serverPids` (user+system, /proc) per create.
 */
export async function measureCreates(
  args: CreateClientArgs,
  serverPids: number[],
  warmUp = CREATE_WARM_UP,
): Promise<CreateClientResult & { serverCpuUs: number; mainThreadCpuUs: number; mainThreadBusy: number }> {
  await createsFromClientProcess({ ...args, total: warmUp });
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpu0 = serverCpu();
  const main0 = mainThreadCpuMs(serverPids[0]!);
  const result = await createsFromClientProcess(args);
  const mainMs = mainThreadCpuMs(serverPids[0]!) - main0;
  return {
    ...result,
    serverCpuUs: ((serverCpu() - cpu0) * 1000) / args.total,
    // The first server process's main thread: one core is all a Node server's JavaScript gets.
    mainThreadCpuUs: (mainMs * 1000) / args.total,
    mainThreadBusy: mainMs / ((args.total / result.perSecond) * 1000),
  };
}

async function runCreateClient(args: CreateClientArgs): Promise<void> {
  const clients = Array.from({ length: args.concurrency }, () => client(args.port, args.kubeconfig, 1));
  // Open every connection (and its TLS session) before the clock starts.
  await Promise.all(clients.map((c) => c.call('GET', `/api/v1/namespaces/${args.ns}`)));
  const run = process.pid.toString(36);
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c, w) => {
      while (next < args.total) {
        const i = next++;
        const r = await c.call('POST', `/api/v1/namespaces/${args.ns}/configmaps`, { metadata: { name: `cm-${run}-${w}-${i}` }, data: { payload: 'x'.repeat(900) } });
        if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.body}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const result: CreateClientResult = { perSecond: args.total / seconds, clientCpuUs: (cpu.user + cpu.system) / args.total };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  for (const c of clients) c.agent.destroy();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runCreateClient(JSON.parse(process.argv[2]!) as CreateClientArgs).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
