import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteSlab } from '../../src/storage/watchcache/byte-slab.js';

describe('ByteSlab', () => {
  it('copies bytes into one shared slab until it is full, then starts another', () => {
    const slab = new ByteSlab(1024);
    const a = Buffer.from('a'.repeat(100));
    const b = Buffer.from('b'.repeat(200));
    const ca = slab.copy(a);
    const cb = slab.copy(b);
    assert.deepEqual([ca.toString(), cb.toString()], [a.toString(), b.toString()]);
    assert.notEqual(ca.buffer, a.buffer, 'a copy, not a view of the original');
    assert.equal(ca.buffer, cb.buffer, 'both in the same slab');
    assert.equal(cb.byteOffset, ca.byteOffset + 100, 'packed one after the other');
    a.fill(0);
    assert.equal(ca.toString(), 'a'.repeat(100), 'the original can change or go');
    const fill = [slab.copy(Buffer.alloc(250, 1)), slab.copy(Buffer.alloc(250, 2)), slab.copy(Buffer.alloc(250, 3))];
    assert.notEqual(fill[2]!.buffer, ca.buffer, 'a copy that does not fit starts a new slab');
    assert.deepEqual([...fill[2]!].slice(0, 2), [3, 3]);
  });

  it('gives bytes larger than a quarter slab their own buffer', () => {
    const slab = new ByteSlab(1024);
    const small = slab.copy(Buffer.alloc(10, 7));
    const big = slab.copy(Buffer.alloc(300, 9));
    assert.notEqual(big.buffer, small.buffer);
    assert.equal(big.length, 300);
    assert.ok(big.every((x) => x === 9));
  });
});
