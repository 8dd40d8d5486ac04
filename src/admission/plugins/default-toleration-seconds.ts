// DefaultTolerationSeconds (upstream plugin/pkg/admission/defaulttolerationseconds): every
// pod that does not already tolerate node.kubernetes.io/not-ready:NoExecute and
// node.kubernetes.io/unreachable:NoExecute gets a toleration for each, for 300 seconds
// (--default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds).

import { isResource } from '../errors.js';
import type { AdmissionPlugin, Attributes } from '../types.js';

export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';

export interface DefaultTolerationSecondsOptions {
  notReadySeconds?: number;
  unreachableSeconds?: number;
}

/** Whether a toleration covers the key's NoExecute taint (an empty key or effect matches all). */
function tolerates(t: { key?: string; effect?: string }, key: string): boolean {
  return (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute');
}

export function defaultTolerationSeconds(o: DefaultTolerationSecondsOptions = {}): AdmissionPlugin {
  const add = [
    { key: NOT_READY_TAINT, seconds: o.notReadySeconds ?? 300 },
    { key: UNREACHABLE_TAINT, seconds: o.unreachableSeconds ?? 300 },
  ];
  return {
    name: 'DefaultTolerationSeconds',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    admit(a: Attributes) {
      if (!isResource(a, '', 'pods') || !a.object) return;
      const spec = (a.object.spec ??= {});
      const tolerations: { key?: string; effect?: string }[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
      const missing = add.filter(({ key }) => !tolerations.some((t) => t && tolerates(t, key)));
      if (!missing.length) return;
      spec.tolerations = [...tolerations, ...missing.map(({ key, seconds }) => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds }))];
    },
  };
}
