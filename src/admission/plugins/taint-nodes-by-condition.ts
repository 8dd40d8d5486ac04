// TaintNodesByCondition (upstream plugin/pkg/admission/nodetaint): a new Node starts with the
// node.kubernetes.io/not-ready:NoSchedule taint; the node lifecycle controller removes it once
// the node reports Ready.

import { isResource } from '../errors.js';
import type { AdmissionPlugin } from '../types.js';
import { NOT_READY_TAINT } from './default-toleration-seconds.js';

export function taintNodesByCondition(): AdmissionPlugin {
  return {
    name: 'TaintNodesByCondition',
    handles: (op) => op === 'CREATE',
    admit(a) {
      if (!isResource(a, '', 'nodes') || !a.object) return;
      const spec = (a.object.spec ??= {});
      const taints: { key?: string; effect?: string }[] = Array.isArray(spec.taints) ? spec.taints : [];
      if (taints.some((t) => t?.key === NOT_READY_TAINT && t.effect === 'NoSchedule')) return;
      spec.taints = [...taints, { key: NOT_READY_TAINT, effect: 'NoSchedule' }];
    },
  };
}
