// prom-client's classes, each from its own file: its index also loads the Pushgateway (http,
// https), the default metrics (perf_hooks) and the cluster aggregator (node:cluster,
// child_process), ~10 ms of every start that skiff never uses. The types are the index's.
declare module 'prom-client/lib/counter.js' {
  export { Counter as default } from 'prom-client';
}
declare module 'prom-client/lib/gauge.js' {
  export { Gauge as default } from 'prom-client';
}
declare module 'prom-client/lib/histogram.js' {
  export { Histogram as default } from 'prom-client';
}
declare module 'prom-client/lib/registry.js' {
  export { Registry as default } from 'prom-client';
}
