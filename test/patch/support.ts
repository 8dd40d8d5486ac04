// Helpers shared by the patch scenario tables.

import assert from 'node:assert/strict';
import { StatusError } from '../../src/apimachinery/errors.js';

/** An expected failure: status code, and optionally reason and exact message. */
export interface ExpectedError {
  code: number;
  reason?: string;
  message?: string;
}

/** Runs `fn` expecting a StatusError matching `want`; returns it. */
export function expectStatusError(fn: () => unknown, want: ExpectedError): StatusError {
  let caught: unknown;
  try {
    const got = fn();
    assert.fail(`expected a ${want.code} error, got a result: ${JSON.stringify(got)}`);
  } catch (e) {
    caught = e;
  }
  if (!(caught instanceof StatusError)) throw caught;
  assert.equal(caught.status.code, want.code, `code (message: ${caught.status.message})`);
  if (want.reason !== undefined) assert.equal(caught.status.reason ?? '', want.reason, 'reason');
  if (want.message !== undefined) assert.equal(caught.status.message, want.message, 'message');
  return caught;
}

/** A deep-frozen copy, so a test fails if an engine mutates its input. */
export function frozen<T>(v: T): T {
  const copy = structuredClone(v);
  const freeze = (x: unknown): void => {
    if (x && typeof x === 'object') {
      Object.freeze(x);
      for (const y of Object.values(x)) freeze(y);
    }
  };
  freeze(copy);
  return copy;
}

export const UNPROCESSABLE: ExpectedError = {
  code: 422,
  reason: 'Invalid',
  message: 'the server rejected our request due to an error in our request',
};
