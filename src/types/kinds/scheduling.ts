// scheduling.k8s.io/v1 PriorityClass.

import { kind, type KindDef } from '../kind.js';
import type { Obj } from '../kind.js';
import { SYSTEM_PRIORITY_CLASS_VALUES } from '../../registry/validation/scheduling.js';
import { PriorityClass } from '../schemas/scheduling.js';
import { generationOneOnCreate } from '../../registry/strategy-effects.js';

/** SetDefaults_PriorityClass. */
const defaultPreemptionPolicy = (pc: Obj) => {
  pc.preemptionPolicy ??= 'PreemptLowerPriority';
};

export const schedulingKinds: KindDef[] = [
  kind({
    group: 'scheduling.k8s.io', kind: 'PriorityClass', plural: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], namespaced: false, schema: PriorityClass,
    strategy: {
      prepareForCreate: (pc) => {
        generationOneOnCreate(pc);
        defaultPreemptionPolicy(pc);
      },
      prepareForUpdate: defaultPreemptionPolicy,
      // pkg/registry/scheduling/priorityclass/storage: the system classes can't be deleted.
      undeletable: (name) => (name in SYSTEM_PRIORITY_CLASS_VALUES ? 'this is a system priority class and cannot be deleted' : undefined),
    },
  }),
];
