// A Writer whose write connection lives in a worker thread (write-worker.ts). Requests
// are answered in order; the worker is referenced only while requests are in flight, so
// an idle store does not keep the process alive.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { KeyValue } from '../store.js';
import { asBuffer } from './reader.js';
import type { BatchResult, OpResult, WriteOp } from './write-engine.js';
import type { Writer } from './writer.js';

export type WorkerRequest =
  | { id: number; kind: 'commit'; ops: WriteOp[] }
  | { id: number; kind: 'markCompacted'; revision: number }
  | { id: number; kind: 'compactStep'; revision: number }
  | { id: number; kind: 'close' };

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export class WorkerWriter implements Writer {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure?: Error;
  private closing = false;

  constructor(path: string) {
    this.worker = startWorker(new URL('./write-worker.js', import.meta.url), { workerData: { path }, execArgv: workerExecArgv(process.execArgv) });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`sqlite write worker exited (code ${code})`)));
  }

  async commit(ops: WriteOp[]): Promise<BatchResult> {
    // A small Buffer is a view on a shared 8 KiB pool, and cloning a view copies its whole
    // pool: each value goes over in an ArrayBuffer of its own size, transferred, not cloned.
    const transfer: ArrayBuffer[] = [];
    const sent = ops.map((op): WriteOp => {
      if (op.op === 'delete') return op;
      const own = new Uint8Array(op.value.length);
      own.set(op.value);
      transfer.push(own.buffer);
      return { ...op, value: own as Buffer };
    });
    const batch = (await this.request({ kind: 'commit', ops: sent }, transfer)) as BatchResult;
    return { revision: batch.revision, results: batch.results.map((r, i) => reviveResult(r, ops[i]!)) };
  }

  async markCompacted(revision: number): Promise<void> {
    await this.request({ kind: 'markCompacted', revision });
  }

  async compactStep(revision: number): Promise<boolean> {
    return (await this.request({ kind: 'compactStep', revision })) as boolean;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    // Stay referenced until the worker has exited, or the process could end first.
    this.closing = true;
    this.worker.ref();
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.request({ kind: 'close' });
    await exited;
  }

  private request(req: DistributiveOmit<WorkerRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } as WorkerRequest, transfer);
    });
  }

  private settle(reply: WorkerReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
    if (reply.ok) p.resolve(reply.value);
    else p.reject(new Error(reply.error));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}

function reviveKv(kv: KeyValue): KeyValue {
  return { ...kv, value: asBuffer(kv.value) };
}

function reviveResult(r: OpResult, op: WriteOp): OpResult {
  if (!r.ok) return r.current ? { ok: false, current: reviveKv(r.current) } : r;
  const value = op.op === 'delete' ? asBuffer(r.kv.value) : op.value;
  return { ok: true, kv: { ...r.kv, value }, prevKv: r.prevKv ? reviveKv(r.prevKv) : undefined };
}

/**
 * The process's Node flags minus those that only make sense for the main script: a worker
 * inherits execArgv, and `node --input-type=module -e …` (how embedders and tests start skiff)
 * makes every worker fail with "--input-type can only be used with string input".
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print') { i++; continue; }
    if (a.startsWith('--input-type') || a.startsWith('--eval=') || a.startsWith('--print=')) continue;
    out.push(a);
  }
  return out;
}

/**
 * Node refuses process-wide V8 flags in a worker's execArgv (`node --max-old-space-size=4096
 * dist/skiff.mjs` inherits it): its error names them, and the worker starts without them.
 */
export function startWorker(url: URL, options: WorkerOptions & { execArgv: string[] }): Worker {
  try {
    return new Worker(url, options);
  } catch (err) {
    const refused = refusedExecArgv(err);
    if (!refused) throw err;
    return new Worker(url, { ...options, execArgv: options.execArgv.filter((a) => !refused.has(a)) });
  }
}

function refusedExecArgv(err: unknown): Set<string> | undefined {
  if ((err as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') return undefined;
  const listed = /flags: (.*)$/.exec((err as Error).message)?.[1];
  return listed ? new Set(listed.split(', ')) : undefined;
}
