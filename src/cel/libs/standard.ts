// Standard-library overloads that cel-js lacks (conversions are in conversions.ts).
import type {Environment} from '@marcbachmann/cel-js';

export function registerStandardExtras(env: Environment): void {
  // Bytes order lexicographically (byte-wise, then by length).
  const cmp = (a: Uint8Array, b: Uint8Array): number => {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  env.registerOperator('bytes < bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) < 0);
  env.registerOperator('bytes <= bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) <= 0);
  env.registerOperator('bytes > bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) > 0);
  env.registerOperator('bytes >= bytes', (a: Uint8Array, b: Uint8Array) => cmp(a, b) >= 0);
}
