// node.k8s.io/v1 RuntimeClass.

import { kind, type KindDef } from '../kind.js';
import { RuntimeClass } from '../schemas/node.js';

export const nodeKinds: KindDef[] = [
  kind({
    group: 'node.k8s.io', kind: 'RuntimeClass', plural: 'runtimeclasses', singular: 'runtimeclass', namespaced: false, schema: RuntimeClass,
    strategy: { allowCreateOnUpdate: true, allowUnconditionalUpdate: false },
  }),
];
