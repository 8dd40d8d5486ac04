// `skiff cel eval|check`: the CEL playground on the command line.
import yaml from 'js-yaml';
import {CelCompileError, CelEnvironment, CelEvaluationError, celToJSON, schemaToDeclType} from '../cel/index.js';
import type {DeclType, OpenAPISchema} from '../cel/index.js';

export interface CelCommandIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readFile: (p: string) => string;
}

const USAGE = `usage:
  skiff cel eval  --expr EXPR [--vars FILE.json|yaml] [--schema FILE.json|yaml]
  skiff cel check --expr EXPR [--schema FILE.json|yaml]

--schema holds OpenAPI v3 schemas by variable name, e.g. {"object": {...}, "params": {...}};
variables without a schema are dynamically typed.`;

class UsageError extends Error {}

function parseArgs(argv: string[]): {cmd: string; expr: string; vars?: string; schema?: string} {
  const [cmd, ...rest] = argv;
  if (cmd !== 'eval' && cmd !== 'check') throw new UsageError(cmd ? `unknown subcommand "${cmd}"` : 'missing subcommand');
  const out: {cmd: string; expr?: string; vars?: string; schema?: string} = {cmd};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const inline = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`flag ${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--expr': case '-e': out.expr = value(); break;
      case '--vars': out.vars = value(); break;
      case '--schema': out.schema = value(); break;
      default: throw new UsageError(`unknown flag "${a}"`);
    }
  }
  if (out.expr === undefined) throw new UsageError('--expr is required');
  if (cmd === 'check' && out.vars !== undefined) throw new UsageError('--vars is only valid for eval');
  return out as {cmd: string; expr: string; vars?: string; schema?: string};
}

function readDocument(io: CelCommandIO, path: string): unknown {
  const text = io.readFile(path);
  return path.endsWith('.json') ? JSON.parse(text) : yaml.load(text, {schema: yaml.JSON_SCHEMA});
}

export async function runCelCommand(argv: string[], io: CelCommandIO): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`error: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  let vars: Record<string, unknown> = {};
  const variables: Record<string, DeclType> = {};
  try {
    if (args.schema) {
      const schemas = readDocument(io, args.schema) as Record<string, OpenAPISchema> | null;
      for (const [name, s] of Object.entries(schemas ?? {})) {
        const t = schemaToDeclType(s, {name: name.charAt(0).toUpperCase() + name.slice(1)});
        if (t) variables[name] = t;
      }
    }
    if (args.vars) {
      const doc = readDocument(io, args.vars);
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('--vars must hold an object of variable values');
      vars = doc as Record<string, unknown>;
    }
  } catch (e) {
    io.stderr(`error: ${(e as Error).message}\n`);
    return 2;
  }
  const env = new CelEnvironment({variables, unlistedVariablesAreDyn: true});
  let program;
  try {
    program = env.compile(args.expr);
  } catch (e) {
    if (e instanceof CelCompileError) {
      io.stderr(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (args.cmd === 'check') {
    io.stdout(`${JSON.stringify({outputType: program.outputType, estimatedCost: program.estimatedCost})}\n`);
    return 0;
  }
  try {
    const r = program.evaluate(env.activation(vars));
    io.stdout(`${JSON.stringify(celToJSON(r.value))}\n`);
    return 0;
  } catch (e) {
    if (e instanceof CelEvaluationError) {
      io.stderr(`evaluation error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
