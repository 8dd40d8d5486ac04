// scheduling.k8s.io/v1 PriorityClass.

import { kind, type KindDef } from '../kind.js';
import { PriorityClass } from '../schemas/scheduling.js';
import { generationOneOnCreate } from '../../registry/strategy-effects.js';

export const schedulingKinds: KindDef[] = [
  // system-cluster-critical and system-node-critical are built in and cannot be deleted (registry behaviour, not declared here).
  kind({ group: 'scheduling.k8s.io', kind: 'PriorityClass', plural: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], namespaced: false, schema: PriorityClass,
    strategy: { prepareForCreate: generationOneOnCreate } }),
];
