// admissionregistration.k8s.io/v1: ValidatingAdmissionPolicy and its binding, and the
// two webhook configuration kinds (pkg/apis/admissionregistration/validation).

import { validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1035Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation.js';
import { checkExpression, type CelDeclarations } from './admission-cel.js';
import {
  fieldErr,
  isFullyQualifiedName,
  isSet,
  isValidPortNum,
  obj,
  objs,
  optNum,
  semanticEqual,
  str,
  strs,
  validateConditions,
  validateQualifiedName,
  type FieldErrors,
  type Obj,
} from './util.js';

export const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
// Upstream accepts Forbidden, Invalid and RequestEntityTooLarge; the service's reference also lists Unauthorized.
const VALIDATION_REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge', 'Unauthorized'];
const VALIDATION_ACTIONS = ['Audit', 'Deny', 'Warn'];
const MAX_AUDIT_ANNOTATIONS = 20;
const MAX_AUDIT_VALUE_EXPRESSION_LENGTH = 5 * 1024;
const CEL_RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

const hasWildcard = (l: string[]) => l.includes('*');
const hasNewlines = (s: string) => /[\n\r]/.test(s);
export const isCELIdentifier = (s: string) => /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(s) && !CEL_RESERVED.has(s);

// ---- rules ----

function validateResources(resources: string[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (resources.length === 0) errs.push(fieldErr.required(path, ''));
  const resWithWildcardSub = new Set<string>();
  const subWithWildcardRes = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let resourceWithoutSub = false;
  resources.forEach((rs, i) => {
    if (rs === '') {
      errs.push(fieldErr.required(`${path}[${i}]`, ''));
      return;
    }
    if (rs === '*/*') doubleWildcard = true;
    if (rs === '*') singleWildcard = true;
    const slash = rs.indexOf('/');
    if (slash < 0) {
      resourceWithoutSub = rs !== '*';
      return;
    }
    const res = rs.slice(0, slash);
    const sub = rs.slice(slash + 1);
    if (resWithWildcardSub.has(res)) errs.push(fieldErr.invalid(`${path}[${i}]`, rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (subWithWildcardRes.has(sub)) errs.push(fieldErr.invalid(`${path}[${i}]`, rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === '*') resWithWildcardSub.add(res);
    if (res === '*') subWithWildcardRes.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) errs.push(fieldErr.invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && resourceWithoutSub) errs.push(fieldErr.invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

function validateRuleWithOperations(rule: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const ops = strs(rule.operations);
  if (ops.length === 0) errs.push(fieldErr.required(`${path}.operations`, ''));
  if (ops.length > 1 && hasWildcard(ops)) errs.push(fieldErr.invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errs.push(fieldErr.notSupported(`${path}.operations[${i}]`, op, OPERATIONS));
  });
  const groups = strs(rule.apiGroups);
  if (groups.length === 0) errs.push(fieldErr.required(`${path}.apiGroups`, ''));
  if (groups.length > 1 && hasWildcard(groups)) errs.push(fieldErr.invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  const versions = strs(rule.apiVersions);
  if (versions.length === 0) errs.push(fieldErr.required(`${path}.apiVersions`, ''));
  if (versions.length > 1 && hasWildcard(versions)) errs.push(fieldErr.invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldErr.required(`${path}.apiVersions[${i}]`, ''));
  });
  errs.push(...validateResources(strs(rule.resources), `${path}.resources`));
  if (isSet(rule.scope) && !SCOPES.includes(str(rule.scope))) errs.push(fieldErr.notSupported(`${path}.scope`, str(rule.scope), SCOPES));
  return errs;
}

function validateNamedRuleWithOperations(rule: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const names = new Set<string>();
  strs(rule.resourceNames).forEach((n, i) => {
    for (const m of isValidPathSegmentName(n)) errs.push(fieldErr.invalid(`${path}.resourceNames[${i}]`, n, m));
    if (names.has(n)) errs.push(fieldErr.duplicate(`${path}.resourceNames[${i}]`, n));
    else names.add(n);
  });
  errs.push(...validateRuleWithOperations(rule, path));
  return errs;
}

export function validateMatchResources(mr: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (!isSet(mr.matchPolicy)) errs.push(fieldErr.required(`${path}.matchPolicy`, ''));
  else if (!MATCH_POLICIES.includes(str(mr.matchPolicy))) errs.push(fieldErr.notSupported(`${path}.matchPolicy`, str(mr.matchPolicy), MATCH_POLICIES));
  for (const f of ['namespaceSelector', 'objectSelector']) {
    if (!isSet(mr[f])) errs.push(fieldErr.required(`${path}.${f}`, ''));
    else errs.push(...validateMetav1LabelSelector(obj(mr[f]), `${path}.${f}`));
  }
  objs(mr.resourceRules).forEach((r, i) => errs.push(...validateNamedRuleWithOperations(r, `${path}.resourceRules[${i}]`)));
  objs(mr.excludeResourceRules).forEach((r, i) => errs.push(...validateNamedRuleWithOperations(r, `${path}.excludeResourceRules[${i}]`)));
  return errs;
}

// ---- CEL-bearing fields ----

export function celError(path: string, value: string, error: string): FieldErrors {
  return [fieldErr.invalid(path, value, error)];
}

export function validateMatchConditions(conditions: Obj[], allowParams: boolean, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (conditions.length > 64) errs.push(fieldErr.tooMany(path, conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((mc, i) => {
    const p = `${path}[${i}]`;
    const expr = str(mc.expression).trim();
    if (expr.length === 0) errs.push(fieldErr.required(`${p}.expression`, ''));
    else {
      const r = checkExpression(expr, { hasParams: allowParams, hasAuthorizer: true }, ['bool']);
      if (r.error) errs.push(...celError(`${p}.expression`, expr, r.error));
    }
    const name = str(mc.name);
    if (name.length === 0) errs.push(fieldErr.required(`${p}.name`, ''));
    else errs.push(...validateQualifiedName(name, `${p}.name`));
    if (name.length > 0) {
      if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
      else names.add(name);
    }
  });
  return errs;
}

function validateValidation(v: Obj, decls: CelDeclarations, messageDecls: CelDeclarations, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const expression = str(v.expression);
  const message = str(v.message);
  const messageExpression = str(v.messageExpression);
  const trimmedMsg = message.trim();
  if (expression.trim().length === 0) errs.push(fieldErr.required(`${path}.expression`, 'expression is not specified'));
  else {
    const r = checkExpression(expression, decls, ['bool']);
    if (r.error) errs.push(...celError(`${path}.expression`, expression, r.error));
  }
  if (messageExpression.length > 0 && messageExpression.trim().length === 0) {
    errs.push(fieldErr.invalid(`${path}.messageExpression`, messageExpression, 'must be non-empty if specified'));
  } else if (messageExpression.trim().length !== 0) {
    const r = checkExpression(messageExpression, messageDecls, ['string']);
    if (r.error) errs.push(...celError(`${path}.messageExpression`, messageExpression, r.error));
  }
  if (message.length > 0 && trimmedMsg.length === 0) errs.push(fieldErr.invalid(`${path}.message`, message, 'message must be non-empty if specified'));
  else if (hasNewlines(trimmedMsg)) errs.push(fieldErr.invalid(`${path}.message`, message, 'message must not contain line breaks'));
  else if (trimmedMsg === '' && hasNewlines(expression.trim())) {
    errs.push(fieldErr.required(`${path}.message`, 'message must be specified if expression contains line breaks'));
  }
  if (isSet(v.reason) && !VALIDATION_REASONS.includes(str(v.reason))) errs.push(fieldErr.notSupported(`${path}.reason`, str(v.reason), VALIDATION_REASONS));
  return errs;
}

function validateAuditAnnotation(policyName: string, a: Obj, decls: CelDeclarations, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const k = str(a.key);
  if (policyName.length !== 0) errs.push(...validateQualifiedName(`${policyName}/${k}`, `${path}.key`));
  else errs.push(fieldErr.invalid(`${path}.key`, k, 'requires metadata.name be non-empty'));
  const valueExpression = str(a.valueExpression);
  const trimmed = valueExpression.trim();
  if (trimmed.length === 0) errs.push(fieldErr.required(`${path}.valueExpression`, 'valueExpression is not specified'));
  else if (Buffer.byteLength(trimmed) > MAX_AUDIT_VALUE_EXPRESSION_LENGTH) {
    errs.push(fieldErr.required(`${path}.valueExpression`, `must not exceed ${MAX_AUDIT_VALUE_EXPRESSION_LENGTH} bytes in length`));
  } else {
    const r = checkExpression(trimmed, decls, ['string', 'null_type']);
    if (r.error) errs.push(fieldErr.invalid(`${path}.valueExpression`, valueExpression, r.error));
  }
  return errs;
}

export function validateParamKind(pk: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const apiVersion = str(pk.apiVersion);
  if (apiVersion.length === 0) errs.push(fieldErr.required(`${path}.apiVersion`, ''));
  else {
    const slashes = apiVersion.split('/').length - 1;
    if (apiVersion !== '/' && slashes > 1) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
    else {
      const [g, v] = apiVersion === '/' ? ['', ''] : slashes === 0 ? ['', apiVersion] : (apiVersion.split('/') as [string, string]);
      if (g.length > 0) {
        const e = isDNS1123Subdomain(g);
        if (e.length) errs.push(fieldErr.invalid(`${path}.apiVersion`, g, e.join(',')));
      }
      if (v.length === 0) errs.push(fieldErr.invalid(`${path}.apiVersion`, apiVersion, 'version must be specified'));
      else {
        const e = isDNS1035Label(v);
        if (e.length) errs.push(fieldErr.invalid(`${path}.apiVersion`, v, e.join(',')));
      }
    }
  }
  const kind = str(pk.kind);
  if (kind.length === 0) errs.push(fieldErr.required(`${path}.kind`, ''));
  else {
    const e = isDNS1035Label(kind.toLowerCase());
    if (e.length) errs.push(fieldErr.invalid(`${path}.kind`, kind, 'may have mixed case, but should otherwise match: ' + e.join(',')));
  }
  return errs;
}

/** spec.variables: each a CEL identifier with an expression that compiles seeing the ones before it; returns their types. */
export function validateVariables(variables: Obj[], hasParams: boolean): { errs: FieldErrors; composition?: Map<string, string> } {
  const errs: FieldErrors = [];
  const composition = variables.length > 0 ? new Map<string, string>() : undefined;
  variables.forEach((v, i) => {
    const p = `spec.variables[${i}]`;
    const vname = str(v.name);
    const expr = str(v.expression);
    if (vname.trim() === '') errs.push(fieldErr.required(`${p}.name`, 'name is not specified'));
    else if (!isCELIdentifier(vname)) errs.push(fieldErr.invalid(`${p}.name`, vname, 'name is not a valid CEL identifier'));
    let type = 'dyn';
    if (expr.trim() === '') errs.push(fieldErr.required(`${p}.expression`, 'expression is not specified'));
    else {
      const r = checkExpression(expr, { hasParams, hasAuthorizer: true, variables: new Map(composition) }, 'any');
      if (r.error) errs.push(...celError(`${p}.expression`, expr, r.error));
      else type = r.outputType ?? 'dyn';
    }
    composition!.set(vname, type);
  });

  return { errs, composition };
}

/** What the start of a policy spec yields to the checks of its own kind. */
export interface PolicySpecPrologue {
  errs: FieldErrors;
  hasParams: boolean;
  /** The variables' CEL types, in declaration order. */
  composition?: Map<string, string>;
}

/**
 * The checks a ValidatingAdmissionPolicy and a MutatingAdmissionPolicy spec share, in
 * upstream's order (validation.go: validateValidatingAdmissionPolicySpec,
 * validateMutatingAdmissionPolicySpec): failurePolicy, paramKind, matchConstraints,
 * matchConditions, variables. checkMatchConstraints adds a kind's own checks of a set
 * matchConstraints.
 */
export function validatePolicySpecPrologue(
  spec: Obj,
  ignoreMatchConditions: boolean,
  checkMatchConstraints: (mc: Obj) => FieldErrors = () => [],
): PolicySpecPrologue {
  const errs: FieldErrors = [];
  if (!isSet(spec.failurePolicy)) errs.push(fieldErr.required('spec.failurePolicy', ''));
  else if (!FAILURE_POLICIES.includes(str(spec.failurePolicy))) errs.push(fieldErr.notSupported('spec.failurePolicy', str(spec.failurePolicy), FAILURE_POLICIES));
  const hasParams = isSet(spec.paramKind);
  if (hasParams) errs.push(...validateParamKind(obj(spec.paramKind), 'spec.paramKind'));
  if (!isSet(spec.matchConstraints)) errs.push(fieldErr.required('spec.matchConstraints', ''));
  else {
    const mc = obj(spec.matchConstraints);
    errs.push(...validateMatchResources(mc, 'spec.matchConstraints'));
    // At least one resource rule gives the expressions their type information.
    if (objs(mc.resourceRules).length === 0) errs.push(fieldErr.required('spec.matchConstraints.resourceRules', ''));
    errs.push(...checkMatchConstraints(mc));
  }
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(objs(spec.matchConditions), hasParams, 'spec.matchConditions'));
  const { errs: variableErrs, composition } = validateVariables(objs(spec.variables), hasParams);
  errs.push(...variableErrs);
  return { errs, hasParams, composition };
}

function validatePolicySpec(name: string, spec: Obj, ignoreMatchConditions: boolean): FieldErrors {
  const { errs, hasParams, composition } = validatePolicySpecPrologue(spec, ignoreMatchConditions);

  const decls: CelDeclarations = { hasParams, hasAuthorizer: true, variables: composition };
  const messageDecls: CelDeclarations = { hasParams, hasAuthorizer: false, variables: composition };
  const validations = objs(spec.validations);
  const audit = objs(spec.auditAnnotations);
  if (validations.length === 0 && audit.length === 0) {
    errs.push(fieldErr.required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
    errs.push(fieldErr.required('spec.auditAnnotations', 'validations or auditAnnotations must contain at least one item'));
  } else {
    validations.forEach((v, i) => errs.push(...validateValidation(v, decls, messageDecls, `spec.validations[${i}]`)));
    if (isSet(spec.auditAnnotations)) {
      if (audit.length > MAX_AUDIT_ANNOTATIONS) {
        errs.push(fieldErr.invalid('spec.auditAnnotations', spec.auditAnnotations, `must not have more than ${MAX_AUDIT_ANNOTATIONS} auditAnnotations`));
      }
      const keys = new Set<string>();
      audit.forEach((a, i) => {
        const p = `spec.auditAnnotations[${i}]`;
        errs.push(...validateAuditAnnotation(name, a, decls, p));
        if (keys.has(str(a.key))) errs.push(fieldErr.duplicate(`${p}.key`, str(a.key)));
        keys.add(str(a.key));
      });
    }
  }
  return errs;
}

function validatePolicyStatus(status: Obj): FieldErrors {
  const errs: FieldErrors = [];
  if (isSet(status.typeChecking)) {
    objs(obj(status.typeChecking).expressionWarnings).forEach((w, i) => {
      const p = `status.typeChecking.expressionWarnings[${i}]`;
      if (str(w.warning) === '') errs.push(fieldErr.required(`${p}.warning`, ''));
      if (str(w.fieldRef).trim() === '') errs.push(fieldErr.required(`${p}.fieldRef`, ''));
    });
  }
  errs.push(...validateConditions(status.conditions, 'status.conditions'));
  return errs;
}

export function validateValidatingAdmissionPolicy(p: Obj): FieldErrors {
  return validatePolicySpec(str(obj(p.metadata).name), obj(p.spec), false);
}

export function validateValidatingAdmissionPolicyUpdate(p: Obj, old: Obj): FieldErrors {
  const spec = obj(p.spec);
  const oldSpec = obj(old.spec);
  // Unchanged match conditions (with an unchanged paramKind) are not compiled again.
  const ignore = semanticEqual(spec.paramKind, oldSpec.paramKind) && semanticEqual(spec.matchConditions, oldSpec.matchConditions);
  return [...validatePolicySpec(str(obj(p.metadata).name), spec, ignore), ...validatePolicyStatus(obj(p.status))];
}

// ---- ValidatingAdmissionPolicyBinding ----

export function validateParamRef(pr: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(pr.name);
  if (name.length > 0) {
    for (const m of isValidPathSegmentName(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
    if (isSet(pr.selector)) errs.push(fieldErr.forbidden(`${path}.name`, 'name and selector are mutually exclusive'));
  }
  if (isSet(pr.selector)) {
    errs.push(...validateMetav1LabelSelector(obj(pr.selector), `${path}.selector`));
    if (name.length > 0) errs.push(fieldErr.forbidden(`${path}.selector`, 'name and selector are mutually exclusive'));
  }
  if (name.length === 0 && !isSet(pr.selector)) errs.push(fieldErr.required(path, 'one of name or selector must be specified'));
  const action = str(pr.parameterNotFoundAction);
  if (action.length === 0) errs.push(fieldErr.required(`${path}.parameterNotFoundAction`, ''));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(fieldErr.notSupported(`${path}.parameterNotFoundAction`, action, ['Deny', 'Allow']));
  return errs;
}

function validateValidationActions(actions: string[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!VALIDATION_ACTIONS.includes(a)) errs.push(fieldErr.notSupported(`${path}[${i}]`, a, VALIDATION_ACTIONS));
    if (seen.has(a)) errs.push(fieldErr.duplicate(`${path}[${i}]`, a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errs.push(fieldErr.invalid(path, actions, 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  }
  if (seen.size === 0) errs.push(fieldErr.required(path, 'at least one validation action is required'));
  return errs;
}

/**
 * What both policy bindings check first: policyName, paramRef and matchResources (reported
 * at `matchResourcesPath`, then the kind's own `matchResourcesCheck`).
 */
export function validatePolicyBindingPrologue(spec: Obj, matchResourcesPath: string, matchResourcesCheck?: (mr: Obj) => FieldErrors): FieldErrors {
  const errs: FieldErrors = [];
  const policyName = str(spec.policyName);
  if (policyName.length === 0) errs.push(fieldErr.required('spec.policyName', ''));
  else for (const m of isDNS1123Subdomain(policyName)) errs.push(fieldErr.invalid('spec.policyName', policyName, m));
  if (isSet(spec.paramRef)) errs.push(...validateParamRef(obj(spec.paramRef), 'spec.paramRef'));
  if (isSet(spec.matchResources)) {
    const mr = obj(spec.matchResources);
    errs.push(...validateMatchResources(mr, matchResourcesPath));
    if (matchResourcesCheck) errs.push(...matchResourcesCheck(mr));
  }
  return errs;
}

export function validateValidatingAdmissionPolicyBinding(b: Obj): FieldErrors {
  const spec = obj(b.spec);
  // Upstream reports this path with its historical misspelling.
  const errs = validatePolicyBindingPrologue(spec, 'spec.matchResouces');
  errs.push(...validateValidationActions(strs(spec.validationActions), 'spec.validationActions'));
  return errs;
}

// ---- webhook configurations ----

const SIDE_EFFECTS_NONE = ['None', 'NoneOnDryRun'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];
const ADMISSION_REVIEW_VERSIONS = ['v1', 'v1beta1'];

function validateWebhookURL(path: string, raw: string): FieldErrors {
  const form = '; desired format: https://host[/path]';
  let u: URL;
  try {
    u = new URL(raw);
  } catch (e) {
    return [fieldErr.required(path, `url must be a valid URL: ${(e as Error).message}${form}`)];
  }
  const errs: FieldErrors = [];
  const scheme = u.protocol.replace(/:$/, '');
  if (scheme !== 'https') errs.push(fieldErr.invalid(path, scheme, "'https' is the only allowed URL scheme" + form));
  if (u.host.length === 0) errs.push(fieldErr.invalid(path, u.host, 'host must be specified' + form));
  if (u.username || u.password) errs.push(fieldErr.invalid(path, u.password ? `${u.username}:${u.password}` : u.username, 'user information is not permitted in the URL'));
  if (u.hash.length > 1) errs.push(fieldErr.invalid(path, u.hash.slice(1), 'fragments are not permitted in the URL'));
  if (u.search.length > 1) errs.push(fieldErr.invalid(path, u.search.slice(1), 'query parameters are not permitted in the URL'));
  return errs;
}

function validateWebhookService(path: string, svc: Obj): FieldErrors {
  const errs: FieldErrors = [];
  if (str(svc.name) === '') errs.push(fieldErr.required(`${path}.name`, 'service name is required'));
  if (str(svc.namespace) === '') errs.push(fieldErr.required(`${path}.namespace`, 'service namespace is required'));
  const port = optNum(svc.port) ?? 443;
  const pe = isValidPortNum(port);
  if (pe.length) errs.push(fieldErr.invalid(`${path}.port`, port, 'port is not valid: ' + pe.join(', ')));
  if (!isSet(svc.path)) return errs;
  const urlPath = str(svc.path);
  if (urlPath === '/' || urlPath.length === 0) return errs;
  if (urlPath === '//') return [...errs, fieldErr.invalid(`${path}.path`, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errs.push(fieldErr.invalid(`${path}.path`, urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (step.length === 0) errs.push(fieldErr.invalid(`${path}.path`, urlPath, `segment[${i}] may not be empty`));
    else for (const m of isDNS1123Subdomain(step)) errs.push(fieldErr.invalid(`${path}.path`, urlPath, `segment[${i}]: ${m}`));
  });
  return errs;
}

function validateWebhook(hook: Obj, mutating: boolean, path: string, ignoreMatchConditions: boolean): FieldErrors {
  const errs = isFullyQualifiedName(`${path}.name`, str(hook.name));
  objs(hook.rules).forEach((r, i) => errs.push(...validateRuleWithOperations(r, `${path}.rules[${i}]`)));
  if (isSet(hook.failurePolicy) && !FAILURE_POLICIES.includes(str(hook.failurePolicy))) errs.push(fieldErr.notSupported(`${path}.failurePolicy`, str(hook.failurePolicy), FAILURE_POLICIES));
  if (isSet(hook.matchPolicy) && !MATCH_POLICIES.includes(str(hook.matchPolicy))) errs.push(fieldErr.notSupported(`${path}.matchPolicy`, str(hook.matchPolicy), MATCH_POLICIES));
  if (!isSet(hook.sideEffects)) errs.push(fieldErr.required(`${path}.sideEffects`, `must specify one of ${SIDE_EFFECTS_NONE.join(', ')}`));
  else if (!SIDE_EFFECTS_NONE.includes(str(hook.sideEffects))) errs.push(fieldErr.notSupported(`${path}.sideEffects`, str(hook.sideEffects), SIDE_EFFECTS_NONE));
  const timeout = optNum(hook.timeoutSeconds);
  if (timeout !== undefined && (timeout > 30 || timeout < 1)) errs.push(fieldErr.invalid(`${path}.timeoutSeconds`, timeout, 'the timeout value must be between 1 and 30 seconds'));
  for (const f of ['namespaceSelector', 'objectSelector']) if (isSet(hook[f])) errs.push(...validateMetav1LabelSelector(obj(hook[f]), `${path}.${f}`));
  if (mutating && isSet(hook.reinvocationPolicy) && !REINVOCATION_POLICIES.includes(str(hook.reinvocationPolicy))) {
    errs.push(fieldErr.notSupported(`${path}.reinvocationPolicy`, str(hook.reinvocationPolicy), REINVOCATION_POLICIES));
  }
  const cc = obj(hook.clientConfig);
  if (isSet(cc.url) === isSet(cc.service)) errs.push(fieldErr.required(`${path}.clientConfig`, 'exactly one of url or service is required'));
  else if (isSet(cc.url)) errs.push(...validateWebhookURL(`${path}.clientConfig.url`, str(cc.url)));
  else errs.push(...validateWebhookService(`${path}.clientConfig.service`, obj(cc.service)));
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(objs(hook.matchConditions), false, `${path}.matchConditions`));
  return errs;
}

function validateAdmissionReviewVersions(versions: string[], path: string): FieldErrors {
  if (versions.length < 1) return [fieldErr.required(path, `must specify one of ${ADMISSION_REVIEW_VERSIONS.join(', ')}`)];
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  let accepted = false;
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldErr.invalid(`${path}[${i}]`, v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const m of isDNS1035Label(v)) errs.push(fieldErr.invalid(`${path}[${i}]`, v, m));
    if (ADMISSION_REVIEW_VERSIONS.includes(v)) accepted = true;
  });
  if (!accepted) errs.push(fieldErr.invalid(path, versions, `must include at least one of ${ADMISSION_REVIEW_VERSIONS.join(', ')}`));
  return errs;
}

function validateWebhookConfiguration(cfg: Obj, mutating: boolean, old?: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const names = new Set<string>();
  const hooks = objs(cfg.webhooks);
  const oldHooks = old ? objs(old.webhooks) : undefined;
  const ignoreMC = !!oldHooks && oldHooks.length === hooks.length && hooks.every((h, i) => semanticEqual(h.matchConditions, oldHooks[i]!.matchConditions));
  hooks.forEach((hook, i) => {
    const p = `webhooks[${i}]`;
    errs.push(...validateWebhook(hook, mutating, p, ignoreMC));
    errs.push(...validateAdmissionReviewVersions(strs(hook.admissionReviewVersions), `${p}.admissionReviewVersions`));
    const name = str(hook.name);
    if (name.length > 0) {
      if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
      else names.add(name);
    }
  });
  return errs;
}

export const validateValidatingWebhookConfiguration = (c: Obj) => validateWebhookConfiguration(c, false);
export const validateValidatingWebhookConfigurationUpdate = (c: Obj, old: Obj) => validateWebhookConfiguration(c, false, old);
export const validateMutatingWebhookConfiguration = (c: Obj) => validateWebhookConfiguration(c, true);
export const validateMutatingWebhookConfigurationUpdate = (c: Obj, old: Obj) => validateWebhookConfiguration(c, true, old);
