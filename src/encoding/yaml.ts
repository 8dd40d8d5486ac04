// YAML as Kubernetes reads and writes it: YAML 1.1-style booleans (yes/no/on/off),
// no timestamp type (timestamps stay strings), no anchors on output, sorted keys.

import { stringifyJson } from './json-depth.js';
import yaml from 'js-yaml';

const trueWords = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const falseWords = new Set(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);

const yaml11Bool = new yaml.Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (data: string | null) => data !== null && (trueWords.has(data) || falseWords.has(data)),
  construct: (data: string) => trueWords.has(data),
  predicate: (obj: unknown) => typeof obj === 'boolean',
  represent: { lowercase: (obj: object) => (obj ? 'true' : 'false') },
  defaultStyle: 'lowercase',
});

// CORE_SCHEMA minus its bool type, plus YAML 1.1 booleans. No timestamp, binary, set or omap.
const coreTypes = (yaml.CORE_SCHEMA as unknown as { compiledImplicit: (yaml.Type & { tag: string })[] }).compiledImplicit.filter(
  (t) => t.tag !== 'tag:yaml.org,2002:bool',
);
export const kubeYamlSchema = new yaml.Schema({ implicit: [...coreTypes, yaml11Bool], explicit: [] } as unknown as yaml.SchemaDefinition);

/**
 * How deep a document may nest. Upstream's goyaml allows 10000 levels ("exceeded max depth
 * of 10000"); js-yaml parses recursively and runs out of stack long before that, so skiff
 * stops at 1000 with the same wording.
 */
export const MAX_YAML_DEPTH = 1000;

function load(text: string): unknown {
  try {
    return yaml.load(text, { schema: kubeYamlSchema, json: true, maxDepth: MAX_YAML_DEPTH } as yaml.LoadOptions);
  } catch (e) {
    throw depthError(e);
  }
}

/** Parse one YAML document; throws a plain Error with the parser's message. */
export function parseYaml(text: string): unknown {
  const value = load(text);
  checkAliasing(value);
  return value;
}

/** Parse a multi-document YAML stream. */
export function parseYamlAll(text: string): unknown[] {
  let docs: unknown[];
  try {
    docs = yaml.loadAll(text, undefined, { schema: kubeYamlSchema, maxDepth: MAX_YAML_DEPTH } as yaml.LoadOptions);
  } catch (e) {
    throw depthError(e);
  }
  for (const d of docs) checkAliasing(d);
  return docs;
}

function depthError(e: unknown): unknown {
  const m = e instanceof yaml.YAMLException && /nesting exceeded maxDepth/.test(e.reason) ? e : undefined;
  if (!m) return e;
  return new Error(`line ${m.mark.line + 1}: exceeded max depth of ${MAX_YAML_DEPTH}`);
}

// goyaml's defence against alias expansion bombs (decode.go allowedAliasRatio): once more than
// 100 of over 1000 decoded nodes came from expanding aliases, the share of alias-expanded nodes
// may not pass 99% (up to 400,000 nodes), falling to 10% at 4,000,000 nodes.
const ALIAS_RATIO_RANGE_LOW = 400_000;
const ALIAS_RATIO_RANGE_HIGH = 4_000_000;

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_RANGE_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_RANGE_HIGH) return 0.1;
  return 0.99 - (0.89 * (decodeCount - ALIAS_RATIO_RANGE_LOW)) / (ALIAS_RATIO_RANGE_HIGH - ALIAS_RATIO_RANGE_LOW);
}

/**
 * Walks a parsed document as goyaml decodes it, refusing excessive aliasing and
 * self-referencing anchors. js-yaml shares one object for every alias of a collection,
 * so a collection met a second time is an alias expansion. Iterative: documents may nest.
 */
export function checkAliasing(doc: unknown): void {
  const seen = new Set<object>();
  const onPath = new Set<object>();
  let decodeCount = 0;
  let aliasCount = 0;
  // A value to decode (and whether it is inside an alias expansion), or a collection to leave.
  const stack: ({ value: unknown; inAlias: boolean } | { leave: object })[] = [{ value: doc, inAlias: false }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('leave' in item) {
      onPath.delete(item.leave);
      continue;
    }
    const { value } = item;
    let inAlias = item.inAlias;
    if (value !== null && typeof value === 'object') {
      if (onPath.has(value)) throw new Error('anchor value contains itself');
      if (seen.has(value)) inAlias = true;
      else seen.add(value);
    }
    decodeCount++;
    if (inAlias) aliasCount++;
    if (aliasCount > 100 && decodeCount > 1000 && aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
      throw new Error('document contains excessive aliasing');
    }
    if (value === null || typeof value !== 'object') continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    // Mapping keys are decoded too.
    if (!Array.isArray(value)) {
      decodeCount += children.length;
      if (inAlias) aliasCount += children.length;
    }
    onPath.add(value);
    stack.push({ leave: value });
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i], inAlias });
  }
}

export function toYaml(value: unknown): string {
  try {
    return yaml.dump(value, { schema: kubeYamlSchema, noRefs: true, lineWidth: -1, sortKeys: true, noArrayIndent: true });
  } catch (e) {
    // js-yaml's writer recurses; an object nested thousands of levels deep (a custom resource
    // may hold one) overflows it. JSON is YAML too (flow style): every YAML client reads it.
    if (e instanceof RangeError) return stringifyJson(value) + '\n';
    throw e;
  }
}
