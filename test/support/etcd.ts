// Real etcd processes for tests: a single member or a 3-member cluster on loopback, each
// with a temporary data dir and free ports, removed again on stop. When no etcd binary
// exists, etcdBinary() returns undefined and tests skip with NO_ETCD as the reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort, PORT_TAKEN, PortTakenError } from './ports.js';

export { freePort } from './ports.js';

export const NO_ETCD = 'no etcd binary found: install etcd-server (apt-get install etcd-server) or set ETCD_BIN';

/** The etcd binary: $ETCD_BIN, else `etcd` on PATH, else /usr/bin/etcd; undefined when none exists. */
export function etcdBinary(): string | undefined {
  const candidates = [
    process.env.ETCD_BIN,
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, 'etcd')),
    '/usr/bin/etcd',
  ];
  for (const c of candidates) {
    if (!c) continue;
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export interface MemberSpec {
  name: string;
  clientPort: number;
  peerPort: number;
}

export interface EtcdOptions {
  /** Largest request etcd accepts. Default 8 MiB (etcd's own default, 1.5 MiB, is below the largest value the contract writes). */
  maxRequestBytes?: number;
  /** Serve clients over TLS with this certificate and require client certificates signed by caFile. */
  tls?: { certFile: string; keyFile: string; caFile: string };
  /** Extra command-line flags. */
  args?: string[];
}

/** One etcd member process. */
export class EtcdMember {
  private proc?: ChildProcess;
  private exited?: Promise<void>;
  readonly logFile: string;

  constructor(
    readonly spec: MemberSpec,
    readonly dataDir: string,
    private readonly initialCluster: string,
    private readonly opts: EtcdOptions,
  ) {
    this.logFile = join(dataDir, '..', `${spec.name}.log`);
  }

  get endpoint(): string {
    return `${this.opts.tls ? 'https' : 'http'}://127.0.0.1:${this.spec.clientPort}`;
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Start the process (first start or restart on the same data dir); does not wait for health. */
  spawn(): void {
    if (this.proc) throw new Error(`${this.spec.name} is already running`);
    const bin = etcdBinary();
    if (!bin) throw new Error(NO_ETCD);
    const { name, peerPort } = this.spec;
    const args = [
      `--name=${name}`,
      `--data-dir=${this.dataDir}`,
      `--listen-client-urls=${this.endpoint}`,
      `--advertise-client-urls=${this.endpoint}`,
      `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-cluster=${this.initialCluster}`,
      '--initial-cluster-state=new',
      '--initial-cluster-token=skiff-test',
      '--heartbeat-interval=50',
      '--election-timeout=500',
      `--max-request-bytes=${this.opts.maxRequestBytes ?? 8 << 20}`,
      '--logger=zap',
      '--log-level=warn',
      ...(this.opts.tls
        ? [`--cert-file=${this.opts.tls.certFile}`, `--key-file=${this.opts.tls.keyFile}`, '--client-cert-auth', `--trusted-ca-file=${this.opts.tls.caFile}`]
        : []),
      ...(this.opts.args ?? []),
    ];
    const log = openSync(this.logFile, 'a');
    const proc = spawn(bin, args, { stdio: ['ignore', log, log] });
    closeSync(log);
    children.add(proc);
    this.proc = proc;
    this.exited = new Promise((resolve) => {
      proc.once('exit', () => {
        children.delete(proc);
        if (this.proc === proc) this.proc = undefined;
        resolve();
      });
    });
  }

  /** Wait until the member answers /health with true (it has a leader and a quorum). */
  async waitHealthy(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.proc) {
        const log = this.log();
        throw new (PORT_TAKEN.test(log) ? PortTakenError : Error)(`${this.spec.name} exited; log:\n${log}`);
      }
      // Another etcd that took one of our ports would answer /health too: the member must also list our peer URL.
      if ((await this.get('/health', (b) => /"health":\s*"true"/.test(b))) && (await this.listsOwnPeerUrl())) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${this.spec.name} not healthy after ${timeoutMs} ms; log:\n${this.log()}`);
  }

  private listsOwnPeerUrl(): Promise<boolean> {
    const peerUrl = `http://127.0.0.1:${this.spec.peerPort}`;
    return this.get('/v3/cluster/member/list', (b) => {
      const members = (JSON.parse(b) as { members?: { peerURLs?: string[] }[] }).members ?? [];
      return members.some((m) => m.peerURLs?.includes(peerUrl));
    }, '{}');
  }

  /** A request to this member's client URL (a POST when there is a body): judge's verdict on the body, false on any failure. */
  private get(path: string, judge: (body: string) => boolean, body?: string): Promise<boolean> {
    const tls = this.opts.tls;
    const options = {
      host: '127.0.0.1',
      port: this.spec.clientPort,
      path,
      method: body === undefined ? 'GET' : 'POST',
      timeout: 1000,
      ...(tls ? { ca: readFileSync(tls.caFile), cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) } : {}),
    };
    return new Promise((resolve) => {
      const req = (tls ? httpsRequest : httpRequest)(options, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          try {
            resolve(res.statusCode === 200 && judge(text));
          } catch {
            resolve(false);
          }
        });
        res.on('error', () => resolve(false));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
      req.end(body);
    });
  }

  /** SIGKILL, as a crash: no graceful shutdown. */
  async kill(): Promise<void> {
    const p = this.proc;
    if (!p) return;
    p.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait for the exit. */
  async stop(): Promise<void> {
    const p = this.proc;
    if (!p) return;
    p.kill('SIGTERM');
    const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** A running etcd: one member or several. */
export class EtcdCluster {
  private constructor(
    readonly members: EtcdMember[],
    private readonly baseDir: string,
  ) {}

  get endpoints(): string[] {
    return this.members.map((m) => m.endpoint);
  }

  /** Start `size` members on loopback and wait until every one is healthy. */
  static async start(size = 1, opts: EtcdOptions = {}): Promise<EtcdCluster> {
    const baseDir = mkdtempSync(join(tmpdir(), 'skiff-etcd-'));
    for (let attempt = 1; ; attempt++) {
      const specs: MemberSpec[] = [];
      for (let i = 0; i < size; i++) specs.push({ name: `m${i}`, clientPort: await freePort(), peerPort: await freePort() });
      const initial = specs.map((s) => `${s.name}=http://127.0.0.1:${s.peerPort}`).join(',');
      const members = specs.map((s) => new EtcdMember(s, join(baseDir, `${s.name}.${attempt}`), initial, opts));
      const cluster = new EtcdCluster(members, baseDir);
      try {
        for (const m of members) m.spawn();
        await Promise.all(members.map((m) => m.waitHealthy()));
        return cluster;
      } catch (err) {
        await Promise.all(members.map((m) => m.kill()));
        // A port taken between freePort() and etcd's bind (or a slow start): try again with new ports.
        if (attempt >= 3) {
          rmSync(baseDir, { recursive: true, force: true });
          throw err;
        }
      }
    }
  }

  /** Stop every member and remove the data. */
  async stop(): Promise<void> {
    await Promise.all(this.members.map((m) => m.kill()));
    rmSync(this.baseDir, { recursive: true, force: true });
  }
}

/** A single-member etcd. */
export function startEtcd(opts: EtcdOptions = {}): Promise<EtcdCluster> {
  return EtcdCluster.start(1, opts);
}

/**
 * A TCP proxy in front of one endpoint, to cut a client off from etcd while etcd stays
 * up: cut() resets every connection and refuses new ones until restore().
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server?: Server;

  /** 0 until the first listen binds a port of the kernel's choice; restore() listens on that port again. */
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(targetEndpoint: string): Promise<TcpProxy> {
    const url = new URL(targetEndpoint);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.restore();
    return proxy;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise((r) => server.close(r));
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
