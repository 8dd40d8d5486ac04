// SKIFF_TRACE_START=1 prints the start-up phases to stderr: milliseconds since the
// process started (performance.now()), and since the previous mark.

const enabled = process.env.SKIFF_TRACE_START === '1';
let last = 0;

export function startMark(phase: string): void {
  if (!enabled) return;
  const now = performance.now();
  const mem = process.memoryUsage();
  const mib = (n: number) => (n / 1048576).toFixed(1);
  process.stderr.write(`start ${now.toFixed(1).padStart(7)} ms (+${(now - last).toFixed(1)}) ${phase} rss=${mib(mem.rss)} heap=${mib(mem.heapUsed)} ext=${mib(mem.external)}\n`);
  last = now;
}
