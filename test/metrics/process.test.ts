// The process collector as kube-apiserver exposes it (prometheus/client_golang
// prometheus/process_collector.go and process_collector_procfs.go on Linux): names, types,
// help texts without a stability prefix, and values read from the running process.
// Node's own runtime families (nodejs_*) are not upstream's and are not exposed.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { MetricsRegistry } from '../../src/metrics/registry.js';

function value(text: string, name: string): number {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  assert.ok(m, `${name} has a sample`);
  return Number(m[1]);
}

describe('process metrics', () => {
  it('exposes client_golang process collector families with its help texts', async () => {
    const text = await new MetricsRegistry({ processMetrics: true }).render();
    for (const [name, type, help] of [
      ['process_cpu_seconds_total', 'counter', 'Total user and system CPU time spent in seconds.'],
      ['process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.'],
      ['process_virtual_memory_bytes', 'gauge', 'Virtual memory size in bytes.'],
      ['process_start_time_seconds', 'gauge', 'Start time of the process since unix epoch in seconds.'],
      ['process_open_fds', 'gauge', 'Number of open file descriptors.'],
      ['process_max_fds', 'gauge', 'Maximum number of open file descriptors.'],
    ]) {
      assert.match(text, new RegExp(`^# HELP ${name} ${help!.replace(/\./g, '\\.')}$`, 'm'), name);
      assert.match(text, new RegExp(`^# TYPE ${name} ${type}$`, 'm'), name);
    }
    assert.doesNotMatch(text, /^# TYPE nodejs_/m);
  });

  it('reads the values from this process', async () => {
    const registry = new MetricsRegistry({ processMetrics: true });
    const text = await registry.render();
    const rss = value(text, 'process_resident_memory_bytes');
    assert.ok(rss > 2 ** 20 && rss < 2 ** 40, `rss ${rss}`);
    assert.ok(value(text, 'process_virtual_memory_bytes') >= rss);
    const start = value(text, 'process_start_time_seconds');
    const expected = Date.now() / 1000 - process.uptime();
    assert.ok(Math.abs(start - expected) <= 1, `start ${start} vs ${expected}`);
    const open = value(text, 'process_open_fds');
    assert.ok(Math.abs(open - readdirSync('/proc/self/fd').length) <= 2, `open fds ${open}`);
    assert.ok(value(text, 'process_max_fds') >= open);
    // CPU time only grows between scrapes.
    const cpu1 = value(text, 'process_cpu_seconds_total');
    assert.ok(cpu1 > 0);
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
    assert.ok(x > 0);
    const cpu2 = value(await registry.render(), 'process_cpu_seconds_total');
    assert.ok(cpu2 >= cpu1, `${cpu2} >= ${cpu1}`);
  });
});
