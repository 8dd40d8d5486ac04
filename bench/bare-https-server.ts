// The bare HTTPS server of bench/run.ts: skiff's TLS set-up and nothing else, answering canned
// bodies. `node bare-https-server.js <json BareServerArgs>` prints the port it listens on. Its
// creates/s is the ceiling of skiff's, its start and RSS the floor of skiff's: as a process it
// loads this module and node's built-ins only (skiff-process.js only by the parent's bareHttpsStart).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RssSplit } from './skiff-process.js';

interface BareServerArgs {
  /** The skiff data dir whose serving certificate, key and client CA the server uses. */
  dataDir: string;
  /** The body every POST is answered with (201). */
  createdBody: string;
}

/** The same server set-up as skiff's (src/server/server.ts): HTTP/2 with HTTP/1.1 fallback, mutual TLS asked for. */
function runBareServer(args: BareServerArgs): void {
  const created = Buffer.from(args.createdBody);
  const ok = Buffer.from('{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"bench"}}\n');
  const server = createSecureServer(
    {
      key: readFileSync(join(args.dataDir, 'apiserver.key')),
      cert: readFileSync(join(args.dataDir, 'apiserver.crt')),
      ca: readFileSync(join(args.dataDir, 'ca.crt')),
      requestCert: true,
      rejectUnauthorized: false,
      allowHTTP1: true,
      minVersion: 'TLSv1.2',
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = req.method === 'POST' ? created : ok;
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'cache-control': 'no-cache, private', 'audit-id': randomUUID(), 'content-length': String(body.length) });
        res.end(body);
      });
    },
  );
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
  process.on('SIGTERM', () => process.exit(0));
}

/** The bare server as a child process, once it has printed the port it listens on. */
export async function spawnBareServer(dataDir: string, createdBody: string): Promise<{ server: ChildProcess; port: number }> {
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify({ dataDir, createdBody })], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    server.once('exit', (code) => reject(new Error(`bare HTTPS server exited with ${code}`)));
  });
  return { server, port };
}

export async function stopBareServer(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once('exit', r)));
}

/**
 * The floor of the start rows: spawn to the first /readyz 200 of the bare server (skiff's TLS
 * set-up, nothing else), measured as skiff's start is, and its RSS 300 ms later (medians of `runs`;
 * the split of the last run).
 */
export async function bareHttpsStart(dataDir: string, runs = 5): Promise<{ ms: number; rss: number; rssSplit: RssSplit }> {
  // Imported here: the server process itself must not load them (see the top of this file).
  const { median, rssMiB, rssSplitMiB, waitReady } = await import('./skiff-process.js');
  const ms: number[] = [];
  const rss: number[] = [];
  let split: RssSplit = { anon: NaN, file: NaN, executable: NaN };
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { server, port } = await spawnBareServer(dataDir, '{}');
    try {
      ms.push(await waitReady(port, t0, server));
      await new Promise((r) => setTimeout(r, 300));
      rss.push(rssMiB(server.pid!));
      split = rssSplitMiB(server.pid!);
    } finally {
      await stopBareServer(server);
    }
  }
  return { ms: median(ms), rss: median(rss), rssSplit: split };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runBareServer(JSON.parse(process.argv[2]!) as BareServerArgs);
