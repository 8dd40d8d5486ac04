// The metrics registry updates a remembered series record instead of going through
// prom-client's label validation and hashing on every observation (src/metrics/registry.ts).
// The exposition must stay exactly what prom-client writes for the same calls: each case
// runs one sequence of calls on a registry metric and on a plain prom-client metric (whose
// label objects are sorted first, as the registry promises) and compares the texts.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MetricsRegistry } from '../../src/metrics/registry.js';

type Labels = Record<string, string | number>;

const sorted = (l: Labels): Labels => Object.fromEntries(Object.entries(l).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Series lines of one family, comments dropped (help texts differ by the stability prefix). */
function series(text: string): string[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#'));
}

async function expose(reg: { metrics(): Promise<string> }): Promise<string[]> {
  return series(await reg.metrics());
}

describe('metrics registry: remembered series records', () => {
  it('histogram observations land in the same buckets, sums and counts as prom-client puts them', async () => {
    const ours = new MetricsRegistry();
    const plain = new Registry();
    const buckets = [0, 0.005, 0.1, 1, 2.5];
    const h = ours.histogram({ name: 'h_seconds', help: 'h', labelNames: ['verb', 'code', 'resource'] as const, buckets });
    const p = new Histogram({ name: 'h_seconds', help: 'h', labelNames: ['verb', 'code', 'resource'], buckets, registers: [plain] });
    // On a bucket bound, between bounds, above every bound, zero, repeated label sets in another key order.
    const calls: [Labels, number][] = [
      [{ verb: 'CREATE', code: '201', resource: 'configmaps' }, 0.005],
      [{ resource: 'configmaps', verb: 'CREATE', code: '201' }, 0.05],
      [{ code: '201', verb: 'CREATE', resource: 'configmaps' }, 7],
      [{ verb: 'CREATE', code: '201', resource: 'configmaps' }, 0],
      [{ verb: 'GET', code: '200', resource: 'pods' }, 1],
      [{ verb: 'GET', code: 200, resource: 'pods' }, 2.5],
      [{ verb: 'GET', code: '200', resource: 'pods' }, 0.1],
    ];
    for (const [l, v] of calls) {
      h.observe(l as never, v);
      p.observe(sorted(l), v);
    }
    assert.deepEqual(await expose(ours.registry), await expose(plain));
    assert.ok((await expose(plain)).includes('h_seconds_count{code="201",resource="configmaps",verb="CREATE"} 4'));
  });

  it('a reset or removed series starts again from zero, as prom-client counts it', async () => {
    const ours = new MetricsRegistry();
    const plain = new Registry();
    const h = ours.histogram({ name: 'r_seconds', help: 'r', labelNames: ['a', 'b'] as const, buckets: [1, 2] });
    const p = new Histogram({ name: 'r_seconds', help: 'r', labelNames: ['a', 'b'], buckets: [1, 2], registers: [plain] });
    const c = ours.counter({ name: 'r_total', help: 'r', labelNames: ['a'] as const });
    const pc = new Counter({ name: 'r_total', help: 'r', labelNames: ['a'], registers: [plain] });
    const both = (fn: () => void, pfn: () => void) => {
      fn();
      pfn();
    };
    both(() => h.observe({ b: 'y', a: 'x' }, 1), () => p.observe({ a: 'x', b: 'y' }, 1));
    both(() => h.observe({ a: 'x', b: 'y' }, 1.5), () => p.observe({ a: 'x', b: 'y' }, 1.5));
    both(() => c.inc({ a: 'x' }), () => pc.inc({ a: 'x' }));
    both(() => c.inc({ a: 'x' }, 3), () => pc.inc({ a: 'x' }, 3));
    both(() => h.reset(), () => p.reset());
    both(() => c.remove({ a: 'x' }), () => pc.remove({ a: 'x' }));
    both(() => h.observe({ a: 'x', b: 'y' }, 3), () => p.observe({ a: 'x', b: 'y' }, 3));
    both(() => c.inc({ a: 'x' }, 2), () => pc.inc({ a: 'x' }, 2));
    both(() => c.inc({ a: 'x' }), () => pc.inc({ a: 'x' }));
    assert.deepEqual(await expose(ours.registry), await expose(plain));
    assert.ok((await expose(plain)).includes('r_total{a="x"} 3'));
    assert.ok((await expose(plain)).includes('r_seconds_count{a="x",b="y"} 1'));
  });

  it('gauges: set, inc, dec (negative deltas too) and remove agree with prom-client', async () => {
    const ours = new MetricsRegistry();
    const plain = new Registry();
    const g = ours.gauge({ name: 'g', help: 'g', labelNames: ['pl', 'fs'] as const });
    const pg = new Gauge({ name: 'g', help: 'g', labelNames: ['pl', 'fs'], registers: [plain] });
    const steps: [keyof Gauge<string>, Labels, number | undefined][] = [
      ['inc', { pl: 'a', fs: 'b' }, undefined],
      ['inc', { fs: 'b', pl: 'a' }, 4],
      ['dec', { pl: 'a', fs: 'b' }, 2],
      ['inc', { pl: 'a', fs: 'b' }, -1],
      ['set', { pl: 'c', fs: 'd' }, 9],
      ['set', { pl: 'c', fs: 'd' }, 5],
      ['inc', { pl: 'c', fs: 'd' }, undefined],
      ['remove', { pl: 'a', fs: 'b' }, undefined],
      ['inc', { pl: 'a', fs: 'b' }, 2],
    ];
    for (const [method, l, v] of steps) {
      const call = (m: Gauge<string>, labels: Labels) => (v === undefined ? (m[method] as (l: Labels) => void)(labels) : (m[method] as (l: Labels, v: number) => void)(labels, v));
      call(g as unknown as Gauge<string>, l);
      call(pg, sorted(l));
    }
    assert.deepEqual(await expose(ours.registry), await expose(plain));
    assert.ok((await expose(plain)).includes('g{fs="b",pl="a"} 2'));
    assert.ok((await expose(plain)).includes('g{fs="d",pl="c"} 6'));
  });

  it('refuses what prom-client refuses, every time', () => {
    const ours = new MetricsRegistry();
    const c = ours.counter({ name: 'bad_total', help: 'b', labelNames: ['a'] as const });
    const h = ours.histogram({ name: 'bad_seconds', help: 'b', labelNames: ['a'] as const, buckets: [1] });
    c.inc({ a: 'x' });
    h.observe({ a: 'x' }, 1);
    for (let i = 0; i < 2; i++) {
      assert.throws(() => c.inc({ a: 'x' }, -1), /not possible to decrease a counter/);
      assert.throws(() => h.observe({ a: 'x' }, Number.NaN), /not a valid number/);
      assert.throws(() => c.inc({ b: 'y' } as never), /not included in initial labelset/);
    }
  });
});
