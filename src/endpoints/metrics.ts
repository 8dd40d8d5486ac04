// /metrics: a minimal Prometheus registry (counters and gauges with labels) in the
// text exposition format 0.0.4. Modules register their metrics on `metricsRegistry`;
// the handler renders whatever is registered. Deliberately tiny: the metrics work
// will move it onto prom-client behind the same small surface.

import { sendBytes, type Ctx } from '../server/http.js';

type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  value: number;
}

abstract class Metric {
  protected readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly type: 'counter' | 'gauge',
  ) {}

  protected entry(labels: Labels): Series {
    const values = this.labelNames.map((n) => labels[n] ?? '');
    const key = JSON.stringify(values);
    let s = this.series.get(key);
    if (!s) {
      s = { labels: Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]!])), value: 0 };
      this.series.set(key, s);
    }
    return s;
  }

  /** The current value of one series (0 when it was never touched). */
  get(labels: Labels = {}): number | undefined {
    return this.series.get(JSON.stringify(this.labelNames.map((n) => labels[n] ?? '')))?.value;
  }

  reset(): void {
    this.series.clear();
  }

  render(): string {
    if (this.series.size === 0) return '';
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`];
    const rows = [...this.series.values()].map((s) => {
      const labels = Object.entries(s.labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
      return `${this.name}${labels.length ? `{${labels.join(',')}}` : ''} ${formatValue(s.value)}`;
    });
    rows.sort();
    return `${[...lines, ...rows].join('\n')}\n`;
  }
}

export class Counter extends Metric {
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, labelNames, 'counter');
  }

  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels).value += by;
  }
}

export class Gauge extends Metric {
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, labelNames, 'gauge');
  }

  set(labels: Labels, value: number): void {
    this.entry(labels).value = value;
  }

  setToCurrentTime(labels: Labels = {}): void {
    this.set(labels, Date.now() / 1000);
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();

  /** Registers a metric once; registering the same name again returns the first one. */
  register<M extends Metric>(metric: M): M {
    const existing = this.metrics.get(metric.name);
    if (existing) return existing as M;
    this.metrics.set(metric.name, metric);
    return metric;
  }

  render(): string {
    return [...this.metrics.keys()]
      .sort()
      .map((name) => this.metrics.get(name)!.render())
      .join('');
  }
}

/** The process-wide registry, as upstream's legacyregistry. */
export const metricsRegistry = new MetricsRegistry();

/** Serves the registry, followed by what `collectors` render (families kept by their own modules, e.g. flow control). */
export function handleMetrics(ctx: Ctx, registry: MetricsRegistry = metricsRegistry, collectors: readonly (() => string)[] = []): boolean {
  if (ctx.path !== '/metrics') return false;
  sendBytes(ctx, 200, 'text/plain; version=0.0.4; charset=utf-8', registry.render() + collectors.map((c) => c()).join(''));
  return true;
}

function escapeHelp(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function escapeLabel(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}
