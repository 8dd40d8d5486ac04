// Compile-time checks of admission CEL expressions as apiserver/pkg/admission/plugin/cel
// performs them when a ValidatingAdmissionPolicy is written: the variables each kind of
// expression sees, the result types it must have, and upstream's error texts.

import { AUTHORIZER_TYPE, CelCompileError, CelEnvironment, Types, declFromTypeString, type DeclType } from '../../cel/index.js';

const RESOURCE_CHECK_TYPE = 'kubernetes.authorization.ResourceCheck';

function requestType(): DeclType {
  const gvk = Types.object('kubernetes.GroupVersionKind', { group: Types.string, version: Types.string, kind: Types.string });
  const gvr = Types.object('kubernetes.GroupVersionResource', { group: Types.string, version: Types.string, resource: Types.string });
  const userInfo = Types.object('kubernetes.UserInfo', {
    username: Types.string,
    uid: Types.string,
    groups: Types.listOf(Types.string),
    extra: Types.mapOf(Types.listOf(Types.string)),
  });
  return Types.object('kubernetes.AdmissionRequest', {
    kind: gvk,
    resource: gvr,
    subResource: Types.string,
    requestKind: gvk,
    requestResource: gvr,
    requestSubResource: Types.string,
    name: Types.string,
    namespace: Types.string,
    operation: Types.string,
    userInfo,
    dryRun: Types.bool,
    options: Types.dyn,
  });
}

function namespaceType(): DeclType {
  const condition = Types.object('kubernetes.NamespaceCondition', {
    status: Types.string,
    type: Types.string,
    lastTransitionTime: Types.timestamp,
    message: Types.string,
    reason: Types.string,
  });
  return Types.object('kubernetes.Namespace', {
    metadata: Types.object('kubernetes.NamespaceMetadata', {
      name: Types.string,
      generateName: Types.string,
      namespace: Types.string,
      labels: Types.mapOf(Types.string),
      annotations: Types.mapOf(Types.string),
      UID: Types.string,
      creationTimestamp: Types.timestamp,
      deletionGracePeriodSeconds: Types.int,
      deletionTimestamp: Types.timestamp,
      generation: Types.int,
      resourceVersion: Types.string,
      finalizers: Types.listOf(Types.string),
    }),
    spec: Types.object('kubernetes.NamespaceSpec', { finalizers: Types.listOf(Types.string) }),
    status: Types.object('kubernetes.NamespaceStatus', { conditions: Types.listOf(condition), phase: Types.string }),
  });
}

// One declaration (so one runtime class) for every environment: values built for one
// environment are accepted by the others (a policy's variables, validations, messages).
// Built when the first policy compiles, not at start (~4 ms).
let requestAndNamespaceTypes: { request: DeclType; namespaceObject: DeclType } | undefined;
const sharedTypes = () => (requestAndNamespaceTypes ??= { request: requestType(), namespaceObject: namespaceType() });

/** plugincel.OptionalVariableDeclarations plus the composited variables in scope. */
export interface CelDeclarations {
  hasParams: boolean;
  hasAuthorizer: boolean;
  /** Composition variables (name → cel-go result type), when the policy declares variables. */
  variables?: ReadonlyMap<string, string>;
  /** The `Object`/`JSONPatch` types and `jsonpatch` library of mutations (MutatingAdmissionPolicy). */
  hasPatchTypes?: boolean;
  /** Schema-derived types of `object`/`oldObject` and `params` (type checking against matched kinds); dyn otherwise. */
  types?: { object?: DeclType; params?: DeclType };
}

const VariablesClass = { 'kubernetes.variables': class {} }['kubernetes.variables']!;

/** cel-go type spelling (list(string), map(string, int)) to a declared type; objects become dyn. */
function declFromCelGoType(t: string): DeclType {
  const js = t.replace(/\b(list|map)\(/g, '$1<').replace(/\)/g, '>').replace(/\bnull_type\b/g, 'null');
  const d = declFromTypeString(js);
  const plain = (x: DeclType): boolean =>
    x.kind === 'scalar' || (x.kind === 'list' && plain(x.elem)) || (x.kind === 'map' && plain(x.key) && plain(x.value));
  return plain(d) ? d : Types.dyn;
}

/** The CEL environment of admission policy expressions with these declarations (also used to evaluate them). */
export function admissionEnvironment(decls: CelDeclarations): CelEnvironment {
  const vars: Record<string, DeclType> = {
    object: decls.types?.object ?? Types.dyn,
    oldObject: decls.types?.object ?? Types.dyn,
    ...sharedTypes(),
  };
  if (decls.hasParams) vars.params = decls.types?.params ?? Types.dyn;
  if (decls.hasAuthorizer) {
    vars.authorizer = Types.opaque(AUTHORIZER_TYPE);
    vars['authorizer.requestResource'] = Types.opaque(RESOURCE_CHECK_TYPE);
  }
  if (decls.variables) {
    const fields: Record<string, DeclType> = {};
    for (const [name, type] of decls.variables) fields[name] = declFromCelGoType(type);
    const decl = Types.object('kubernetes.variables', fields);
    // Every environment of one policy (each variable sees the ones before it) shares the
    // runtime class, so one lazily evaluated `variables` value serves them all.
    if (decl.kind === 'object') decl.ctor = VariablesClass;
    vars.variables = decl;
  }
  return new CelEnvironment({ variables: vars, authorizerSelectors: true, patchTypes: decls.hasPatchTypes });
}

export interface CelCheckResult {
  /** Upstream's cel.Error detail, e.g. "compilation failed: ERROR: <input>:1:1: ..." or "must evaluate to bool". */
  error?: string;
  /** The checked result type (cel-go spelling), when compiled. */
  outputType?: string;
}

/**
 * CompileCELExpression: compile against the declarations and require one of the result
 * types ('any' accepts every type).
 */
export function checkExpression(expression: string, decls: CelDeclarations, returnTypes: string[] | 'any'): CelCheckResult {
  let outputType: string;
  try {
    outputType = admissionEnvironment(decls).compile(expression).outputType;
  } catch (e) {
    if (e instanceof CelCompileError) return { error: `compilation failed: ${e.message}` };
    return { error: `compilation failed: ${(e as Error).message}` };
  }
  if (returnTypes !== 'any' && !returnTypes.includes(outputType)) {
    const reason = returnTypes.length === 1 ? `must evaluate to ${returnTypes[0]}` : `must evaluate to one of [${returnTypes.join(' ')}]`;
    return { error: reason, outputType };
  }
  return { outputType };
}
