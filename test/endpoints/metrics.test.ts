// The minimal /metrics registry: Prometheus text exposition (format 0.0.4).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, Gauge, MetricsRegistry } from '../../src/endpoints/metrics.js';

test('counters and gauges render with HELP, TYPE, escaped labels and sorted series', () => {
  const r = new MetricsRegistry();
  const c = r.register(new Counter('x_total', 'Things.\nMore', ['status']));
  const g = r.register(new Gauge('a_gauge', 'A gauge.', ['k', 'v']));
  assert.equal(r.render(), '', 'untouched metrics are not rendered');
  c.inc({ status: 'success' });
  c.inc({ status: 'success' });
  c.inc({ status: 'fail"ure' }, 3);
  g.set({ k: 'x', v: 'a\\b' }, 1.5);
  assert.equal(
    r.render(),
    '# HELP a_gauge A gauge.\n# TYPE a_gauge gauge\na_gauge{k="x",v="a\\\\b"} 1.5\n' +
      '# HELP x_total Things.\\nMore\n# TYPE x_total counter\nx_total{status="fail\\"ure"} 3\nx_total{status="success"} 2\n',
  );
  assert.equal(c.get({ status: 'success' }), 2);
  assert.equal(r.register(new Counter('x_total', 'other', [])), c, 'registering a name twice returns the first metric');
  g.reset();
  assert.ok(!r.render().includes('a_gauge'));
});
