// SKIFF_TRACE_START=1 prints the start-up phases to stderr: milliseconds since the
// process started (performance.now()), and since the previous mark, with the process's CPU
// time so far (all threads: less distorted than wall time on a loaded machine).

const enabled = process.env.SKIFF_TRACE_START === '1';
let last = 0;

/** detail: appended to the line (the launcher's first mark gives the process's time origin). */
export function startMark(phase: string, detail = ''): void {
  if (!enabled) return;
  const now = performance.now();
  const mem = process.memoryUsage();
  const mib = (n: number) => (n / 1048576).toFixed(1);
  const cpu = process.cpuUsage();
  process.stderr.write(`start ${now.toFixed(1).padStart(7)} ms (+${(now - last).toFixed(1)}) ${phase} cpu=${((cpu.user + cpu.system) / 1000).toFixed(0)}ms rss=${mib(mem.rss)} heap=${mib(mem.heapUsed)} ext=${mib(mem.external)}${detail}\n`);
  last = now;
}
