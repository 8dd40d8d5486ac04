// The process collector kube-apiserver exposes (prometheus/client_golang process_collector.go,
// Linux): CPU time, resident and virtual memory, file descriptors and start time, under the
// same names and help texts (no stability prefix: they are not component-base metrics).
// Values are read when scraped; nothing runs between scrapes.

import { readdirSync, readFileSync } from 'node:fs';
import type { Registry } from 'prom-client';
import CounterClass from 'prom-client/lib/counter.js';
import GaugeClass from 'prom-client/lib/gauge.js';

const startTime = Math.round(Date.now() / 1000 - process.uptime());

/** The gauges: name, help, and the value read at scrape time (undefined: not available here, left unset). */
const GAUGES: [name: string, help: string, read: () => number | undefined][] = [
  ['process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss()],
  ['process_virtual_memory_bytes', 'Virtual memory size in bytes.', () => virtualMemoryBytes()],
  ['process_start_time_seconds', 'Start time of the process since unix epoch in seconds.', () => startTime],
  ['process_open_fds', 'Number of open file descriptors.', () => openFds()],
  ['process_max_fds', 'Maximum number of open file descriptors.', () => maxFds()],
];

export function registerProcessMetrics(registry: Registry): void {
  const registers = [registry];
  let cpuSeconds = 0;
  new CounterClass({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      const now = (user + system) / 1e6;
      if (now > cpuSeconds) this.inc(now - cpuSeconds);
      cpuSeconds = now;
    },
  });
  for (const [name, help, read] of GAUGES) {
    new GaugeClass({
      name,
      help,
      registers,
      collect() {
        const v = read();
        if (v !== undefined) this.set(v);
      },
    });
  }
}

/** Field 23 of /proc/self/stat (vsize, bytes); fields are counted after the parenthesised command name. */
function virtualMemoryBytes(): number | undefined {
  try {
    const text = readFileSync('/proc/self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const vsize = Number(fields[20]);
    return Number.isFinite(vsize) ? vsize : undefined;
  } catch {
    return undefined;
  }
}

function openFds(): number | undefined {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
}

function maxFds(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
