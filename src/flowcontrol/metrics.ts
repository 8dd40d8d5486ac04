// The apiserver_flowcontrol_* metric families, kept in a small in-module registry and
// rendered in the Prometheus text format (names, help and labels as upstream's
// k8s.io/apiserver/pkg/util/flowcontrol/metrics/metrics.go).

type Labels = Record<string, string>;

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  values: Map<string, { labels: Labels; value: number }>;
}

function labelKey(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export class MetricsRegistry {
  private readonly families = new Map<string, Family>();

  private family(name: string, type: Family['type'], help: string): Family {
    let f = this.families.get(name);
    if (!f) this.families.set(name, (f = { name, help, type, values: new Map() }));
    return f;
  }

  add(name: string, help: string, labels: Labels, delta = 1): void {
    const f = this.family(name, 'counter', help);
    const k = labelKey(labels);
    const cur = f.values.get(k);
    if (cur) cur.value += delta;
    else f.values.set(k, { labels, value: delta });
  }

  set(name: string, help: string, labels: Labels, value: number): void {
    const f = this.family(name, 'gauge', help);
    f.values.set(labelKey(labels), { labels, value });
  }

  gaugeAdd(name: string, help: string, labels: Labels, delta: number): void {
    const f = this.family(name, 'gauge', help);
    const k = labelKey(labels);
    const cur = f.values.get(k);
    if (cur) cur.value += delta;
    else f.values.set(k, { labels, value: delta });
  }

  value(name: string, labels: Labels): number | undefined {
    return this.families.get(name)?.values.get(labelKey(labels))?.value;
  }

  render(): string {
    const out: string[] = [];
    for (const f of [...this.families.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      out.push(`# HELP ${f.name} [BETA] ${f.help}`, `# TYPE ${f.name} ${f.type}`);
      const rows = [...f.values.values()].map(({ labels, value }) => {
        const ls = Object.keys(labels)
          .sort()
          .map((k) => `${k}="${escapeLabel(labels[k]!)}"`)
          .join(',');
        return `${f.name}${ls ? `{${ls}}` : ''} ${Number.isInteger(value) ? value : value.toPrecision(12).replace(/\.?0+$/, '')}`;
      });
      out.push(...rows.sort());
    }
    return out.length ? out.join('\n') + '\n' : '';
  }
}

export const M = {
  dispatched: ['apiserver_flowcontrol_dispatched_requests_total', 'Number of requests executed by API Priority and Fairness subsystem'],
  rejected: ['apiserver_flowcontrol_rejected_requests_total', 'Number of requests rejected by API Priority and Fairness subsystem'],
  inqueue: ['apiserver_flowcontrol_current_inqueue_requests', 'Number of requests currently pending in queues of the API Priority and Fairness subsystem'],
  executing: ['apiserver_flowcontrol_current_executing_requests', 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem'],
  executingSeats: ['apiserver_flowcontrol_current_executing_seats', 'Concurrency (number of seats) occupied by the currently executing (initial stage for a WATCH, any stage otherwise) requests in the API Priority and Fairness subsystem'],
  nominal: ['apiserver_flowcontrol_nominal_limit_seats', 'Nominal number of execution seats configured for each priority level'],
  lower: ['apiserver_flowcontrol_lower_limit_seats', 'Configured lower bound on number of execution seats available to each priority level'],
  upper: ['apiserver_flowcontrol_upper_limit_seats', 'Configured upper bound on number of execution seats available to each priority level'],
  current: ['apiserver_flowcontrol_current_limit_seats', 'current derived number of execution seats available to each priority level'],
  concurrencyLimit: ['apiserver_flowcontrol_request_concurrency_limit', 'Nominal number of execution seats configured for each priority level'],
  demandHwm: ['apiserver_flowcontrol_demand_seats_high_watermark', 'High watermark, over last adjustment period, of demand_seats'],
  demandSmoothed: ['apiserver_flowcontrol_demand_seats_smoothed', 'Smoothed seat demands'],
  target: ['apiserver_flowcontrol_target_seats', 'Seat allocation targets'],
  fairFrac: ['apiserver_flowcontrol_seat_fair_frac', 'Fair fraction of server\'s concurrency to allocate to each priority level that can use it'],
} as const;
