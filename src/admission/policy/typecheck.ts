// Type checking of a ValidatingAdmissionPolicy against the schemas of the kinds it matches,
// as upstream's TypeChecker (k8s.io/apiserver pkg/admission/plugin/policy/validating/
// typechecking.go): each validation expression and messageExpression is compiled with
// `object`/`oldObject` typed by every kind the matchConstraints name exactly (no
// wildcards, at most 10 kinds) and `params` by the paramKind's schema; what fails becomes a
// warning "<group>/<version>, Kind=<kind>: <error>" at the expression's field path.
// Warnings never change how the policy is enforced.

import type { DeclType, OpenAPISchema } from '../../cel/index.js';
import { schemaToDeclType } from '../../cel/index.js';
import { checkExpression, type CelDeclarations } from '../../registry/validation/admission-cel.js';
import { fieldsOf, type ObjectType, type Type } from '../../types/schema.js';
import type { Catalog, ServedResource } from '../../types/catalog.js';
import type { Obj } from '../../types/kind.js';

const MAX_TYPES_TO_CHECK = 10;
/** Recursive structs (JSONSchemaProps) are cut off here and left untyped. */
const MAX_SCHEMA_DEPTH = 16;

export interface ExpressionWarning {
  fieldRef: string;
  warning: string;
}

function scalarSchema(kind: string): OpenAPISchema {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'bool':
      return { type: 'boolean' };
    case 'int32':
    case 'int64':
      return { type: 'integer' };
    case 'double':
      return { type: 'number' };
    case 'bytes':
      return { type: 'string', format: 'byte' };
    case 'time':
    case 'microtime':
      return { type: 'string', format: 'date-time' };
    case 'duration':
    case 'quantity':
      return { type: 'string' };
    case 'intOrString':
      return { 'x-kubernetes-int-or-string': true };
    default:
      // RawExtension, JSON, FieldsV1: any value.
      return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  }
}

/** A declared kind's schema in the OpenAPI shape CEL types are derived from. */
export function openApiSchemaOf(t: Type, depth = 0): OpenAPISchema {
  if (depth > MAX_SCHEMA_DEPTH) return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  switch (t.kind) {
    case 'object': {
      const properties: Record<string, OpenAPISchema> = {};
      for (const [name, f] of Object.entries(fieldsOf(t as ObjectType))) properties[name] = openApiSchemaOf(f, depth + 1);
      const s: OpenAPISchema = { type: 'object', properties };
      if ((t as ObjectType).mapType) s['x-kubernetes-map-type'] = (t as ObjectType).mapType;
      return s;
    }
    case 'map':
      return { type: 'object', additionalProperties: openApiSchemaOf(t.values, depth + 1) };
    case 'list': {
      const s: OpenAPISchema = { type: 'array', items: openApiSchemaOf(t.items, depth + 1) };
      if (t.listType) s['x-kubernetes-list-type'] = t.listType;
      if (t.listMapKeys) s['x-kubernetes-list-map-keys'] = [...t.listMapKeys];
      return s;
    }
    default:
      return { ...scalarSchema(t.kind), ...(t.format ? { format: t.format } : {}) };
  }
}

function declTypeOf(served: ServedResource): DeclType | undefined {
  const schema = served.def.schema;
  if (!schema) return undefined;
  return schemaToDeclType(openApiSchemaOf(schema), { name: `${served.def.kind}${served.group ? `.${served.group}` : ''}.${served.version}`, isResourceRoot: true });
}

const gvkString = (s: ServedResource): string => `${s.group}/${s.version}, Kind=${s.def.kind}`;

/** The kinds the policy's matchConstraints name without wildcards, sorted as upstream (group, version, resource). */
function typesToCheck(catalog: Catalog, policy: Obj): ServedResource[] {
  const out = new Map<string, ServedResource>();
  for (const rule of (policy.spec?.matchConstraints?.resourceRules ?? []) as Obj[]) {
    const groups = ((rule.apiGroups ?? []) as string[]).filter((g) => g !== '*').sort();
    const versions = ((rule.apiVersions ?? []) as string[]).filter((v) => v !== '*').sort();
    const resources = ((rule.resources ?? []) as string[]).filter((r) => !r.includes('*') && !r.includes('/')).sort();
    if ((rule.apiGroups ?? []).includes('*') || (rule.apiVersions ?? []).includes('*')) continue;
    for (const g of groups) {
      for (const v of versions) {
        for (const r of resources) {
          const served = catalog.lookup(g, v, r);
          if (!served) continue;
          out.set(gvkString(served), served);
          if (out.size === MAX_TYPES_TO_CHECK) return [...out.values()];
        }
      }
    }
  }
  return [...out.values()];
}

/** TypeChecker.Check: the warnings for spec.validations[*].expression and .messageExpression. */
export function typeCheckPolicy(catalog: Catalog, policy: Obj): ExpressionWarning[] {
  const spec = (policy.spec ?? {}) as Obj;
  const kinds = typesToCheck(catalog, policy).map((s) => ({ served: s, type: declTypeOf(s) })).filter((k) => k.type);
  if (kinds.length === 0) return [];
  const hasParams = !!spec.paramKind;
  let paramsType: DeclType | undefined;
  if (hasParams) {
    const ps = catalog.byKind(String(spec.paramKind.apiVersion ?? ''), String(spec.paramKind.kind ?? ''));
    paramsType = ps ? declTypeOf(ps) : undefined;
  }
  const check = (expression: string): string => {
    const results: string[] = [];
    for (const { served, type } of kinds) {
      const types = { object: type!, ...(paramsType ? { params: paramsType } : {}) };
      const variables = new Map<string, string>();
      for (const v of (spec.variables ?? []) as Obj[]) {
        const decls: CelDeclarations = { hasParams, hasAuthorizer: true, variables: new Map(variables), types };
        variables.set(String(v.name), checkExpression(String(v.expression ?? ''), decls, 'any').outputType ?? 'dyn');
      }
      const decls: CelDeclarations = { hasParams, hasAuthorizer: true, variables: spec.variables?.length ? variables : undefined, types };
      const r = checkExpression(expression, decls, 'any');
      if (r.error) results.push(`${gvkString(served)}: ${r.error}\n`);
    }
    return results.join('\n');
  };
  const warnings: ExpressionWarning[] = [];
  ((spec.validations ?? []) as Obj[]).forEach((v, i) => {
    const w = check(String(v.expression ?? ''));
    if (w) warnings.push({ fieldRef: `spec.validations[${i}].expression`, warning: w });
    if (!v.messageExpression) return;
    const m = check(String(v.messageExpression));
    if (m) warnings.push({ fieldRef: `spec.validations[${i}].messageExpression`, warning: m });
  });
  return warnings;
}
