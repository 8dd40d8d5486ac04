// One server's metrics registry on prom-client, with component-base's rules
// (k8s.io/component-base/metrics opts.go, version_parser.go, options.go): help text
// carries the stability level ("[STABLE] ", "[ALPHA] ", ...) and "(Deprecated since X) ";
// a metric deprecated before the running minor version is hidden unless
// --show-hidden-metrics-for-version names the previous minor version.

import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import CounterClass from 'prom-client/lib/counter.js';
import GaugeClass from 'prom-client/lib/gauge.js';
import HistogramClass from 'prom-client/lib/histogram.js';
import RegistryClass from 'prom-client/lib/registry.js';
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
  readonly registry: Registry = new RegistryClass();
  private readonly showHidden: boolean;

  constructor(opts: { showHiddenMetricsForVersion?: string; processMetrics?: boolean } = {}) {
    validateShowHiddenMetricsVersion(opts.showHiddenMetricsForVersion);
    this.showHidden = !!opts.showHiddenMetricsForVersion;
    if (opts.processMetrics) registerProcessMetrics(this.registry);
  }

  counter<L extends string = never>(o: MetricOpts<L>): Counter<L> {
    return sortingLabels(new CounterClass<L>({ ...this.common(o), labelNames: o.labelNames ?? [], ...(o.collect ? { collect: o.collect } : {}) }));
  }

  gauge<L extends string = never>(o: MetricOpts<L>): Gauge<L> {
    return sortingLabels(new GaugeClass<L>({ ...this.common(o), labelNames: o.labelNames ?? [], ...(o.collect ? { collect: o.collect } : {}) }));
  }

  histogram<L extends string = never>(o: HistogramOpts<L>): Histogram<L> {
    return sortingLabels(new HistogramClass<L>({ ...this.common(o), labelNames: o.labelNames ?? [], buckets: [...o.buckets], ...(o.collect ? { collect: o.collect } : {}) }));
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
 *
 * Each observation also costs prom-client a label validation and a hash of the label set
 * (component-base resolves a series once, then updates it): on the request path that is
 * dozens of lookups per request. So each label set seen is remembered with the series
 * record prom-client created for it, and later observe/inc/dec/set update that record
 * directly, found under the key prom-client itself files it by (after reset or remove
 * there is none, and the call goes through prom-client again, which creates it).
 */
function sortingLabels<M extends object>(metric: M): M {
  const m = metric as unknown as Record<string, unknown> & PromInternals;
  const names = [...(m.labelNames ?? [])];
  // Label values are mostly constant strings: a tree of maps keyed by each value in turn
  // finds a label set without building a key string.
  const root = new Map<unknown, unknown>();
  let remembered = 0;
  const series = (labels: Record<string, unknown>): Series => {
    if (names.length === 0) return { labels: sortKeys(labels) };
    let node = root;
    const last = names.length - 1;
    for (let i = 0; i < last; i++) {
      const v = labels[names[i]!];
      let next = node.get(v) as Map<unknown, unknown> | undefined;
      if (!next) {
        if (remembered >= MAX_REMEMBERED_SERIES) return { labels: sortKeys(labels) };
        node.set(v, (next = new Map()));
      }
      node = next;
    }
    const v = labels[names[last]!];
    let s = node.get(v) as Series | undefined;
    if (!s) {
      s = { labels: sortKeys(labels) };
      if (remembered < MAX_REMEMBERED_SERIES) {
        node.set(v, s);
        remembered++;
      }
    }
    return s;
  };
  /** The record prom-client keeps for `s` under the key it computes (util.js hashObject with sortedLabelNames). */
  const record = (s: Series): SeriesRecord | undefined => {
    if (s.hash === undefined) {
      let hash = '';
      for (const n of m.sortedLabelNames ?? []) if (s.labels[n] !== undefined) hash += `${n}:${s.labels[n]},`;
      s.hash = hash;
    }
    return m.hashMap[s.hash];
  };
  let bucketKeys: string[] | undefined;
  const fast: Record<string, (orig: (...a: unknown[]) => unknown, labels: Record<string, unknown>, value: unknown) => void> = {
    observe: (orig, labels, value) => {
      const s = series(labels);
      const r = typeof value === 'number' && Number.isFinite(value) ? record(s) : undefined;
      if (!r || !r.bucketValues) return void orig.call(metric, s.labels, value);
      r.sum! += value as number;
      r.count! += 1;
      const bounds = m.upperBounds!;
      // prom-client files buckets under each bound as a property name: converting a double
      // to that string on every observation cost more than the rest of the update.
      const keys = (bucketKeys ??= bounds.map(String));
      for (let i = 0; i < bounds.length; i++) {
        if ((value as number) <= bounds[i]!) {
          (r.bucketValues as Record<string, number>)[keys[i]!]! += 1;
          break;
        }
      }
    },
    inc: (orig, labels, value) => deltaOf(orig, labels, value ?? 1, 1),
    dec: (orig, labels, value) => deltaOf(orig, labels, value ?? 1, -1),
    set: (orig, labels, value) => {
      const s = series(labels);
      const r = typeof value === 'number' ? record(s) : undefined;
      if (!r || r.value === undefined) return void orig.call(metric, s.labels, value);
      r.value = value as number;
    },
  };
  const deltaOf = (orig: (...a: unknown[]) => unknown, labels: Record<string, unknown>, value: unknown, sign: 1 | -1): void => {
    const s = series(labels);
    // Counters refuse negative increments and every metric non-finite ones: prom-client's own path throws.
    const r = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? record(s) : undefined;
    if (!r || r.value === undefined) return void orig.call(metric, s.labels, value);
    r.value += sign * (value as number);
  };
  for (const method of ['inc', 'dec', 'set', 'observe', 'labels', 'remove', 'startTimer', 'setToCurrentTime', 'zero']) {
    const orig = m[method];
    if (typeof orig !== 'function') continue;
    const quick = names.length > 0 ? fast[method] : undefined;
    m[method] = function (this: unknown, first: unknown, second: unknown) {
      if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
        if (quick && arguments.length <= 2) return quick(orig as (...a: unknown[]) => unknown, first as Record<string, unknown>, second);
        const args = [...arguments];
        args[0] = series(first as Record<string, unknown>).labels;
        return (orig as (...a: unknown[]) => unknown).apply(metric, args);
      }
      return (orig as (...a: unknown[]) => unknown).apply(metric, arguments as unknown as unknown[]);
    };
  }
  return metric;
}

/** Label sets remembered per metric; past this (a label carrying unbounded values) the rest go the slow way. */
const MAX_REMEMBERED_SERIES = 10_000;

/** What prom-client (15.x) keeps per metric: its series records by label hash. */
interface PromInternals {
  labelNames?: readonly string[];
  sortedLabelNames?: readonly string[];
  upperBounds?: readonly number[];
  hashMap: Record<string, SeriesRecord>;
}

/** A counter's or gauge's { value, labels }, a histogram's { labels, bucketValues, sum, count }. */
interface SeriesRecord {
  labels: Record<string, unknown>;
  value?: number;
  bucketValues?: Record<number, number>;
  sum?: number;
  count?: number;
}

interface Series {
  /** The label object, sorted by name, that prom-client is given (and keeps in its record). */
  labels: Record<string, unknown>;
  /** prom-client's key for the series. */
  hash?: string;
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
