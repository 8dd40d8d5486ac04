// certificates.k8s.io: CertificateSigningRequest (v1), and ClusterTrustBundle (v1beta1,
// v1alpha1) and PodCertificateRequest (v1alpha1), off by default.

import { fieldAt, kind, statusSubresource, type KindDef } from '../kind.js';
import { recordRequester } from '../../registry/strategy-effects.js';
import { CertificateSigningRequest, ClusterTrustBundleV1alpha1, ClusterTrustBundleV1beta1, PodCertificateRequestV1alpha1 } from '../schemas/certificates.js';
import { gated, sameShapeStorage, type GatedKindDef } from './gated.js';

const G = 'certificates.k8s.io';

export const certificatesKinds: KindDef[] = [
  kind({
    group: G, kind: 'CertificateSigningRequest', plural: 'certificatesigningrequests', singular: 'certificatesigningrequest', shortNames: ['csr'],
    namespaced: false, schema: CertificateSigningRequest,
    // Upstream: /approval changes status.conditions only, /status changes status but keeps the
    // conditions. SubresourceDef has no 'approval' type yet; 'status' is the nearest (a superset).
    subresources: [{ name: 'approval', verbs: ['get', 'patch', 'update'], type: 'status' }, statusSubresource()],
    fieldSelectors: { 'spec.signerName': fieldAt('spec.signerName') },
    // Upstream accepts any name (ValidateCertificateRequestName returns nothing); a path segment is the least a URL needs.
    nameRule: 'PathSegmentName',
    strategy: { prepareForCreate: recordRequester },
  }),
];

const clusterTrustBundle = {
  group: G, kind: 'ClusterTrustBundle', plural: 'clustertrustbundles', singular: 'clustertrustbundle', namespaced: false,
  fieldSelectors: { 'spec.signerName': fieldAt('spec.signerName') },
  // Names are "<signerName with / as :>:<suffix>" when spec.signerName is set (spec validation, not declared here).
  nameRule: 'PathSegmentName' as const,
};

/** Off by default. v1beta1 first (preferred, storing when enabled). */
export const certificatesGatedKinds: GatedKindDef[] = [
  gated(kind({ ...clusterTrustBundle, version: 'v1beta1', schema: ClusterTrustBundleV1beta1 })),
  gated(kind({ ...clusterTrustBundle, version: 'v1alpha1', schema: ClusterTrustBundleV1alpha1, storedAs: sameShapeStorage(G, 'clustertrustbundles') })),
  gated(kind({
    group: G, version: 'v1alpha1', kind: 'PodCertificateRequest', plural: 'podcertificaterequests', singular: 'podcertificaterequest', namespaced: true,
    subresources: [statusSubresource()], schema: PodCertificateRequestV1alpha1,
    fieldSelectors: { 'spec.signerName': fieldAt('spec.signerName'), 'spec.podName': fieldAt('spec.podName'), 'spec.nodeName': fieldAt('spec.nodeName') },
  })),
];
