// Shared pieces of the fuzz suite: the seed and run counts, an HTTP/2 client for many
// probes per connection, raw TLS sockets, a skiff in a child process (so a crash shows as
// the process exiting), and the invariants checked after every batch.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as http2Connect, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';

/** The seed: FUZZ_SEED, or a fixed default so CI runs are reproducible. */
export const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** FUZZ_RUNS multiplies every property's run count (npm run fuzz sets it). */
export const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
export const runs = (n: number) => Math.round(n * RUNS);

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A probe's description, for reports of broken invariants. */
export type Probe = { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string };

/**
 * 5xx answers skiff gives on purpose because kube-apiserver gives them: the plain-text
 * panic answer of upstream's WithPanicRecovery (e.g. JSON patches that panic in
 * evanphx/json-patch), and Status 500s without reason that upstream's patch handler
 * returns for strategic-merge errors (errors.NewGenericServerResponse with code 500).
 * Skiff's own failures are InternalError Statuses ("Internal error occurred: ...").
 */
function upstreamAnswers5xx(status: number, text: string): boolean {
  if (status !== 500 && status !== 504) return false;
  if (status === 500 && text.startsWith('This request caused apiserver to panic')) return true;
  try {
    const s = JSON.parse(text) as { kind?: string; reason?: string; details?: { causes?: { reason?: string }[] } };
    // The watch cache's answer to a resourceVersion from the future (apiserver storage
    // NewTooLargeResourceVersionError): 504 Timeout with cause ResourceVersionTooLarge.
    if (status === 504) return s.reason === 'Timeout' && s.details?.causes?.[0]?.reason === 'ResourceVersionTooLarge';
    return s.kind === 'Status' && s.reason === undefined;
  } catch {
    return false;
  }
}

/**
 * 5xx findings in decoding/registry/patch code (outside the wire layer), reported to their
 * owners; counted and printed, not failed on, so the suite guards everything else.
 * Empty: the issue-9 findings (stack overflows on bodies nested deep but within Go's 10000
 * limit, a null label value reaching Buffer.byteLength) are fixed; any 5xx fails again.
 */
export const KNOWN_FINDINGS: string[] = [];

/** Counts probes and status codes; collects broken invariants. */
export class Tally {
  probes = 0;
  readonly codes = new Map<number | string, number>();
  readonly violations: string[] = [];
  count(code: number | string): void {
    this.probes++;
    this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }
  readonly knownSeen = new Map<string, { count: number; example: string }>();
  known(finding: string, probe: Probe): void {
    const k = this.knownSeen.get(finding) ?? { count: 0, example: `${probe.method} ${probe.path.slice(0, 120)} ${String(probe.body ?? '').slice(0, 160)}` };
    k.count++;
    this.knownSeen.set(finding, k);
  }
  violate(what: string, probe: Probe, reply?: Reply): void {
    if (this.violations.length < 20) {
      const body = probe.body === undefined ? '' : ` body=${JSON.stringify(String(probe.body).slice(0, 200))}`;
      const got = reply ? ` -> ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}` : '';
      this.violations.push(`${what}: ${probe.method} ${probe.path.slice(0, 200)} ${JSON.stringify(probe.headers ?? {})}${body}${got}`);
    }
  }
  summary(name: string, restarts = 0): string {
    const codes = [...this.codes.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0]))).map(([c, n]) => `${c}: ${n}`);
    const known = [...this.knownSeen.entries()].map(([f, k]) => `\n  known finding x${k.count}: ${f} (e.g. ${k.example})`).join('');
    return `fuzz ${name}: ${this.probes} probes (seed ${SEED}, runs x${RUNS}), codes {${codes.join(', ')}}, restarts ${restarts}${known}`;
  }
}

/** An HTTP/2 client on one session (reconnecting when the server ends it), with a deadline per request. */
export class H2Client {
  private session?: ClientHttp2Session;
  constructor(
    private readonly url: string,
    private readonly tls: { ca: string; cert?: string; key?: string },
    private readonly auth: Record<string, string> = {},
  ) {}

  private get(): ClientHttp2Session {
    if (!this.session || this.session.closed || this.session.destroyed) {
      this.session = http2Connect(this.url, { ...this.tls, maxSessionMemory: 64 });
      this.session.on('error', () => undefined);
    }
    return this.session;
  }

  /** Resolves with the reply, 'reset' when the stream was reset, or 'timeout' (a hang) after timeoutMs. */
  request(probe: Probe, timeoutMs = 15_000): Promise<Reply | 'reset' | 'timeout'> {
    return new Promise((done) => {
      const headers: OutgoingHttpHeaders = { ':method': probe.method, ':path': probe.path, ...this.auth, ...(probe.headers ?? {}) };
      let stream;
      try {
        stream = this.get().request(headers);
      } catch {
        done('reset');
        return;
      }
      const chunks: Buffer[] = [];
      let status = 0;
      let replyHeaders: Reply['headers'] = {};
      let timer = setTimeout(() => {
        stream.close();
        done('timeout');
      }, timeoutMs);
      stream.on('response', (h) => {
        status = Number(h[':status']);
        replyHeaders = h as Reply['headers'];
        // A streaming answer (watch) counts once it started: take what came within 0.5 s.
        clearTimeout(timer);
        timer = setTimeout(() => {
          stream.close();
          done({ status, headers: replyHeaders, body: Buffer.concat(chunks) });
        }, 500);
      });
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        clearTimeout(timer);
        done({ status, headers: replyHeaders, body: Buffer.concat(chunks) });
      });
      stream.on('error', () => {
        clearTimeout(timer);
        done(status ? { status, headers: replyHeaders, body: Buffer.concat(chunks) } : 'reset');
      });
      stream.end(probe.body);
    });
  }

  close(): void {
    this.session?.close();
  }
}

/**
 * The invariants every reply must keep: no 5xx, and an error body with a JSON content type
 * is a Status. (No upstream case answers 5xx for these probes; see README in this folder.)
 */
export function checkReply(t: Tally, probe: Probe, reply: Reply | 'reset' | 'timeout'): void {
  if (reply === 'reset' || reply === 'timeout') {
    t.count(reply);
    if (reply === 'timeout') t.violate('no answer (hang)', probe);
    return;
  }
  t.count(reply.status);
  if (reply.status >= 500) {
    const text = reply.body.toString('utf8');
    const known = KNOWN_FINDINGS.find((k) => text.includes(k));
    if (known) t.known(known, probe);
    else if (!upstreamAnswers5xx(reply.status, text)) t.violate('5xx', probe, reply);
  }
  const ct = String(reply.headers['content-type'] ?? '');
  if (reply.status >= 400 && ct.startsWith('application/json') && reply.body.length > 0) {
    let s: { kind?: unknown; status?: unknown; code?: unknown } | undefined;
    try {
      s = JSON.parse(reply.body.toString('utf8')) as typeof s;
    } catch {
      s = undefined;
    }
    if (!s || s.kind !== 'Status' || s.status !== 'Failure' || s.code !== reply.status) t.violate('error body is not a Status', probe, reply);
  }
}

/** Every object of `collections` lists, and each listed object GETs back (200, decodable JSON). */
export async function checkReadback(t: Tally, client: H2Client, collections: readonly string[]): Promise<number> {
  let objects = 0;
  for (const c of collections) {
    const probe = { method: 'GET', path: c };
    const list = await client.request(probe);
    if (list === 'reset' || list === 'timeout' || list.status !== 200) {
      t.violate('list failed', probe, list === 'reset' || list === 'timeout' ? undefined : list);
      continue;
    }
    const items = (JSON.parse(list.body.toString('utf8')) as { items: { metadata: { name: string; namespace?: string } }[] }).items;
    for (const item of items) {
      objects++;
      const path = itemPath(c, item.metadata.namespace, item.metadata.name);
      const got = await client.request({ method: 'GET', path });
      if (got === 'reset' || got === 'timeout' || got.status !== 200) {
        t.violate('stored object does not read back', { method: 'GET', path }, got === 'reset' || got === 'timeout' ? undefined : got);
        continue;
      }
      try {
        JSON.parse(got.body.toString('utf8'));
      } catch {
        t.violate('stored object does not decode', { method: 'GET', path }, got);
      }
    }
  }
  return objects;
}

function itemPath(collection: string, namespace: string | undefined, name: string): string {
  // collection is /api/v1/<plural> or /apis/<g>/<v>/<plural> (all namespaces) or namespaced.
  const parts = collection.split('/');
  const plural = parts.pop()!;
  const base = parts.join('/');
  const ns = namespace && !base.includes('/namespaces/') ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${base}${ns}/${plural}/${encodeURIComponent(name)}`;
}

export async function expectReady(client: H2Client): Promise<boolean> {
  const r = await client.request({ method: 'GET', path: '/readyz' }, 10_000);
  return r !== 'reset' && r !== 'timeout' && r.status === 200;
}

/** A skiff in a child process, with a static admin token. */
export interface ChildSkiff {
  url: string;
  port: number;
  ca: string;
  token: string;
  child: ChildProcess;
  alive(): boolean;
  /** The child's stderr so far (its crash report when it died). */
  stderr(): string;
  stop(): Promise<void>;
}

export async function startChildSkiff(extraOptions: Record<string, unknown> = {}): Promise<ChildSkiff> {
  const dir = mkdtempSync(join(tmpdir(), 'skiff-fuzz-'));
  const token = 'fuzz-admin-token';
  writeFileSync(join(dir, 'tokens.csv'), `${token},fuzz-admin,1,system:masters\n`);
  const index = resolve('dist/src/index.js');
  const script = `
    import { startServer } from ${JSON.stringify(index)};
    const s = await startServer({ dataDir: ${JSON.stringify(join(dir, 'data'))}, securePort: 0, bindAddress: '127.0.0.1',
      tokenAuthFile: ${JSON.stringify(join(dir, 'tokens.csv'))}, ...${JSON.stringify(extraOptions)} });
    process.stdout.write(JSON.stringify({ url: s.url, ca: s.caPem }) + '\\n');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-20_000)));
  let exited = false;
  child.on('exit', () => (exited = true));
  const started = await new Promise<{ url: string; ca: string }>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl >= 0) res(JSON.parse(out.slice(0, nl)) as { url: string; ca: string });
    });
    child.on('exit', (code) => rej(new Error(`child skiff exited (${code}) before serving: ${err}`)));
  });
  return {
    ...started,
    port: Number(new URL(started.url).port),
    token,
    child,
    alive: () => !exited,
    stderr: () => err,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Writes raw bytes on a TLS connection (ALPN `alpn`) and collects what comes back until the
 * server closes, `idleMs` pass without data, or `capBytes` arrive. Resolves with the bytes
 * and how the connection ended.
 */
export function rawExchange(port: number, ca: string, payload: Buffer | Buffer[], opts: { alpn?: string; idleMs?: number; capBytes?: number } = {}): Promise<{ data: Buffer; ended: 'closed' | 'idle' | 'error' | 'cap' }> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost', ALPNProtocols: [opts.alpn ?? 'http/1.1'], rejectUnauthorized: false });
    const finish = (ended: 'closed' | 'idle' | 'error' | 'cap') => {
      if (finished) return;
      finished = true;
      clearTimeout(idle);
      socket.destroy();
      done({ data: Buffer.concat(chunks), ended });
    };
    let idle = setTimeout(() => finish('idle'), opts.idleMs ?? 3000);
    socket.on('secureConnect', () => {
      for (const p of Array.isArray(payload) ? payload : [payload]) socket.write(p);
    });
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      clearTimeout(idle);
      idle = setTimeout(() => finish('idle'), opts.idleMs ?? 3000);
      if (size >= (opts.capBytes ?? 1 << 20)) finish('cap');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish(chunks.length ? 'closed' : 'error'));
  });
}

/** The status codes of every HTTP/1.x response in a raw reply. */
export function statusCodes(raw: Buffer): number[] {
  return [...raw.toString('latin1').matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
}
