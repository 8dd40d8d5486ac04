// CEL benchmark: evaluations per second of a prepared program, and compile time per expression.
import {CelEnvironment, schemaToDeclType} from '../src/cel/index.js';
import type {DeclType, OpenAPISchema} from '../src/cel/index.js';

const EXPR = "object.spec.replicas <= params.maxReplicas && object.metadata.name.startsWith('prod-')";

const objectSchema: OpenAPISchema = {
  type: 'object',
  properties: {
    metadata: {type: 'object', properties: {name: {type: 'string'}, namespace: {type: 'string'}}},
    spec: {type: 'object', properties: {replicas: {type: 'integer'}}},
  },
};
const paramsSchema: OpenAPISchema = {type: 'object', properties: {maxReplicas: {type: 'integer'}}};

function measure(label: string, fn: () => void, minMs = 1500): number {
  for (let i = 0; i < 20000; i++) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < minMs) {
    for (let i = 0; i < 10000; i++) fn();
    n += 10000;
    now = performance.now();
  }
  const perSec = n / ((now - start) / 1000);
  console.log(`${label}: ${Math.round(perSec).toLocaleString('en-US')} evals/s`);
  return perSec;
}

const typed = new CelEnvironment({
  variables: {
    object: schemaToDeclType(objectSchema, {name: 'Object', isResourceRoot: true}) as DeclType,
    params: schemaToDeclType(paramsSchema, {name: 'Params'}) as DeclType,
  },
});
const dyn = new CelEnvironment({variables: {object: 'dyn', params: 'dyn'}});

const json = {
  object: {apiVersion: 'apps/v1', kind: 'Deployment', metadata: {name: 'prod-web', namespace: 'default'}, spec: {replicas: 3}},
  params: {maxReplicas: 5},
};

for (const [label, env] of [['typed (schema)', typed], ['dyn', dyn]] as const) {
  const program = env.compile(EXPR);
  const activation = env.activation(json);
  const r = program.evaluate(activation);
  if (r.value !== true) throw new Error(`unexpected result ${String(r.value)}`);
  console.log(`${label}: result ${String(r.value)}, runtime cost ${r.cost}, estimated cost ${JSON.stringify(program.estimatedCost)}`);
  measure(`${label} evaluate (prepared program and activation)`, () => program.evaluate(activation));
  measure(`${label} activation + evaluate (JSON converted per call)`, () => program.evaluate(env.activation(json)), 1000);
}

const exprs = [
  EXPR,
  "self.spec.containers.all(c, c.image.startsWith('registry.example.com/') && c.name.size() < 64)",
  "has(self.metadata.labels) && 'app' in self.metadata.labels && self.metadata.labels['app'].matches('^[a-z]+$')",
  "quantity(self.limit).compareTo(quantity('1Gi')) <= 0 && url(self.endpoint).getScheme() == 'https'",
];
const compileEnv = new CelEnvironment({unlistedVariablesAreDyn: true});
for (const e of exprs) compileEnv.compile(e);
const rounds = 2000;
const start = performance.now();
for (let i = 0; i < rounds; i++) for (const e of exprs) compileEnv.compile(e);
const perExpr = ((performance.now() - start) * 1000) / (rounds * exprs.length);
console.log(`compile (parse + check + cost estimate + instrumentation): ${perExpr.toFixed(1)} µs per expression`);
