import {CelEnvironment} from '../../src/cel/index.js';
import type {CelEnvironmentOptions} from '../../src/cel/index.js';

const dynEnv = new CelEnvironment({unlistedVariablesAreDyn: true});

/** Evaluate an expression with JSON variables in a dyn environment (or the given one). */
export function run(expr: string, vars: Record<string, unknown> = {}, env: CelEnvironment = dynEnv): unknown {
  return env.compile(expr).evaluate(env.activation(vars)).value;
}

/** The evaluation error message, or throws if the expression succeeded. */
export function runError(expr: string, vars: Record<string, unknown> = {}, env: CelEnvironment = dynEnv): string {
  const p = env.compile(expr);
  try {
    p.evaluate(env.activation(vars));
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`expected ${expr} to fail`);
}

export function compileError(expr: string, opts: CelEnvironmentOptions = {}): string {
  const env = new CelEnvironment(opts);
  try {
    env.compile(expr);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`expected ${expr} not to compile`);
}
