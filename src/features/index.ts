export { FeatureGateError, FeatureGates, isKnownGate, knownFeatureOptions, type GateState } from './feature-gates.js';
export { HONOURED_GATES, type HonouredGate } from './honoured.js';
export type { Stage } from './gate.js';
