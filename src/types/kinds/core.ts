// core/v1 kinds missing from ../core.ts.

import { kind, type KindDef } from '../kind.js';

const G = '';

export const coreExtraKinds: KindDef[] = [
  // POST /api/v1/namespaces/{ns}/bindings binds a pod to a node (as pods/binding does); not stored.
  kind({ group: G, kind: 'Binding', plural: 'bindings', singular: 'binding', namespaced: true, verbs: ['create'] }),
  // Computed on read from the health of the control-plane components; not stored. Deprecated, still served.
  kind({ group: G, kind: 'ComponentStatus', plural: 'componentstatuses', singular: 'componentstatus', shortNames: ['cs'], namespaced: false, verbs: ['get', 'list'], deprecationWarning: 'v1 ComponentStatus is deprecated in v1.19+' }),
];
