// Small helpers about object metadata shared by registry operations.

import { deepCopyJson } from '../patch/go-format.js';
import { randomUUID } from 'node:crypto';
import type { Obj } from '../types/kind.js';

/** metav1.Time as Go marshals it: RFC 3339, seconds precision, UTC. */
export function nowTimestamp(date = new Date()): string {
  return secondsTimestamp(Math.floor(date.getTime() / 1000));
}

/** The last second formatted: every write within one second stamps the same text. */
let lastSecond = { seconds: NaN, text: '' };

/** RFC 3339 in UTC for a whole number of seconds since the epoch. */
export function secondsTimestamp(seconds: number): string {
  if (seconds !== lastSecond.seconds) lastSecond = { seconds, text: new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
  return lastSecond.text;
}

export function newUid(): string {
  return randomUUID();
}

export function metaOf(obj: Obj): Obj {
  if (obj.metadata === null || typeof obj.metadata !== 'object' || Array.isArray(obj.metadata)) obj.metadata = {};
  return obj.metadata;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  // Iterative: objects may nest up to Go's 10000 levels, deeper than Node's stack.
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (typeof x !== typeof y || x === null || y === null || typeof x !== 'object') return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (Array.isArray(y)) return false;
    const xk = Object.keys(x as object);
    if (xk.length !== Object.keys(y as object).length) return false;
    for (const k of xk) stack.push([(x as Obj)[k], (y as Obj)[k]]);
  }
  return true;
}

export function clone<T>(v: T): T {
  try {
    return structuredClone(v);
  } catch (e) {
    // structuredClone recurses; objects nested near Go's 10000-level limit overflow it.
    if (!(e instanceof RangeError)) throw e;
    return deepCopyJson(v);
  }
}
