// Diagnostic preload for the memory benchmark's --breakdown mode only (never loaded by the
// product): `node --import <this> skiff ...`. On SIGUSR2 it writes the
// process's memory split (V8 heap, external, array buffers, RSS) to $SKIFF_MEMORY_PROBE,
// first without and then after a forced full GC, so the bench can tell live data from
// allocator slack.
import { renameSync, writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { fullGc } from '../src/util/memory-reducer.js';

const out = process.env.SKIFF_MEMORY_PROBE;
if (out && !isMainThread) {
  // A worker (the SQLite writer) has its own V8 heap, outside the main thread's figures:
  // it reports it every half second (its size and the external memory it holds).
  setInterval(() => {
    const h = getHeapStatistics();
    writeFileSync(`${out}.worker.tmp`, JSON.stringify({ heapTotal: h.total_heap_size, external: h.external_memory }));
    renameSync(`${out}.worker.tmp`, `${out}.worker`);
  }, 500).unref();
}
if (out && isMainThread) {
  // --expose-gc on the command line would be passed on to the SQLite write worker, which rejects it.
  const gc = fullGc();
  const mib = (x: number) => Math.round((x / 1048576) * 10) / 10;
  const split = () => {
    const m = process.memoryUsage();
    // V8's own malloc (compiler zones and the like): part of 'other', outside heap and buffers.
    return { rss: mib(m.rss), heapUsed: mib(m.heapUsed), heapTotal: mib(m.heapTotal), external: mib(m.external), arrayBuffers: mib(m.arrayBuffers), v8Malloced: mib(getHeapStatistics().malloced_memory) };
  };
  process.on('SIGUSR2', () => {
    const before = split();
    gc();
    writeFileSync(`${out}.tmp`, JSON.stringify({ before, afterGc: split() }));
    renameSync(`${out}.tmp`, out);
  });
}
