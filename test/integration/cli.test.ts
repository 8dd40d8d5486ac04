// The skiff command as a user runs it: flags, first start, restart, graceful shutdown.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { kubectl } from '../support/kubectl.js';
import { awaitStderrLine, onFreshPort } from '../support/ports.js';
import { eventually } from '../support/server.js';

// The bundled CLI that `npm start` and the `skiff` bin run (built by `npm install`); else the compiled one.
const bundled = fileURLToPath(new URL('../../skiff.mjs', import.meta.url));
const mainJs = existsSync(bundled) ? bundled : fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const dirs: string[] = [];
// A failed wait must not leave a server running (it would keep the test process alive).
const spawned: ChildProcess[] = [];
after(() => {
  for (const c of spawned) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, rejectUnauthorized: false, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server process with its stderr kept, so a start that fails says why (exit status and log). */
function startSkiff(args: string[]): { child: ChildProcess; log: () => string } {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  spawned.push(child);
  let log = '';
  child.stderr!.on('data', (c) => (log += c));
  return { child, log: () => log };
}

/** /readyz answering 200, or the reason it never will: the process ended, or the wait timed out (with its log). */
async function waitReady(server: { child: ChildProcess; log: () => string }, port: number, what: string): Promise<void> {
  let ended: ((e: Error) => void) | undefined;
  const onExit = (code: number | null, signal: string | null) =>
    ended?.(new Error(`${what}: skiff exited (code ${code}, signal ${signal}) before it was ready; its stderr:\n${server.log()}`));
  const exited = new Promise<never>((_, reject) => (ended = reject));
  server.child.once('exit', onExit);
  try {
    await Promise.race([
      exited,
      eventually(async () => (await get(port, '/readyz')).status === 200, 60_000, what).catch((e: Error) => {
        throw new Error(`${e.message}; skiff's stderr so far:\n${server.log()}`);
      }),
    ]);
  } finally {
    server.child.off('exit', onExit);
  }
}

describe('skiff CLI', () => {
  it('prints help and rejects bad flags with exit code 2', () => {
    const help = spawnSync(process.execPath, [mainJs, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--secure-port/);
    assert.match(help.stdout, /--data-dir/);
    const unknown = spawnSync(process.execPath, [mainJs, '--no-such-flag'], { encoding: 'utf8' });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown flag: --no-such-flag/);
    const malformed = spawnSync(process.execPath, [mainJs, '--secure-port=abc'], { encoding: 'utf8' });
    assert.equal(malformed.status, 2);
    assert.match(malformed.stderr, /invalid argument "abc" for "--secure-port" flag/);
  });

  it('generates PKI and a kubeconfig, reuses them on restart, and shuts down gracefully', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skiff-cli-'));
    dirs.push(dataDir);
    const argsOn = (port: number) => [mainJs, '--data-dir', dataDir, '--secure-port', String(port), '--bind-address', '127.0.0.1', '--shutdown-delay-duration=10s'];
    // A port taken between the check and the bind: start again on another (the restart reuses the one that served).
    const { port, first } = await onFreshPort(async (port) => {
      const first = startSkiff(argsOn(port));
      await awaitStderrLine(first.child, /Serving securely/, 'skiff');
      return { port, first };
    });
    const args = argsOn(port);
    let child = first.child;
    await waitReady(first, port, 'readyz');
    for (const f of ['ca.crt', 'apiserver.crt', 'admin.crt', 'kubeconfig', 'skiff.db']) assert.ok(existsSync(join(dataDir, f)), f);
    const ca1 = readFileSync(join(dataDir, 'ca.crt'), 'utf8');
    const kc = join(dataDir, 'kubeconfig');
    const created = await kubectl(kc, ['apply', '-f', '-', '--validate=false'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: survives\n  namespace: default\ndata:\n  a: b\n');
    assert.equal(created.code, 0, created.stderr);
    assert.match(first.log(), /Serving securely/);

    // SIGTERM: readyz fails during the shutdown delay, then the process exits cleanly.
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    // The window is the shutdown delay: long enough that a loaded machine still polls inside it.
    await eventually(async () => (await get(port, '/readyz')).status === 500, 8000, 'readyz to fail during shutdown');
    const verbose = await get(port, '/readyz?verbose');
    assert.match(verbose.body, /\[-\]shutdown failed: reason withheld/);
    assert.equal(await exited, 0);

    const second = startSkiff(args);
    child = second.child;
    try {
      await waitReady(second, port, 'readyz after restart');
      assert.equal(readFileSync(join(dataDir, 'ca.crt'), 'utf8'), ca1);
      const got = await kubectl(kc, ['get', 'configmap', 'survives', '-n', 'default', '-o', 'jsonpath={.data.a}']);
      assert.equal(got.code, 0, got.stderr);
      assert.equal(got.stdout, 'b');
    } finally {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await done;
    }
  });
});
