// The in-process test server (issue 17): start, reset with 1,000 objects present, and stop
// of startServer({ store: 'memory' }), as a node:test suite would use it. Prints figures.
//
//   node dist/bench/test-server.js [rounds]

import { startServer } from '../src/index.js';
import { createLogger } from '../src/util/log.js';

const rounds = Number(process.argv[2] ?? 5);
const quiet = createLogger({ verbosity: 0, stream: { write: () => true } });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const starts: number[] = [];
const resets: number[] = [];
const stops: number[] = [];
for (let r = 0; r < rounds; r++) {
  let t = performance.now();
  const srv = await startServer({ store: 'memory', securePort: 0, bindAddress: '127.0.0.1', logger: quiet, controllers: (process.env.CONTROLLERS ?? '*').split(',').filter(Boolean) });
  starts.push(performance.now() - t);
  const served = srv.registry.catalog.lookup('', 'v1', 'configmaps')!;
  for (let i = 0; i < 1000; i++) {
    await srv.registry.create({ served, namespace: 'default' }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { k: 'v'.repeat(100) } }, { dryRun: false });
  }
  t = performance.now();
  await srv.reset();
  resets.push(performance.now() - t);
  t = performance.now();
  await srv.stop();
  stops.push(performance.now() - t);
}
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;
console.log(`in-process memory server, ${rounds} rounds`);
console.log(`  start to ready:            ${fmt(starts)}`);
console.log(`  reset, 1,000 objects:      ${fmt(resets)}`);
console.log(`  stop:                      ${fmt(stops)}`);
