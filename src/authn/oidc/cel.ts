// CEL for JWT authenticators, as k8s.io/apiserver/pkg/authentication/cel: claim
// expressions see `claims` (map(string, any)), user validation rules see `user`
// (kubernetes.UserInfo). Validation rules must be bool; mappings may return anything
// at compile time and are type-checked when evaluated (oidc.go).

import { CelCompileError, CelEnvironment, Types, celToJSON, type CelProgram } from '../../cel/index.js';
import type { UserInfo } from '../types.js';

let claimsEnv: CelEnvironment | undefined;
let userEnv: CelEnvironment | undefined;

function claimsEnvironment(): CelEnvironment {
  return (claimsEnv ??= new CelEnvironment({ variables: { claims: Types.mapOf(Types.dyn) } }));
}

function userEnvironment(): CelEnvironment {
  return (userEnv ??= new CelEnvironment({
    variables: {
      user: Types.object('kubernetes.UserInfo', {
        username: Types.string,
        uid: Types.string,
        groups: Types.listOf(Types.string),
        extra: Types.mapOf(Types.listOf(Types.string)),
      }),
    },
  }));
}

/** A compile failure with upstream's detail ("compilation failed: ..." or "must evaluate to bool"). */
export class ExpressionError extends Error {}

function compile(env: CelEnvironment, expression: string, mustBeBool: boolean): CelProgram {
  let program: CelProgram;
  try {
    program = env.compile(expression);
  } catch (e) {
    throw new ExpressionError(`compilation failed: ${e instanceof CelCompileError ? e.message : (e as Error).message}`);
  }
  if (mustBeBool && program.outputType !== 'bool') throw new ExpressionError('must evaluate to bool');
  return program;
}

export function compileClaimsExpression(expression: string, mustBeBool = false): CelProgram {
  return compile(claimsEnvironment(), expression, mustBeBool);
}

export function compileUserExpression(expression: string): CelProgram {
  return compile(userEnvironment(), expression, true);
}

/** Evaluates a claims expression; the result comes back as plain JSON values. */
export function evalClaims(program: CelProgram, claims: Record<string, unknown>): unknown {
  return celToJSON(program.evaluate(claimsEnvironment().activation({ claims })).value);
}

export function evalUser(program: CelProgram, user: UserInfo): unknown {
  const activation = userEnvironment().activation({
    user: { username: user.username, uid: user.uid ?? '', groups: user.groups, extra: user.extra ?? {} },
  });
  return celToJSON(program.evaluate(activation).value);
}

/**
 * Whether the expression selects `claims.<field>` (also `claims.?<field>` and inside
 * has()), as validation.go's hasSelectExp walks the AST. Index access
 * (claims["email"]) does not count there either. String literals are skipped.
 */
export function selectsClaim(expression: string, field: string): boolean {
  const code = stripStringLiterals(expression);
  const re = new RegExp(`(^|[^\\w.])claims\\s*\\.\\s*\\??\\s*${field}(?![\\w])`);
  return re.test(code);
}

function stripStringLiterals(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    const prefix = /[rRbB]/.test(c) && (s[i + 1] === '"' || s[i + 1] === "'") ? 1 : 0;
    const q = s[i + prefix];
    if (q === '"' || q === "'") {
      const triple = s.startsWith(q.repeat(3), i + prefix);
      const close = triple ? q.repeat(3) : q;
      let j = i + prefix + close.length;
      while (j < s.length && !s.startsWith(close, j)) j += s[j] === '\\' && !prefix ? 2 : 1;
      out += ' ';
      i = j + close.length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
