// Worker-thread entry point: owns the write connection, so commits (and their fsyncs)
// do not block the main thread's event loop. Protocol: see WorkerWriter.
import { parentPort, workerData } from 'node:worker_threads';
import { asBuffer } from './reader.js';
import { openDatabase } from './schema.js';
import { WriteEngine, type OpResult, type WriteOp } from './write-engine.js';
import type { WorkerReply, WorkerRequest } from './worker-writer.js';

const port = parentPort;
if (!port) throw new Error('write-worker must run in a worker thread');

const db = openDatabase((workerData as { path: string }).path);
const engine = new WriteEngine(db);

function handle(req: WorkerRequest): WorkerReply {
  switch (req.kind) {
    case 'commit': {
      const ops = req.ops.map(reviveOp);
      const batch = engine.applyBatch(ops);
      return { id: req.id, ok: true, value: { results: batch.results.map(stripEcho), revision: batch.revision } };
    }
    case 'markCompacted':
      engine.markCompacted(req.revision);
      return { id: req.id, ok: true, value: undefined };
    case 'compactStep':
      return { id: req.id, ok: true, value: engine.compactStep(req.revision) };
    case 'close':
      db.close();
      return { id: req.id, ok: true, value: undefined };
  }
}

port.on('message', (req: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = handle(req);
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
  if (req.kind === 'close') port.close();
});

/** Buffers arrive as plain Uint8Arrays after structured cloning. */
function reviveOp(op: WriteOp): WriteOp {
  return op.op === 'delete' ? op : { ...op, value: asBuffer(op.value) };
}

/** The main thread already holds the written value; don't copy it back. */
function stripEcho(r: OpResult): OpResult {
  if (!r.ok || r.kv.value.length === 0) return r;
  return { ...r, kv: { ...r.kv, value: Buffer.alloc(0) } };
}
