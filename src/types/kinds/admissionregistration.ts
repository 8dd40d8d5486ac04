// admissionregistration.k8s.io kinds missing from ../groups.ts: the two webhook
// configurations (v1), and MutatingAdmissionPolicy with its binding (v1beta1, v1alpha1;
// off by default). Schemas of the v1 kinds come from ../schemas/admissionregistration.ts.

import { kind, type KindDef } from '../kind.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';
import { admissionregistrationV1alpha1, admissionregistrationV1beta1 } from '../schemas/admissionregistration.js';

const G = 'admissionregistration.k8s.io';
const API_EXTENSIONS = ['api-extensions'];

export const admissionregistrationKinds: KindDef[] = [
  // Generation counts changes of .webhooks; unconditional updates are refused.
  kind({
    group: G, kind: 'MutatingWebhookConfiguration', plural: 'mutatingwebhookconfigurations', singular: 'mutatingwebhookconfiguration',
    categories: API_EXTENSIONS, namespaced: false, tracksGeneration: true, strategy: { allowUnconditionalUpdate: false },
  }),
  kind({
    group: G, kind: 'ValidatingWebhookConfiguration', plural: 'validatingwebhookconfigurations', singular: 'validatingwebhookconfiguration',
    categories: API_EXTENSIONS, namespaced: false, tracksGeneration: true, strategy: { allowUnconditionalUpdate: false },
  }),
];

/** Served only with the MutatingAdmissionPolicy feature gate on as well (upstream registers the storage behind it). */
const MAP_GATE = 'MutatingAdmissionPolicy';
const schemasOf = (version: string) => (version === 'v1beta1' ? admissionregistrationV1beta1 : admissionregistrationV1alpha1);

const policy = (version: string, storage?: boolean): GatedKindDef => ({ ...gated(kind({
  group: G, version, kind: 'MutatingAdmissionPolicy', plural: 'mutatingadmissionpolicies', singular: 'mutatingadmissionpolicy',
  categories: API_EXTENSIONS, namespaced: false, tracksGeneration: true, schema: schemasOf(version).MutatingAdmissionPolicy,
  ...(storage ? {} : { storedAs: sameShapeStorage(G, 'mutatingadmissionpolicies') }),
})), featureGate: MAP_GATE });
const binding = (version: string, storage?: boolean): GatedKindDef => ({ ...gated(kind({
  group: G, version, kind: 'MutatingAdmissionPolicyBinding', plural: 'mutatingadmissionpolicybindings', singular: 'mutatingadmissionpolicybinding',
  categories: API_EXTENSIONS, namespaced: false, tracksGeneration: true, schema: schemasOf(version).MutatingAdmissionPolicyBinding,
  ...(storage ? {} : { storedAs: sameShapeStorage(G, 'mutatingadmissionpolicybindings') }),
})), featureGate: MAP_GATE });

/** Off by default; v1beta1 first (preferred when both are enabled). v1alpha1 has the v1beta1 shape. */
export const admissionregistrationGatedKinds: GatedKindDef[] = [policy('v1beta1', true), binding('v1beta1', true), policy('v1alpha1'), binding('v1alpha1')];
