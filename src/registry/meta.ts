// Small helpers about object metadata shared by registry operations.

import { randomUUID } from 'node:crypto';
import type { Obj } from '../types/kind.js';

/** metav1.Time as Go marshals it: RFC 3339, seconds precision, UTC. */
export function nowTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function newUid(): string {
  return randomUUID();
}

export function metaOf(obj: Obj): Obj {
  if (obj.metadata === null || typeof obj.metadata !== 'object' || Array.isArray(obj.metadata)) obj.metadata = {};
  return obj.metadata;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a as object);
  const bk = Object.keys(b as object);
  if (ak.length !== bk.length) return false;
  for (const k of ak) if (!deepEqual((a as Obj)[k], (b as Obj)[k])) return false;
  return true;
}

export function clone<T>(v: T): T {
  return structuredClone(v);
}
