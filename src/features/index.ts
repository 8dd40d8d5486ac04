export { FeatureGateError, FeatureGates, isKnownGate, type GateState } from './feature-gates.js';
export { HONOURED_GATES, type HonouredGate } from './honoured.js';
export type { Stage } from './gate.js';
