// discovery.k8s.io/v1 EndpointSlice.

import { kind, type KindDef, type Obj } from '../kind.js';
import { EndpointSlice } from '../schemas/discovery.js';

const sameLabels = (a: unknown, b: unknown): boolean => JSON.stringify(sortedEntries(a)) === JSON.stringify(sortedEntries(b));
const sortedEntries = (m: unknown) => (m && typeof m === 'object' ? Object.entries(m as Obj).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)) : []);

export const discoveryKinds: KindDef[] = [
  kind({
    group: 'discovery.k8s.io', kind: 'EndpointSlice', plural: 'endpointslices', singular: 'endpointslice', namespaced: true,
    tracksGeneration: true, schema: EndpointSlice,
    strategy: {
      // Upstream bumps the generation on any change but metadata, and on label changes too.
      prepareForUpdate(obj, old) {
        if (!sameLabels(obj.metadata?.labels, old.metadata?.labels)) obj.metadata.generation = (Number(old.metadata?.generation) || 0) + 1;
      },
    },
  }),
];
