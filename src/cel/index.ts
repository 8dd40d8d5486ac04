// Public API of the CEL layer: environments with the Kubernetes libraries, compilation with
// type checking and cost estimation, evaluation under cost limits, schema-derived types.
export {CelEnvironment, CelProgram, costExceedsMessage} from './env.js';
export type {Activation, CelEnvironmentOptions, CelLibraryOptions, CompileOptions, CostBudget, EvaluateOptions,
  EvaluationResult, ExtraLibrary} from './env.js';
export type {CostEstimate} from './cost.js';
export {MAX_UINT64} from './cost.js';
export {CelCompileError, CelEvaluationError, renderIssue} from './errors.js';
export type {CelIssue} from './errors.js';
export {schemaToDeclType, toCelValue, jsonToCel, parseGoDuration} from './schema.js';
export type {OpenAPISchema, SchemaToTypeOptions} from './schema.js';
export {Types, celJsTypeName, formatCelGoType, declFromTypeString} from './types.js';
export type {DeclType, FieldDecl, ListDecl, MapDecl, ObjectDecl, OpaqueDecl, ScalarDecl, ScalarName} from './types.js';
export {escapePropertyName, unescapePropertyName} from './escaping.js';
export {CelTimestamp, formatDuration, formatTimestamp, parseTimestamp, timestampNanos} from './timestamp.js';
export {CelMap, listSemantics, withListSemantics} from './values.js';
export type {ListSemantics} from './values.js';
export {celToJSON} from './to-json.js';
export {AuthorizerValue, AUTHORIZER_TYPE, ResourceCheckValue, serviceAccountUser} from './libs/authz.js';
export type {CelAuthorizationAttributes, CelAuthorizationDecision, CelAuthorizer, CelDecisionKind, CelUserInfo} from './libs/authz.js';
export {COST_LIMIT_EXCEEDED} from './runtime-cost.js';
export * from './limits.js';
export {CelObjectValue, CelJsonPatchValue, escapeJsonPointerKey} from './libs/patch-types.js';
