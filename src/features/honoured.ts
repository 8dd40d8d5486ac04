// The feature gates skiff reads. Every gate a layer asks about must be named here (the
// FeatureGates.enabled signature takes only these names); each must be a real v1.34 gate.

export const HONOURED_GATES = {
  MutatingAdmissionPolicy: 'admissionregistration.k8s.io MutatingAdmissionPolicy(Binding) are served (with --runtime-config) and enforced',
  AllowUnsafeMalformedObjectDeletion: 'deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential deletes objects that cannot be decoded',
  StructuredAuthenticationConfiguration: '--authentication-config is accepted',
  StructuredAuthenticationConfigurationEgressSelector: 'JWT issuers in --authentication-config may name an egress selector',
  CBORServingAndStorage: 'application/cbor requests and responses, application/cbor-seq watches and application/apply-patch+cbor (storage stays JSON)',
  UserNamespacesPodSecurityStandards: 'PodSecurity relaxes the run-as-non-root and capability checks for pods with hostUsers: false',
} as const satisfies Record<string, string>;

export type HonouredGate = keyof typeof HONOURED_GATES;
