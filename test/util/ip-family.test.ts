import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import fc from 'fast-check';
import { ipFamily } from '../../src/util/ip-family.js';

const samples = ['127.0.0.1', '0.0.0.0', '256.1.1.1', '01.2.3.4', '::1', '::', '::ffff:10.0.0.1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', 'localhost', 'vm_0a91262bcd6d', '', ':', '1.2.3', '[::1]'];

test('ipFamily answers as node:net isIP on addresses, near-misses and names', () => {
  for (const s of samples) assert.equal(ipFamily(s), isIP(s), s);
});

test('ipFamily answers as node:net isIP on any string of address characters', () => {
  const chars = fc.constantFrom(...'0123456789abcdefABCDEF:.%x-z[]'.split(''));
  const v4 = fc.tuple(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300)).map((p) => p.join('.'));
  const v6 = fc.array(fc.oneof(fc.constant(''), fc.nat(0x1ffff).map((n) => n.toString(16))), { minLength: 1, maxLength: 10 }).map((p) => p.join(':'));
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: chars, maxLength: 45 }), v4, v6), (s) => ipFamily(s) === isIP(s)),
    { numRuns: 5000 },
  );
});
