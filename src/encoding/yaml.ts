// YAML as Kubernetes reads and writes it: YAML 1.1-style booleans (yes/no/on/off),
// no timestamp type (timestamps stay strings), no anchors on output, sorted keys.

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

/** Parse one YAML document; throws a plain Error with the parser's message. */
export function parseYaml(text: string): unknown {
  return yaml.load(text, { schema: kubeYamlSchema, json: true });
}

/** Parse a multi-document YAML stream. */
export function parseYamlAll(text: string): unknown[] {
  return yaml.loadAll(text, undefined, { schema: kubeYamlSchema });
}

export function toYaml(value: unknown): string {
  return yaml.dump(value, { schema: kubeYamlSchema, noRefs: true, lineWidth: -1, sortKeys: true, noArrayIndent: true });
}
