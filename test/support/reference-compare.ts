// Comparing an object skiff returned with the one kube-apiserver returned for the same
// request: values that differ by nature (uid, timestamps, resourceVersion, allocated IPs
// and ports) are replaced by placeholders, so only the presence of those fields counts.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const VOLATILE_KEYS = new Set(['uid', 'resourceVersion', 'clusterIP', 'clusterIPs', 'nodePort', 'controller-uid', 'batch.kubernetes.io/controller-uid']);

/**
 * Fields set by admission plugins that are not part of this comparison (their defaults
 * are another issue's): [kind, dotted path].
 */
const ADMISSION_OWNED: Array<[string, string]> = [
  ['Pod', 'spec.serviceAccountName'],
  ['Pod', 'spec.serviceAccount'],
  ['Pod', 'spec.tolerations'],
  ['Pod', 'spec.priority'],
  ['PersistentVolume', 'metadata.finalizers'],
  ['PersistentVolumeClaim', 'metadata.finalizers'],
  ['Node', 'spec.taints'],
];

function placeholders(v: Json, key = ''): Json {
  if (Array.isArray(v)) return v.map((x) => placeholders(x, key));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) out[k] = placeholders(x, k);
    return out;
  }
  if (VOLATILE_KEYS.has(key) && v !== null && v !== 'None') return `<${key}>`;
  if (typeof v === 'string' && TIME.test(v)) return '<time>';
  return v;
}

function dropPath(obj: Record<string, any>, path: string): void {
  const parts = path.split('.');
  let cur = obj;
  for (const p of parts.slice(0, -1)) {
    cur = cur?.[p];
    if (cur === null || typeof cur !== 'object') return;
  }
  delete cur[parts[parts.length - 1]!];
}

/** The object with volatile values as placeholders and admission plugins' fields removed. */
export function comparable(obj: Record<string, any>): Json {
  const copy = JSON.parse(JSON.stringify(obj)) as Record<string, any>;
  for (const [kind, path] of ADMISSION_OWNED) if (copy.kind === kind) dropPath(copy, path);
  return placeholders(copy);
}

/** Dotted paths where two JSON values differ (presence, type or value). */
export function differences(a: Json | undefined, b: Json | undefined, path = ''): string[] {
  if (a === undefined && b === undefined) return [];
  if (a === undefined || b === undefined) return [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...differences(a[i], b[i], `${path}[${i}]`));
    return out;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: string[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out.push(...differences(a[k], b[k], path ? `${path}.${k}` : k));
    return out;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}
