// One server's metrics registry on prom-client, with component-base's rules
// (k8s.io/component-base/metrics opts.go, version_parser.go, options.go): help text
// carries the stability level ("[STABLE] ", "[ALPHA] ", ...) and "(Deprecated since X) ";
// a metric deprecated before the running minor version is hidden unless
// --show-hidden-metrics-for-version names the previous minor version.

import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerProcessMetrics } from './process.js';

/** The Kubernetes release skiff serves as (major.minor). */
export const KUBE_VERSION = { major: 1, minor: 34 } as const;

export type StabilityLevel = 'ALPHA' | 'BETA' | 'STABLE' | 'INTERNAL';

export interface MetricOpts<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  stability?: StabilityLevel;
  /** "1.30.0": hidden from the next minor release on. */
  deprecatedVersion?: string;
  /** Called before each scrape (pull-based values). */
  collect?: () => void | Promise<void>;
}

export interface HistogramOpts<L extends string> extends MetricOpts<L> {
  buckets: readonly number[];
}

/** component-base's validateShowHiddenMetricsVersion. */
export function validateShowHiddenMetricsVersion(v: string | undefined): void {
  if (!v) return;
  const valid = `${KUBE_VERSION.major}.${KUBE_VERSION.minor - 1}`;
  if (v !== valid) throw new Error(`--show-hidden-metrics-for-version must be omitted or have the value '${valid}'. Only the previous minor version is allowed`);
}

/** metrics.ExponentialBuckets(start, factor, count). */
export function exponentialBuckets(start: number, factor: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0, v = start; i < count; i++, v *= factor) out.push(v);
  return out;
}

export class MetricsRegistry {
  readonly registry = new Registry();
  private readonly showHidden: boolean;

  constructor(opts: { showHiddenMetricsForVersion?: string; processMetrics?: boolean } = {}) {
    validateShowHiddenMetricsVersion(opts.showHiddenMetricsForVersion);
    this.showHidden = !!opts.showHiddenMetricsForVersion;
    if (opts.processMetrics) registerProcessMetrics(this.registry);
  }

  counter<L extends string = never>(o: MetricOpts<L>): Counter<L> {
    return sortingLabels(new Counter<L>({ ...this.common(o), labelNames: o.labelNames ?? [], ...(o.collect ? { collect: o.collect } : {}) }));
  }

  gauge<L extends string = never>(o: MetricOpts<L>): Gauge<L> {
    return sortingLabels(new Gauge<L>({ ...this.common(o), labelNames: o.labelNames ?? [], ...(o.collect ? { collect: o.collect } : {}) }));
  }

  histogram<L extends string = never>(o: HistogramOpts<L>): Histogram<L> {
    return sortingLabels(new Histogram<L>({ ...this.common(o), labelNames: o.labelNames ?? [], buckets: [...o.buckets], ...(o.collect ? { collect: o.collect } : {}) }));
  }

  /** The exposition text (format 0.0.4). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One sample's value, or undefined (tests and debug output). */
  async value(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
    const m = this.registry.getSingleMetric(name);
    if (!m) return undefined;
    const data = await m.get();
    const want = Object.entries(labels);
    const hit = data.values.find((v) => {
      const got = v.labels as Record<string, string | number>;
      return Object.keys(got).length === want.length && want.every(([k, x]) => String(got[k]) === x);
    });
    return hit?.value;
  }

  private common(o: MetricOpts<string>): { name: string; help: string; registers: Registry[] } {
    const hidden = o.deprecatedVersion !== undefined && isHidden(o.deprecatedVersion) && !this.showHidden;
    let help = o.help;
    if (o.deprecatedVersion) help = `(Deprecated since ${o.deprecatedVersion}) ${help}`;
    help = `[${o.stability ?? 'ALPHA'}] ${help}`;
    // A hidden metric still records (its owner need not know); it is just not exposed.
    return { name: o.name, help, registers: hidden ? [] : [this.registry] };
  }
}

/**
 * prom-client writes a series' labels in the order its first label object had them; Go's
 * client sorts them by name (a histogram's "le" last). Every label object is sorted on
 * the way in, so the text reads as upstream's.
 */
function sortingLabels<M extends object>(metric: M): M {
  const m = metric as unknown as Record<string, unknown>;
  for (const method of ['inc', 'dec', 'set', 'observe', 'labels', 'remove', 'startTimer', 'setToCurrentTime', 'zero']) {
    const orig = m[method];
    if (typeof orig !== 'function') continue;
    m[method] = (...args: unknown[]) => {
      const first = args[0];
      if (first !== null && typeof first === 'object' && !Array.isArray(first)) args[0] = sortKeys(first as Record<string, unknown>);
      return (orig as (...a: unknown[]) => unknown).apply(metric, args);
    };
  }
  return metric;
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

/** component-base shouldHide: deprecated in an earlier minor release than the running one. */
function isHidden(deprecatedVersion: string): boolean {
  const [major, minor] = deprecatedVersion.split('.').map(Number);
  if (major === undefined || minor === undefined) return false;
  return major < KUBE_VERSION.major || (major === KUBE_VERSION.major && minor < KUBE_VERSION.minor);
}
