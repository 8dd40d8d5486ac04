// The shape of one feature gate, as component-base/featuregate declares it (feature_gate.go:
// FeatureSpec, VersionedSpecs, prerelease).

/** featuregate's prerelease; GA is the empty string in upstream's metric label. */
export type Stage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface GateSpec {
  /** The release from which this spec holds ("0.0" for client-go's unversioned gates). */
  readonly version: string;
  readonly stage: Stage;
  readonly default: boolean;
  /** Setting the gate to anything but its default is an error. */
  readonly lockToDefault?: boolean;
}

export interface UpstreamGate {
  readonly name: string;
  /** Oldest first; the last one is in force at the release the table was generated for. */
  readonly specs: readonly GateSpec[];
}

/** The spec in force: the newest one. */
export function currentSpec(gate: UpstreamGate): GateSpec {
  const spec = gate.specs[gate.specs.length - 1];
  if (!spec) throw new Error(`feature gate ${gate.name} has no spec`);
  return spec;
}
