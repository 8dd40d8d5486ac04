// Ports for the processes tests start. A port found free and bound later by a child process
// can be taken in between by another test running in parallel: in-process servers bind port
// 0; a child that needs an explicit port (the skiff CLI and kube-apiserver refuse
// --secure-port 0, etcd and the control-plane components) is started again on a new port
// when its bind failed, and is only taken for started once it is known to serve that port.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The lowest port the kernel hands out for outgoing connections (Linux's default 32768). A
 * port below it is never taken by a client socket, only by a listener that asked for it.
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Whether port (0: any) can be bound on 127.0.0.1 right now; the bound port, or 0 when it cannot. */
function tryBind(port: number): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(0));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * A port nothing listens on right now (it may be taken by the time it is used). It is drawn
 * below the ephemeral range, so the client connections of the tests running in parallel
 * cannot take it between this check and a child's bind; the OS's choice only when no such
 * port is free.
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralLow();
  for (let i = 0; i < 20 && high > low; i++) {
    const port = await tryBind(low + Math.floor(Math.random() * (high - low)));
    if (port) return port;
  }
  const any = await tryBind(0);
  if (!any) throw new Error('no free port on 127.0.0.1');
  return any;
}

/** How a process says its port was taken: Go's net package, or Node's error code. */
export const PORT_TAKEN = /address already in use|EADDRINUSE/;

/** A start that failed because its port was taken. */
export class PortTakenError extends Error {}

/** Runs start on a free port, again on a new port (up to `attempts` in all) while it fails with PortTakenError. */
export async function onFreshPort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (e) {
      if (!(e instanceof PortTakenError) || attempt >= attempts) throw e;
    }
  }
}

/**
 * Resolves with the first match of `pattern` in the child's stderr; rejects when the child
 * exits first (with PortTakenError when its output says the port was taken) or after timeoutMs.
 */
export function awaitStderrLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what} was not serving after ${timeoutMs} ms: ${seen.slice(-4000)}`));
    }, timeoutMs);
    const onData = (c: Buffer) => {
      seen = (seen + c.toString('utf8')).slice(-16_000);
      const m = pattern.exec(seen);
      if (m) {
        done();
        resolve(m);
      }
    };
    const onExit = () => {
      done();
      const E = PORT_TAKEN.test(seen) ? PortTakenError : Error;
      reject(new E(`${what} exited before it was serving: ${seen.slice(-4000)}`));
    };
    const done = () => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('close', onExit);
    };
    child.stderr?.on('data', onData);
    // 'close': the child exited and all its output has been read.
    child.once('close', onExit);
    if (child.stderr?.destroyed && (child.exitCode !== null || child.signalCode !== null)) onExit();
  });
}

/** The port a skiff CLI child serves on, from its "Serving securely" log line (PortTakenError when its bind failed). */
export async function skiffServingPort(child: ChildProcess): Promise<number> {
  const m = await awaitStderrLine(child, /"Serving securely" address="https:\/\/[^"]*:(\d+)"/, 'skiff');
  return Number(m[1]);
}

const skiffMain = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/**
 * `node main.js <args> --secure-port P` on a free port P, resolved once it serves there (a
 * port taken meanwhile: another one). onSpawn sees each child first (to keep it for cleanup
 * or read its log); stderr is read on afterwards so a full pipe never blocks the server.
 */
export function startSkiffCli(args: string[], onSpawn: (child: ChildProcess) => void = () => undefined): Promise<{ child: ChildProcess; port: number }> {
  return onFreshPort(async (port) => {
    const child = spawn(process.execPath, [skiffMain, ...args, '--secure-port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    onSpawn(child);
    try {
      await skiffServingPort(child);
    } catch (e) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      throw e;
    }
    child.stderr?.resume();
    return { child, port };
  });
}
