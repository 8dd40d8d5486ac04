// A skiff server as a child process, seen from a benchmark: start it, wait for /readyz,
// talk to it over HTTPS keep-alive with the admin client certificate (or, for the reference
// kube-apiserver, a bearer token), and read its
// memory from /proc.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

const bundled = fileURLToPath(new URL('../skiff.mjs', import.meta.url));
/** The bundled CLI when built (`npm run build`), else the tsc output. */
export const mainJs = existsSync(bundled) ? bundled : fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

export interface Client {
  agent: Agent;
  call(method: string, path: string, body?: unknown, contentType?: string): Promise<{ status: number; body: string }>;
  /** A request whose body is only counted, for responses too large to hold as a string. */
  drain(method: string, path: string): Promise<{ status: number; bytes: number }>;
}

export function client(port: number, kubeconfig: string, maxSockets: number): Client {
  const kc = yaml.load(readFileSync(kubeconfig, 'utf8')) as any;
  const cluster = kc.clusters[0].cluster;
  const user = kc.users[0].user;
  const b64 = (s: string | undefined) => (s === undefined ? undefined : Buffer.from(s, 'base64').toString('utf8'));
  const agent = new Agent({
    keepAlive: true,
    maxSockets,
    ca: b64(cluster['certificate-authority-data']),
    rejectUnauthorized: cluster['insecure-skip-tls-verify'] !== true,
    cert: b64(user['client-certificate-data']),
    key: b64(user['client-key-data']),
  });
  const auth: Record<string, string> = user.token ? { authorization: `Bearer ${user.token}` } : {};
  return {
    agent,
    call: (method, path, body, contentType = 'application/json') =>
      new Promise((resolve, reject) => {
        const data = body === undefined ? undefined : JSON.stringify(body);
        const req = request({ host: '127.0.0.1', port, method, path, agent, headers: data ? { ...auth, 'content-type': contentType } : auth }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end(data);
      }),
    drain: (method, path) =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, agent, headers: auth }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        });
        req.on('error', reject);
        req.end();
      }),
  };
}

/**
 * Milliseconds from t0 to the first /readyz 200; fails if the server exits first. The
 * polls share one keep-alive connection (a new TLS handshake every 2 ms would cost the
 * starting server more CPU than the requests themselves, and slow the start it measures).
 */
export async function waitReady(port: number, t0: number, child?: ChildProcess): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false });
  try {
    for (;;) {
      if (child && (child.exitCode !== null || child.signalCode !== null)) {
        throw new Error(`skiff exited (${child.exitCode ?? child.signalCode}) before /readyz answered 200`);
      }
      const ok = await new Promise<boolean>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: '/readyz', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        });
        req.on('error', () => resolve(false));
        req.end();
      });
      if (ok) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    agent.destroy();
  }
}

/** Linux reports CPU times in /proc/<pid>/stat in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

/** CPU time (user + system, all threads) a live process has used so far, in ms (ticks of 10 ms). */
export function cpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time of a process's main thread alone (its JavaScript runs there), in ms (ticks of 10 ms). */
export function mainThreadCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuMs(path: string): number {
  // Fields 14 and 15 (utime, stime), counted after the parenthesised command name.
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** A field of /proc/<pid>/status in MiB: VmRSS (resident now) or VmHWM (peak resident). */
export function procMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  return statusMiB(readFileSync(`/proc/${pid}/status`, 'utf8'), field);
}

function statusMiB(status: string, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function rssMiB(pid: number): number {
  return procMiB(pid, 'VmRSS');
}

/**
 * A live process's resident memory split as /proc/<pid>/status does: file-backed pages (the
 * node executable, shared libraries: shared with other processes, dropped first under memory
 * pressure) and anonymous memory (heaps, stacks: the process's own).
 */
export interface RssSplit {
  anon: number;
  file: number;
  /** Of file: the node executable's own pages. */
  executable: number;
}

export function rssSplitMiB(pid: number): RssSplit {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { anon: statusMiB(status, 'RssAnon'), file: statusMiB(status, 'RssFile') + statusMiB(status, 'RssShmem'), executable: executableRssMiB(pid) };
}

/** One mapping of /proc/<pid>/smaps: its path ('' when anonymous), size, and resident and anonymous KiB. */
export interface Mapping {
  name: string;
  bytes: number;
  rssKiB: number;
  anonymousKiB: number;
}

export function smapsMappings(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let cur: Mapping | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    // A mapping's header: address range, perms, offset, device, inode, then the path (if any).
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) out.push((cur = { name: header[3]!, bytes: parseInt(header[2]!, 16) - parseInt(header[1]!, 16), rssKiB: 0, anonymousKiB: 0 }));
    else if (cur && line.startsWith('Rss:')) cur.rssKiB += Number(/(\d+)/.exec(line)![1]);
    else if (cur && line.startsWith('Anonymous:')) cur.anonymousKiB += Number(/(\d+)/.exec(line)![1]);
  }
  return out;
}

/** The resident pages of the process's own executable (the node binary), from /proc/<pid>/smaps. */
function executableRssMiB(pid: number): number {
  const exe = readlinkSync(`/proc/${pid}/exe`);
  return smapsMappings(pid).reduce((kib, m) => (m.name === exe ? kib + m.rssKiB : kib), 0) / 1024;
}

/**
 * Starts skiff; ms is spawn to the first /readyz 200 and cpuMs the server's CPU time by then.
 * nodeArgs/env/onStderr: for diagnostics only (the memory bench's --breakdown preload, the start phases).
 */
export async function startSkiffOn(
  dataDir: string,
  port: number,
  extraArgs: string[],
  diag: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; onStderr?: (text: string) => void } = {},
): Promise<{ child: ChildProcess; ms: number; cpuMs: number }> {
  const t0 = performance.now();
  const argv = [...(diag.nodeArgs ?? []), mainJs, '--data-dir', dataDir, '--secure-port', String(port), '--bind-address', '127.0.0.1', ...extraArgs];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', diag.onStderr ? 'pipe' : 'ignore'], env: diag.env ? { ...process.env, ...diag.env } : undefined });
  if (diag.onStderr) child.stderr!.setEncoding('utf8').on('data', diag.onStderr);
  const ms = await waitReady(port, t0, child);
  return { child, ms, cpuMs: cpuMs(child.pid!) };
}

/**
 * The runtime's own floor on this machine, for the start rows: spawn to exit of `node -e 0`,
 * and an idle node process's CPU time and RSS (read as skiff's are, 300 ms after it is up).
 * NODE_EXTRA_CA_CERTS makes every node process read and parse those certificates (and all of
 * node's own root certificates) before its first line of JavaScript; where it is set, the exit
 * time is also measured without it.
 */
export async function nodeFloor(runs = 5): Promise<{ exitMs: number; exitMsWithoutExtraCaCerts?: number; cpuMs: number; rssMiB: number; rssSplit: RssSplit }> {
  const exitMs = async (env?: NodeJS.ProcessEnv) => {
    const t0 = performance.now();
    await exited(spawn(process.execPath, ['-e', '0'], { stdio: 'ignore', env }));
    return performance.now() - t0;
  };
  const withoutExtraCa = { ...process.env };
  delete withoutExtraCa.NODE_EXTRA_CA_CERTS;
  const exit: number[] = [];
  const exitWithout: number[] = [];
  const cpu: number[] = [];
  const rss: number[] = [];
  let split: RssSplit = { anon: NaN, file: NaN, executable: NaN };
  for (let i = 0; i < runs; i++) {
    exit.push(await exitMs());
    if (process.env.NODE_EXTRA_CA_CERTS) exitWithout.push(await exitMs(withoutExtraCa));
    const idle = spawn(process.execPath, ['-e', 'process.stdout.write("up"); setInterval(() => {}, 60_000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((r) => idle.stdout!.once('data', r));
    cpu.push(cpuMs(idle.pid!));
    await new Promise((r) => setTimeout(r, 300));
    rss.push(rssMiB(idle.pid!));
    split = rssSplitMiB(idle.pid!);
    idle.kill('SIGKILL');
    await exited(idle);
  }
  return { exitMs: median(exit), exitMsWithoutExtraCaCerts: exitWithout.length ? median(exitWithout) : undefined, cpuMs: median(cpu), rssMiB: median(rss), rssSplit: split };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** SIGTERM, then the exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  return exited(child);
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}
