// apiextensions.k8s.io/v1 CustomResourceDefinition.

import { kind, statusSubresource, type KindDef, type Obj } from '../kind.js';
import { CustomResourceDefinition } from '../schemas/apiextensions.js';

/** Upstream's PrepareForCreate/Update: the storage version joins status.storedVersions. */
function recordStoredVersion(crd: Obj): void {
  const versions: unknown[] = Array.isArray(crd.spec?.versions) ? crd.spec.versions : [];
  const storage = versions.find((v): v is Obj => typeof v === 'object' && v !== null && (v as Obj).storage === true);
  if (!storage) return;
  crd.status = crd.status && typeof crd.status === 'object' ? crd.status : {};
  const stored: unknown[] = Array.isArray(crd.status.storedVersions) ? crd.status.storedVersions : [];
  if (!stored.includes(storage.name)) crd.status.storedVersions = [...stored, storage.name];
}

export const apiextensionsKinds: KindDef[] = [
  kind({
    group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions', singular: 'customresourcedefinition',
    shortNames: ['crd', 'crds'], categories: ['api-extensions'], namespaced: false, subresources: [statusSubresource()],
    tracksGeneration: true, schema: CustomResourceDefinition,
    // The name must also be <spec.names.plural>.<spec.group> (spec validation, not declared here).
    nameRule: 'DNS1123Subdomain',
    strategy: {
      allowUnconditionalUpdate: false,
      prepareForCreate: recordStoredVersion,
      prepareForUpdate: (crd) => recordStoredVersion(crd),
    },
  }),
];
