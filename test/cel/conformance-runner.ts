// Runs @bufbuild/cel-spec's conformance data (JSON form) against our CEL environment.
import {Optional} from '@marcbachmann/cel-js';
import {Duration, UnsignedInt} from '@marcbachmann/cel-js/evaluator';
import {tests as conformance} from '@bufbuild/cel-spec/testdata/conformance.js';
import {CelEnvironment, CelMap, parseGoDuration, parseTimestamp, timestampNanos} from '../../src/cel/index.js';

type Json = Record<string, unknown>;

interface SimpleTestJson {
  name?: string;
  expr: string;
  value?: Json;
  evalError?: unknown;
  typeEnv?: Json[];
  bindings?: Record<string, {value?: Json}>;
  disableCheck?: boolean;
  checkOnly?: boolean;
  container?: string;
  typedResult?: {result?: Json; deducedType?: unknown};
}

interface SuiteJson {
  name: string;
  suites?: Array<{name: string; tests?: Array<{original: SimpleTestJson}>}>;
}

export interface SuiteResult {
  suite: string;
  total: number;
  needsProto: number;
  eligible: number;
  passed: number;
  failures: string[];
}

const PROTO_PATTERN = /cel\.expr\.conformance|TestAllTypes|messageType|google\.protobuf\.(Any|Struct|Value|ListValue|Int32Value|Int64Value|UInt32Value|UInt64Value|FloatValue|DoubleValue|BoolValue|StringValue|BytesValue|NullValue|FieldMask|Empty)\b|"@type":"type\.googleapis\.com\/google\.protobuf\.(?!Timestamp|Duration)/;

export function needsProtobuf(t: SimpleTestJson): boolean {
  if (t.container) return true;
  return PROTO_PATTERN.test(JSON.stringify(t));
}

class TypeValue {
  constructor(readonly name: string) {}
}

function fromValue(v: Json): unknown {
  if ('int64Value' in v) return BigInt(v.int64Value as string);
  if ('uint64Value' in v) return new UnsignedInt(BigInt(v.uint64Value as string));
  if ('doubleValue' in v) {
    const d = v.doubleValue;
    return typeof d === 'string' ? Number(d === 'Infinity' || d === '-Infinity' || d === 'NaN' ? d : d) : d;
  }
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('bytesValue' in v) return new Uint8Array(Buffer.from(v.bytesValue as string, 'base64'));
  if ('nullValue' in v) return null;
  if ('listValue' in v) return (((v.listValue as Json).values as Json[] | undefined) ?? []).map(fromValue);
  if ('mapValue' in v) {
    const entries = (((v.mapValue as Json).entries as Array<{key: Json; value: Json}> | undefined) ?? [])
      .map((e) => [fromValue(e.key), fromValue(e.value)] as const);
    if (entries.every(([k]) => typeof k === 'string')) {
      const o: Record<string, unknown> = Object.create(null);
      for (const [k, x] of entries) o[k as string] = x;
      return o;
    }
    const m = new CelMap();
    for (const [k, x] of entries) m.set(k, x);
    return m;
  }
  if ('typeValue' in v) return new TypeValue(v.typeValue as string);
  if ('objectValue' in v) {
    const o = v.objectValue as Json;
    const t = String(o['@type']);
    if (t.endsWith('google.protobuf.Timestamp')) return parseTimestamp(String(o.value));
    if (t.endsWith('google.protobuf.Duration')) return parseGoDuration(String(o.value));
  }
  throw new Error(`unsupported value ${JSON.stringify(v)}`);
}

function typeString(t: Json): string {
  if ('primitive' in t) {
    switch (t.primitive) {
      case 'STRING': return 'string';
      case 'INT64': return 'int';
      case 'UINT64': return 'uint';
      case 'DOUBLE': return 'double';
      case 'BOOL': return 'bool';
      case 'BYTES': return 'bytes';
    }
  }
  if ('listType' in t) return `list<${typeString(((t.listType as Json).elemType as Json) ?? {dyn: {}})}>`;
  if ('mapType' in t) {
    const m = t.mapType as Json;
    return `map<${typeString(m.keyType as Json)}, ${typeString(m.valueType as Json)}>`;
  }
  if ('wellKnown' in t) {
    if (t.wellKnown === 'TIMESTAMP') return 'timestamp';
    if (t.wellKnown === 'DURATION') return 'duration';
  }
  if ('null' in t) return 'null_type';
  return 'dyn';
}

function typeNameOf(v: unknown): string | undefined {
  const s = v !== null && typeof v === 'object' ? String(v) : '';
  const m = /^Type<(.*)>$/.exec(s);
  return m ? m[1] : undefined;
}

const TYPE_ALIASES: Record<string, string> = {null: 'null_type', 'google.protobuf.Timestamp': 'google.protobuf.Timestamp'};

/** Strict equality for expected results: types must match exactly, NaN equals NaN. */
export function sameValue(expected: unknown, actual: unknown): boolean {
  if (expected instanceof TypeValue) {
    const n = typeNameOf(actual);
    return n !== undefined && (TYPE_ALIASES[n] ?? n) === expected.name;
  }
  if (actual instanceof Optional) return false;
  if (typeof expected === 'number') {
    return typeof actual === 'number' && (Number.isNaN(expected) ? Number.isNaN(actual) : Object.is(expected, actual) || expected === actual);
  }
  if (typeof expected === 'bigint') return typeof actual === 'bigint' && expected === actual;
  if (expected instanceof UnsignedInt) return actual instanceof UnsignedInt && expected.valueOf() === actual.valueOf();
  if (expected === null || typeof expected !== 'object') return expected === actual;
  if (expected instanceof Uint8Array) {
    return actual instanceof Uint8Array && Buffer.from(expected).equals(Buffer.from(actual));
  }
  if (expected instanceof Date) return actual instanceof Date && timestampNanos(actual) === timestampNanos(expected);
  if (expected instanceof Duration) {
    return actual instanceof Duration && actual.seconds === expected.seconds && actual.nanos === expected.nanos;
  }
  if (Array.isArray(expected)) {
    const a = Array.isArray(actual) ? actual : actual instanceof Set ? [...actual] : undefined;
    return !!a && a.length === expected.length && expected.every((x, i) => sameValue(x, a[i]));
  }
  const ee = expected instanceof Map ? [...expected.entries()] : Object.entries(expected);
  if (actual === null || typeof actual !== 'object') return false;
  const ae = actual instanceof Map ? [...actual.entries()] : Object.entries(actual);
  if (ee.length !== ae.length) return false;
  return ee.every(([k, v]) => ae.some(([k2, v2]) => sameKey(k, k2) && sameValue(v, v2)));
}

/** Map keys match only with the same type and value (1 and '1' and 1u are different keys). */
function sameKey(a: unknown, b: unknown): boolean {
  if (a instanceof UnsignedInt || b instanceof UnsignedInt) {
    return a instanceof UnsignedInt && b instanceof UnsignedInt && a.valueOf() === b.valueOf();
  }
  return a === b;
}

function runOne(t: SimpleTestJson): string | undefined {
  const variables: Record<string, string> = {};
  for (const d of t.typeEnv ?? []) {
    if ('function' in d) return 'custom function declarations are not supported';
    const ident = d.ident as Json | undefined;
    if (ident) variables[String(d.name)] = typeString((ident.type as Json) ?? {dyn: {}});
  }
  const env = new CelEnvironment({
    variables,
    unlistedVariablesAreDyn: true,
    extraLibraries: ['math', 'encoders'],
    stringsVersion: 3,
    homogeneousAggregateLiterals: false,
  });
  const expectError = t.evalError !== undefined;
  let program;
  try {
    program = env.compile(t.expr, {unchecked: t.disableCheck ?? false});
  } catch (e) {
    return expectError && t.disableCheck ? undefined : `compile: ${(e as Error).message.split('\n')[0]}`;
  }
  if (t.checkOnly) return undefined;
  const activation: Record<string, unknown> = {};
  for (const [k, b] of Object.entries(t.bindings ?? {})) {
    if (!b.value) return 'unsupported binding';
    activation[k] = fromValue(b.value);
  }
  let result: unknown;
  try {
    result = program.evaluate(activation, {costLimit: Number.MAX_SAFE_INTEGER}).value;
  } catch (e) {
    return expectError ? undefined : `eval: ${(e as Error).message}`;
  }
  if (expectError) return `expected an error, got ${String(result)}`;
  const expectedJson = t.value ?? t.typedResult?.result ?? {boolValue: true};
  const expected = fromValue(expectedJson);
  return sameValue(expected, result) ? undefined : `expected ${JSON.stringify(expectedJson)}, got ${String(result)}`;
}

export function runConformanceSuite(name: string): SuiteResult {
  const suite = (conformance as {suites: SuiteJson[]}).suites.find((s) => s.name === name);
  if (!suite) throw new Error(`no conformance suite ${name}`);
  const r: SuiteResult = {suite: name, total: 0, needsProto: 0, eligible: 0, passed: 0, failures: []};
  for (const section of suite.suites ?? []) {
    for (const {original} of section.tests ?? []) {
      r.total++;
      if (needsProtobuf(original)) {
        r.needsProto++;
        continue;
      }
      r.eligible++;
      let failure: string | undefined;
      try {
        failure = runOne(original);
      } catch (e) {
        failure = `crash: ${(e as Error).message}`;
      }
      if (failure === undefined) r.passed++;
      else r.failures.push(`${section.name}/${original.name ?? original.expr}: ${failure}`);
    }
  }
  return r;
}

export const TARGET_SUITES = [
  'basic', 'macros', 'string', 'lists', 'timestamps', 'optionals', 'string_ext', 'bindings_ext', 'math_ext',
  'encoders_ext', 'comparisons', 'conversions', 'logic', 'fields', 'integer_math', 'fp_math', 'parse',
  'plumbing', 'namespace', 'macros2',
];
