// x-kubernetes-validations: compiling a CRD schema's CEL rules (with upstream's estimated
// cost limits and messages) and evaluating them against custom resources (self, oldSelf
// for transition rules, messageExpression, reason, fieldPath, the per-object cost budget).

import { fieldErr, type FieldError } from '../apimachinery/errors.js';
import {
  CelCompileError,
  CelEnvironment,
  CelEvaluationError,
  schemaToDeclType,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
  RUNTIME_CEL_COST_BUDGET,
  PER_CALL_LIMIT,
  MAX_REQUEST_SIZE_BYTES,
  costExceedsMessage,
  celToJSON,
  celJsTypeName,
  Types,
  type CelProgram,
  type DeclType,
  type OpenAPISchema,
  type CostBudget,
} from '../cel/index.js';
import { Optional } from '@marcbachmann/cel-js';
import { deepEqual } from '../registry/meta.js';
import { FieldPath } from './fieldpath.js';
import { additionalPropertiesOf, isObj, itemsOf, type JSONSchemaProps, type ValidationRule } from './types.js';

export interface CompiledRule {
  rule: ValidationRule;
  /** optionalOldSelf rules run in an environment where oldSelf is optional<T>, also on create. */
  optionalEnv?: CelEnvironment;
  program?: CelProgram;
  messageProgram?: CelProgram;
  usesOldSelf: boolean;
  /** fieldPath parsed into steps, applied to the node's path. */
  fieldPath?: PathStep[];
}

export type PathStep = { child: string } | { key: string } | { index: number };

export interface CompiledNode {
  /** The schema's type, reported as the value of rule failures ("object", "string", ...). */
  type: string;
  rules: CompiledRule[];
  env?: CelEnvironment;
  properties: Map<string, CompiledNode>;
  additionalProperties?: CompiledNode;
  items?: CompiledNode;
  listType?: string;
  listMapKeys?: string[];
  mapType?: string;
}

const UNBOUNDED = -1;

function maxCardinality(minSize: number): number {
  return Math.floor(MAX_REQUEST_SIZE_BYTES / (minSize + 1));
}

/** A rule or message expression's estimated cost and where it sits, for the CRD-wide total. */
interface RuleCost {
  path: string;
  cost: number;
}

export interface CompileResult {
  root?: CompiledNode;
  errors: FieldError[];
}

export interface CompileOptions {
  /** Skip the per-expression cost limit (the version's schema is unchanged by an update). */
  suppressPerExpressionCost?: boolean;
}

/** Whether an expression refers to the identifier oldSelf (outside string literals). */
function mentionsOldSelf(expr: string): boolean {
  const stripped = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return /(^|[^A-Za-z0-9_.])oldSelf\b/.test(stripped);
}

/** The CEL-visible type of a schema node; undefined when CEL cannot see it. */
function declTypeOf(s: JSONSchemaProps, isResourceRoot: boolean): DeclType | undefined {
  return schemaToDeclType(s as OpenAPISchema, { name: 'Object', isResourceRoot });
}

/** Go's %v of a ValidationRule value in a field error (the internal struct, JSON-rendered). */
function ruleValue(r: ValidationRule): Record<string, unknown> {
  return {
    Rule: r.rule ?? '',
    Message: r.message ?? '',
    MessageExpression: r.messageExpression ?? '',
    Reason: r.reason ?? null,
    FieldPath: r.fieldPath ?? '',
    OptionalOldSelf: r.optionalOldSelf ?? null,
  };
}

/** Parse a rule's fieldPath (`.spec.x`, `['a.b']`, `[0]`) against the schema; undefined when invalid. */
export function parseFieldPath(path: string, schema: JSONSchemaProps | undefined, allowArrayNotation = true): { steps: PathStep[]; schema: JSONSchemaProps | undefined } | undefined {
  const steps: PathStep[] = [];
  let s = schema;
  let i = 0;
  if (path.trim() === '') return undefined;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      i++;
      const m = /^[A-Za-z_][A-Za-z0-9_\-]*/.exec(path.slice(i));
      if (!m) return undefined;
      const name = m[0];
      i += name.length;
      if (!s?.properties || !Object.hasOwn(s.properties, name)) return undefined;
      s = s.properties[name];
      steps.push({ child: name });
    } else if (c === '[') {
      const rest = path.slice(i);
      const q = /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest);
      if (q) {
        const key = q[1]!.replace(/\\(.)/g, '$1');
        i += q[0].length;
        if (s?.properties && Object.hasOwn(s.properties, key)) {
          s = s.properties[key];
          steps.push({ child: key });
        } else if (s && additionalPropertiesOf(s)) {
          s = additionalPropertiesOf(s);
          steps.push({ key });
        } else return undefined;
        continue;
      }
      const n = /^\[(\d+)\]/.exec(rest);
      if (n && allowArrayNotation && s?.type === 'array') {
        i += n[0].length;
        s = itemsOf(s);
        steps.push({ index: Number(n[1]) });
        continue;
      }
      return undefined;
    } else return undefined;
  }
  return { steps, schema: s };
}

export function applySteps(p: FieldPath, steps: PathStep[]): FieldPath {
  let out = p;
  for (const st of steps) {
    if ('child' in st) out = out.child(st.child);
    else if ('key' in st) out = out.key(st.key);
    else out = out.index(st.index);
  }
  return out;
}

class Compiler {
  readonly errors: FieldError[] = [];
  readonly costs: RuleCost[] = [];
  total = 0;

  constructor(private readonly opts: CompileOptions) {}

  node(s: JSONSchemaProps, path: FieldPath, isResourceRoot: boolean, cardinality: number): CompiledNode | undefined {
    if (!isObj(s)) return undefined;
    const node: CompiledNode = {
      type: s['x-kubernetes-int-or-string'] ? '' : (s.type ?? ''),
      rules: [],
      properties: new Map(),
      listType: s['x-kubernetes-list-type'],
      listMapKeys: s['x-kubernetes-list-map-keys'],
      mapType: s['x-kubernetes-map-type'],
    };
    const rules = Array.isArray(s['x-kubernetes-validations']) ? s['x-kubernetes-validations'] : [];
    if (rules.length > 0) this.rules(node, s, rules, path, isResourceRoot, cardinality);
    let any = node.rules.length > 0;
    for (const [k, ps] of Object.entries(s.properties ?? {})) {
      const child = this.node(ps, path.child('properties').key(k), ps['x-kubernetes-embedded-resource'] === true, cardinality);
      if (child) {
        node.properties.set(k, child);
        any = true;
      }
    }
    const ap = additionalPropertiesOf(s);
    if (ap) {
      const card = cardinality === UNBOUNDED || typeof s.maxProperties !== 'number' ? UNBOUNDED : cardinality * s.maxProperties;
      node.additionalProperties = this.node(ap, path.child('additionalProperties'), ap['x-kubernetes-embedded-resource'] === true, card);
      any ||= !!node.additionalProperties;
    }
    const items = itemsOf(s);
    if (items) {
      const card = cardinality === UNBOUNDED || typeof s.maxItems !== 'number' ? UNBOUNDED : cardinality * s.maxItems;
      node.items = this.node(items, path.child('items'), items['x-kubernetes-embedded-resource'] === true, card);
      any ||= !!node.items;
    }
    return any ? node : undefined;
  }

  private rules(node: CompiledNode, s: JSONSchemaProps, rules: ValidationRule[], path: FieldPath, isResourceRoot: boolean, cardinality: number): void {
    const self = declTypeOf(s, isResourceRoot);
    if (!self) return;
    const plainEnv = new CelEnvironment({ variables: { self, oldSelf: self } });
    node.env = plainEnv;
    let optionalEnv: CelEnvironment | undefined;
    const card = cardinality === UNBOUNDED ? maxCardinality(self.minSerializedSize) : cardinality;
    rules.forEach((rule, i) => {
      const rp = path.child('x-kubernetes-validations').index(i);
      const compiled: CompiledRule = { rule, usesOldSelf: false };
      node.rules.push(compiled);
      const expr = rule.rule ?? '';
      if (expr.trim() === '') return;
      let env = plainEnv;
      if (rule.optionalOldSelf === true) {
        optionalEnv ??= new CelEnvironment({ variables: { self, oldSelf: Types.opaque(`optional<${celJsTypeName(self)}>`) } });
        env = optionalEnv;
        compiled.optionalEnv = optionalEnv;
      }
      let program: CelProgram | undefined;
      try {
        program = env.compile(expr);
      } catch (e) {
        const detail = e instanceof CelCompileError ? `compilation failed: ${e.message}` : `compilation failed: ${(e as Error).message}`;
        this.errors.push(fieldErr.invalid(rp.child('rule').toString(), ruleValue(rule), detail));
        return;
      }
      if (program.outputType !== 'bool') {
        this.errors.push(fieldErr.invalid(rp.child('rule').toString(), ruleValue(rule), 'cel expression must evaluate to a bool'));
        return;
      }
      compiled.program = program;
      compiled.usesOldSelf = mentionsOldSelf(expr);
      const cost = Math.min(Number.MAX_SAFE_INTEGER, program.estimatedCost.max * card);
      if (!this.opts.suppressPerExpressionCost && cost > STATIC_ESTIMATED_COST_LIMIT) {
        this.errors.push(fieldErr.forbidden(rp.child('rule').toString(), costExceedsMessage('estimated rule cost', cost, STATIC_ESTIMATED_COST_LIMIT)));
      }
      this.observe(rp.child('rule').toString(), cost);
      if (rule.messageExpression && rule.messageExpression.trim() !== '') {
        try {
          const mp = env.compile(rule.messageExpression);
          if (mp.outputType !== 'string') {
            this.errors.push(fieldErr.invalid(rp.child('messageExpression').toString(), ruleValue(rule), 'messageExpression must evaluate to a string'));
          } else {
            compiled.messageProgram = mp;
            const mcost = mp.estimatedCost.max;
            if (!this.opts.suppressPerExpressionCost && mcost > STATIC_ESTIMATED_COST_LIMIT) {
              this.errors.push(fieldErr.forbidden(rp.child('messageExpression').toString(), costExceedsMessage('estimated messageExpression cost', mcost, STATIC_ESTIMATED_COST_LIMIT)));
            }
            this.observe(rp.child('messageExpression').toString(), mcost);
          }
        } catch (e) {
          const detail = e instanceof CelCompileError ? e.message : (e as Error).message;
          this.errors.push(fieldErr.invalid(rp.child('messageExpression').toString(), ruleValue(rule), `messageExpression compilation failed: ${detail}`));
        }
      }
      if (!compiled.usesOldSelf && rule.optionalOldSelf !== undefined) {
        this.errors.push(fieldErr.invalid(rp.child('optionalOldSelf').toString(), rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
      }
      if (rule.fieldPath) {
        const fp = parseFieldPath(rule.fieldPath, s);
        if (fp) compiled.fieldPath = fp.steps;
      }
    });
  }

  private observe(path: string, cost: number): void {
    this.total = Math.min(Number.MAX_SAFE_INTEGER, this.total + cost);
    if (cost < 100_000) return;
    this.costs.push({ path, cost });
    this.costs.sort((a, b) => b.cost - a.cost);
    if (this.costs.length > 4) this.costs.length = 4;
  }
}

/**
 * Compile every rule of a schema. `path` is where the schema sits in the CRD (for errors);
 * the errors include the CRD-wide estimated cost total when it is over the limit.
 */
export function compileSchemaRules(schema: JSONSchemaProps | undefined, path: FieldPath, opts: CompileOptions = {}): CompileResult {
  if (!isObj(schema)) return { errors: [] };
  const c = new Compiler(opts);
  const root = c.node(schema, path, true, 1);
  const errors = [...c.errors];
  if (c.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    for (const e of c.costs) errors.push(fieldErr.forbidden(e.path, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'));
    errors.push(fieldErr.forbidden(path.toString(), costExceedsMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', c.total, STATIC_ESTIMATED_CRD_COST_LIMIT)));
  }
  return { root, errors };
}

// ---- evaluation ----

function fieldOf(p: FieldPath): string {
  const s = p.toString();
  return s === '' ? '<nil>' : s;
}

function errorForReason(path: FieldPath, value: string, detail: string, reason: string | undefined): FieldError {
  const field = fieldOf(path);
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldErr.forbidden(field, detail);
    case 'FieldValueRequired':
      return fieldErr.required(field, detail);
    case 'FieldValueDuplicate':
      return fieldErr.duplicate(field, value);
    default:
      return fieldErr.invalid(field, value, detail);
  }
}

function ruleText(r: ValidationRule): string {
  return (r.message && r.message.trim()) || (r.rule ?? '').trim();
}

function defaultMessage(r: ValidationRule): string {
  return r.message && r.message.length > 0 ? r.message.trim() : `failed rule: ${ruleText(r)}`;
}

class Evaluator {
  readonly errors: FieldError[] = [];
  readonly budget: CostBudget = { remaining: RUNTIME_CEL_COST_BUDGET };
  exhausted = false;

  /** Returns false when evaluation must stop (budget gone). */
  validate(node: CompiledNode | undefined, path: FieldPath, value: unknown, old: unknown, hasOld: boolean): boolean {
    if (!node || value === undefined || value === null || this.exhausted) return !this.exhausted;
    // Ratcheting: an unchanged value is not re-judged by rules that ignore oldSelf.
    const unchanged = hasOld && deepEqual(value, old);
    if (node.rules.length && node.env) {
      if (!this.rules(node, path, value, old, hasOld, unchanged)) return false;
    }
    if (Array.isArray(value)) {
      if (!node.items) return true;
      const oldList = Array.isArray(old) ? old : undefined;
      for (let i = 0; i < value.length; i++) {
        let o: unknown;
        let has = false;
        if (oldList && node.listType === 'map' && node.listMapKeys?.length) {
          const keys = node.listMapKeys;
          const match = oldList.find((x) => isObj(x) && isObj(value[i]) && keys.every((k) => deepEqual(x[k], (value[i] as Record<string, unknown>)[k])));
          if (match !== undefined) {
            o = match;
            has = true;
          }
        }
        if (!this.validate(node.items, path.index(i), value[i], o, has)) return false;
      }
      return true;
    }
    if (isObj(value)) {
      const oldMap = isObj(old) ? old : undefined;
      for (const [k, v] of Object.entries(value)) {
        const prop = node.properties.get(k);
        if (prop) {
          if (!this.validate(prop, path.child(k), v, oldMap?.[k], !!oldMap && Object.hasOwn(oldMap, k))) return false;
        } else if (node.additionalProperties) {
          const correlatable = node.mapType !== 'atomic';
          if (!this.validate(node.additionalProperties, path.key(k), v, correlatable ? oldMap?.[k] : undefined, correlatable && !!oldMap && Object.hasOwn(oldMap, k))) return false;
        }
      }
    }
    return true;
  }

  private rules(node: CompiledNode, path: FieldPath, value: unknown, old: unknown, hasOld: boolean, unchanged: boolean): boolean {
    const env = node.env!;
    let activation: Record<string, unknown> | undefined;
    let optionalActivation: Record<string, unknown> | undefined;
    for (const cr of node.rules) {
      if (!cr.program) continue;
      const optional = cr.optionalEnv !== undefined && cr.usesOldSelf;
      if (cr.usesOldSelf && !hasOld && !optional) continue;
      if (!cr.usesOldSelf && unchanged) continue;
      let act: Record<string, unknown>;
      if (optional) {
        optionalActivation ??= { self: env.activation({ self: value }).self, oldSelf: hasOld ? Optional.of(env.activation({ self: old }).self) : Optional.none() };
        act = optionalActivation;
      } else {
        activation ??= env.activation(hasOld ? { self: value, oldSelf: old } : { self: value });
        act = activation;
      }
      const rule = cr.rule;
      const at = cr.fieldPath ? applySteps(path, cr.fieldPath) : path;
      let result: unknown;
      try {
        result = cr.program.evaluate(act, { costLimit: PER_CALL_LIMIT, budget: this.budget }).value;
      } catch (e) {
        if (e instanceof CelEvaluationError && (e.kind === 'cost' || e.kind === 'budget')) {
          if (e.kind === 'budget') {
            this.errors.push(fieldErr.invalid(fieldOf(path), node.type, 'validation failed due to running out of cost budget, no further validation rules will be run'));
          } else {
            this.errors.push(fieldErr.invalid(fieldOf(path), node.type, `'${e.message}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleText(rule)}`));
          }
          this.exhausted = true;
          return false;
        }
        const msg = (e as Error).message;
        if (msg.startsWith('no such overload')) {
          this.errors.push(fieldErr.invalid(fieldOf(at), node.type, `'${msg}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleText(rule)}`));
        } else {
          this.errors.push(fieldErr.invalid(fieldOf(at), node.type, `${msg} evaluating rule: ${ruleText(rule)}`));
        }
        continue;
      }
      if (this.budget.remaining <= 0 && result !== true) {
        // The budget ran out on this very evaluation.
      }
      if (result === true) continue;
      let message = defaultMessage(rule);
      if (cr.messageProgram) {
        try {
          const m = cr.messageProgram.evaluate(act, { costLimit: PER_CALL_LIMIT, budget: this.budget }).value;
          const text = typeof m === 'string' ? m : String(celToJSON(m));
          if (text.trim() !== '' && !/[\r\n]/.test(text)) message = text;
        } catch (e) {
          if (e instanceof CelEvaluationError && e.kind === 'budget') {
            this.errors.push(fieldErr.invalid(fieldOf(at), node.type, 'message expression evaluation failed due to running out of budget'));
            this.exhausted = true;
            return false;
          }
        }
      }
      this.errors.push(errorForReason(at, node.type, message, rule.reason));
    }
    return true;
  }
}

/** Evaluate the compiled rules against a custom resource (and its previous version on update). */
export function evaluateRules(root: CompiledNode | undefined, obj: unknown, old?: unknown): FieldError[] {
  if (!root) return [];
  const ev = new Evaluator();
  ev.validate(root, FieldPath.root(''), obj, old, old !== undefined);
  return ev.errors;
}
