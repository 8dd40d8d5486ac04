// An object's type and metadata read from its JSON without decoding the rest, as a
// metadata-only informer (upstream's PartialObjectMetadata) sees it: a controller that
// looks only at metadata (the garbage collector) does not decode every object's body.

import type { Obj } from '../types/kind.js';

const TOP_LEVEL = ['apiVersion', 'kind', 'metadata'] as const;

/** {apiVersion, kind, metadata} of a JSON object; the other top-level fields are skipped unread. */
export function objectMetadata(bytes: Buffer): Obj {
  const s = bytes.toString('utf8');
  const out: Obj = {};
  let i = skipSpace(s, 0);
  if (s[i] !== '{') return JSON.parse(s) as Obj;
  i = skipSpace(s, i + 1);
  let found = 0;
  while (i < s.length && s[i] !== '}') {
    const keyEnd = stringEnd(s, i);
    const key = JSON.parse(s.slice(i, keyEnd)) as string;
    i = skipSpace(s, keyEnd);
    if (s[i] !== ':') return JSON.parse(s) as Obj;
    const start = skipSpace(s, i + 1);
    const end = valueEnd(s, start);
    if ((TOP_LEVEL as readonly string[]).includes(key)) {
      out[key] = JSON.parse(s.slice(start, end));
      if (++found === TOP_LEVEL.length) break;
    }
    i = skipSpace(s, end);
    if (s[i] === ',') i = skipSpace(s, i + 1);
  }
  return out;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && (s[i] === ' ' || s[i] === '\n' || s[i] === '\r' || s[i] === '\t')) i++;
  return i;
}

/** Index just past the string literal starting at i (s[i] is the opening quote). */
function stringEnd(s: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = s.indexOf('"', j);
    if (q < 0) throw new SyntaxError('unterminated string in JSON');
    let backslashes = 0;
    for (let k = q - 1; s[k] === '\\'; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Index just past the JSON value starting at i. */
function valueEnd(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return stringEnd(s, i);
  if (c !== '{' && c !== '[') {
    let j = i;
    while (j < s.length && s[j] !== ',' && s[j] !== '}' && s[j] !== ']') j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const d = s[j];
    if (d === '"') j = stringEnd(s, j) - 1;
    else if (d === '{' || d === '[') depth++;
    else if (d === '}' || d === ']') {
      if (--depth === 0) return j + 1;
    }
  }
  throw new SyntaxError('unterminated value in JSON');
}
