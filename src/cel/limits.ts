// Upstream's CEL limits and cost constants (k8s.io/apiserver/pkg/apis/cel, pkg/cel/limits.go,
// apiextensions validation, cel-go common/cost.go).

/** Per-expression runtime cost limit (PerCallLimit): roughly 0.1 s of evaluation. */
export const PER_CALL_LIMIT = 1_000_000;
/** Runtime cost budget for all rules of one custom resource, or one policy binding (RuntimeCELCostBudget). */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;
/** Runtime cost budget for the match conditions of one webhook or policy. */
export const RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS = 2_500_000;
/** Largest estimated cost of one CRD validation rule (StaticEstimatedCostLimit). */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** Largest estimated total cost of all the validation rules of a CRD (StaticEstimatedCRDCostLimit). */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;
/** Comprehension iterations between interrupt checks (CheckFrequency). */
export const CHECK_FREQUENCY = 100;
/** Largest string a messageExpression may produce. */
export const MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE_BYTES = 5 * 1024;

export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
export const MAX_DURATION_SIZE_JSON = 32;
export const MAX_DATETIME_SIZE_JSON = 32;
export const MIN_DURATION_SIZE_JSON = 3;
export const JSON_DATE_SIZE = 12;
export const MIN_DATETIME_SIZE_JSON = 21;

// cel-go cost constants.
export const SELECT_AND_IDENT_COST = 1;
export const CONST_COST = 0;
export const LIST_CREATE_BASE_COST = 10;
export const MAP_CREATE_BASE_COST = 30;
export const STRUCT_CREATE_BASE_COST = 40;
export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;
/** Fixed cost of one authorizer check: two checks fit in one expression's limit. */
export const AUTHZ_CHECK_COST = 350_000;
