// The resolved --feature-gates of one server, with component-base/featuregate's rules
// (feature_gate.go unsafeSetFromMap, setUnsetAlphaGates/setUnsetBetaGates, Enabled; and
// compatibility/registry.go Set for the "kube:" component prefix):
//   - a name kube-apiserver v1.34 does not know fails with "unrecognized feature gate: X";
//   - a gate locked to its default (GA or deprecated at their end) cannot be set otherwise;
//   - AllAlpha / AllBeta set every alpha / beta gate not named explicitly;
//   - setting a GA or deprecated gate succeeds with a warning.

import { currentSpec, type Stage } from './gate.js';
import type { HonouredGate } from './honoured.js';
import { UPSTREAM_GATES } from './upstream-gates.js';

const ALL_ALPHA = 'AllAlpha';
const ALL_BETA = 'AllBeta';
const DEFAULT_COMPONENT = 'kube';

/** featuregate's special gates are themselves an alpha and a beta gate, default off. */
const SPECIAL: Readonly<Record<string, { stage: Stage; applies: Stage }>> = {
  [ALL_ALPHA]: { stage: 'ALPHA', applies: 'ALPHA' },
  [ALL_BETA]: { stage: 'BETA', applies: 'BETA' },
};

interface KnownGate {
  readonly stage: Stage;
  readonly default: boolean;
  readonly lockToDefault: boolean;
}

const KNOWN: ReadonlyMap<string, KnownGate> = new Map([
  ...UPSTREAM_GATES.map((g): [string, KnownGate] => {
    const s = currentSpec(g);
    return [g.name, { stage: s.stage, default: s.default, lockToDefault: s.lockToDefault ?? false }];
  }),
  ...Object.entries(SPECIAL).map(([name, s]): [string, KnownGate] => [name, { stage: s.stage, default: false, lockToDefault: false }]),
]);

/** The flag's value is rejected; `message` is upstream's error text (errors aggregated as utilerrors does). */
export class FeatureGateError extends Error {
  constructor(readonly errors: readonly string[]) {
    super(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
    this.name = 'FeatureGateError';
  }
}

export interface GateState {
  readonly name: string;
  readonly stage: Stage;
  readonly enabled: boolean;
}

export class FeatureGates {
  private constructor(
    private readonly values: ReadonlyMap<string, boolean>,
    /** Warnings upstream logs while setting the gates (GA and deprecated gates set explicitly). */
    readonly warnings: readonly string[],
  ) {}

  /** Every gate at its v1.34 default. */
  static defaults(): FeatureGates {
    return new FeatureGates(new Map(), []);
  }

  /**
   * Resolves the parsed flag ("Name" or "kube:Name" → bool, in the order given). Throws
   * FeatureGateError with upstream's message when a name is unknown or a locked gate is set
   * to something else.
   */
  static fromFlag(flag: Readonly<Record<string, boolean>>): FeatureGates {
    const explicit = new Map<string, boolean>();
    for (const [key, value] of Object.entries(flag)) {
      const colon = key.indexOf(':');
      const component = colon < 0 ? DEFAULT_COMPONENT : key.slice(0, colon).trim();
      if (component !== DEFAULT_COMPONENT) throw new FeatureGateError([`component not registered: ${component}`]);
      explicit.set(colon < 0 ? key : key.slice(colon + 1).trim(), value);
    }
    const errors: string[] = [];
    const warnings: string[] = [];
    const values = new Map<string, boolean>();
    for (const [name, value] of explicit) {
      const known = KNOWN.get(name);
      // Upstream stops at the first unknown name.
      if (!known) throw new FeatureGateError([`unrecognized feature gate: ${name}`]);
      if (known.lockToDefault && known.default !== value) {
        errors.push(`cannot set feature gate ${name} to ${value}, feature is locked to ${known.default}`);
        continue;
      }
      values.set(name, value);
      if (known.stage === 'DEPRECATED') warnings.push(`Setting deprecated feature gate ${name}=${value}. It will be removed in a future release.`);
      else if (known.stage === 'GA') warnings.push(`Setting GA feature gate ${name}=${value}. It will be removed in a future release.`);
    }
    if (errors.length > 0) throw new FeatureGateError(errors);
    for (const [special, { applies }] of Object.entries(SPECIAL)) {
      const value = values.get(special);
      if (value === undefined) continue;
      for (const [name, known] of KNOWN) {
        if (known.stage === applies && !(name in SPECIAL) && !explicit.has(name)) values.set(name, value);
      }
    }
    return new FeatureGates(values, warnings);
  }

  /** Accepts either an already resolved set or the flag's map (in-process callers and tests). */
  static from(gates: FeatureGates | Readonly<Record<string, boolean>> | undefined): FeatureGates {
    if (gates instanceof FeatureGates) return gates;
    return gates ? FeatureGates.fromFlag(gates) : FeatureGates.defaults();
  }

  enabled(name: HonouredGate): boolean {
    return this.isEnabled(name);
  }

  /** Every gate kube-apiserver v1.34 knows, with its stage and value (kubernetes_feature_enabled). */
  all(): GateState[] {
    return [...KNOWN].map(([name, known]) => ({ name, stage: known.stage, enabled: this.isEnabled(name) }));
  }

  private isEnabled(name: string): boolean {
    const explicit = this.values.get(name);
    if (explicit !== undefined) return explicit;
    const known = KNOWN.get(name);
    if (!known) throw new Error(`feature ${JSON.stringify(name)} is not registered in FeatureGate`);
    return known.default;
  }
}

/**
 * The gates --help lists (featuregate KnownFeatures, prefixed by the component as
 * compatibility/registry.go does): alpha and beta ones and the two special gates, sorted.
 */
export function knownFeatureOptions(): string[] {
  return [...KNOWN]
    .filter(([, g]) => g.stage === 'ALPHA' || g.stage === 'BETA')
    .map(([name, g]) => `${name}=true|false (${g.stage} - default=${g.default})`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((s) => `${DEFAULT_COMPONENT}:${s}`);
}

/** True when kube-apiserver v1.34 registers a gate of this name. */
export function isKnownGate(name: string): boolean {
  return KNOWN.has(name);
}
