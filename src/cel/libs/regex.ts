// Kubernetes regex library: find and findAll (RE2 semantics).
import type {Environment} from '@marcbachmann/cel-js';
import {compileRE2} from './re2.js';

function find(s: string, pattern: string): string {
  const m = compileRE2(pattern).exec(s);
  return m ? m[0] : '';
}

function findAll(s: string, pattern: string, limit: bigint = -1n): string[] {
  if (limit === 0n) return [];
  const re = compileRE2(pattern, true);
  re.lastIndex = 0;
  const out: string[] = [];
  let m: RegExpExecArray | null;
  let lastEnd = -1;
  while ((m = re.exec(s)) !== null) {
    if (m[0] === '') {
      // Go skips an empty match adjacent to the previous match.
      if (m.index === lastEnd) { re.lastIndex++; continue; }
      re.lastIndex++;
    }
    out.push(m[0]);
    lastEnd = m.index + m[0].length;
    if (limit > 0n && BigInt(out.length) >= limit) break;
  }
  return out;
}

export function registerRegex(env: Environment): void {
  env.registerFunction('string.find(string): string', find);
  env.registerFunction('string.findAll(string): list<string>', (s: string, p: string) => findAll(s, p));
  env.registerFunction('string.findAll(string, int): list<string>', findAll);
}
