// The parsers behind kind validation: cron schedules (robfig/cron ParseStandard texts),
// IP and CIDR validation (apimachinery ip.go texts), semantic equality, validator lookup.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goFieldErrorString } from '../../src/apimachinery/errors.js';
import { parseCronSchedule } from '../../src/registry/validation/cron.js';
import { validatedKinds, validatorsFor } from '../../src/registry/validation/index.js';
import { cidrContains, isValidCIDR, isValidCIDRForLegacyField, isValidIP, parseCIDRSloppy, parseIPSloppy, ipString } from '../../src/registry/validation/net.js';
import { semanticEqual } from '../../src/registry/validation/util.js';

test('cron schedules: accepted forms', () => {
  for (const s of ['*/5 * * * *', '0 0 * * MON-FRI', '15 10 1,15 jan-jun ?', '@hourly', '@every 1h30m', 'TZ=UTC 0 * * * *', '0-59/15 0-23 1-31 1-12 0-6']) {
    assert.equal(parseCronSchedule(s), undefined, s);
  }
});

test('cron schedules: upstream error texts', () => {
  const cases: [string, string][] = [
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['* 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['@reboot', 'unrecognized descriptor: @reboot'],
    ['', 'empty spec string'],
  ];
  for (const [s, msg] of cases) assert.equal(parseCronSchedule(s), msg, s);
});

test('IP validation: strict form, leading zeros, IPv4-mapped and canonical IPv6', () => {
  assert.deepEqual(isValidIP('f', '10.1.2.3'), []);
  assert.deepEqual(isValidIP('f', '2001:db8::1'), []);
  assert.equal(goFieldErrorString(isValidIP('f', '2001:DB8:0:0:0:0:0:1')[0]!), 'f: Invalid value: "2001:DB8:0:0:0:0:0:1": must be in canonical form ("2001:db8::1")');
  assert.equal(goFieldErrorString(isValidIP('f', '010.1.2.3')[0]!), 'f: Invalid value: "010.1.2.3": must not have leading 0s');
  assert.equal(goFieldErrorString(isValidIP('f', '::ffff:1.2.3.4')[0]!), 'f: Invalid value: "::ffff:1.2.3.4": must not be an IPv4-mapped IPv6 address');
  assert.equal(goFieldErrorString(isValidIP('f', 'nope')[0]!), 'f: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)');
  assert.equal(ipString(parseIPSloppy('fe80:0:0:0:0:0:0:abc')!.bytes), 'fe80::abc');
  assert.equal(ipString(parseIPSloppy('1:0:0:1:0:0:0:1')!.bytes), '1:0:0:1::1');
});

test('CIDR validation: strict and legacy forms, containment', () => {
  assert.deepEqual(isValidCIDR('f', '10.0.0.0/8'), []);
  assert.equal(goFieldErrorString(isValidCIDR('f', '10.0.0.1/8')[0]!), 'f: Invalid value: "10.0.0.1/8": must not have bits set beyond the prefix length');
  assert.equal(goFieldErrorString(isValidCIDR('f', '10.0.0.0/08')[0]!), 'f: Invalid value: "10.0.0.0/08": must not have leading 0s in IP or prefix length');
  assert.deepEqual(isValidCIDRForLegacyField('f', '10.0.0.1/8'), [], 'legacy fields accept interface addresses');
  assert.equal(isValidCIDRForLegacyField('f', '10.0.0.0/40').length, 1);
  const net = parseCIDRSloppy('192.168.0.0/16')!;
  assert.equal(cidrContains(net, parseIPSloppy('192.168.200.1')!.bytes), true);
  assert.equal(cidrContains(net, parseIPSloppy('192.169.0.1')!.bytes), false);
  assert.equal(cidrContains(parseCIDRSloppy('2001:db8::/32')!, parseIPSloppy('2001:db8:ffff::1')!.bytes), true);
});

test('semantic equality: absent equals zero, quantities compare by value', () => {
  assert.equal(semanticEqual({ a: undefined, b: [] }, { c: false, d: {} }), true);
  assert.equal(semanticEqual({ resources: { limits: { cpu: '1' } } }, { resources: { limits: { cpu: '1000m' } } }), true);
  assert.equal(semanticEqual({ resources: { limits: { cpu: '1' } } }, { resources: { limits: { cpu: '2' } } }), false);
  assert.equal(semanticEqual({ env: [{ value: '1' }] }, { env: [{ value: '1.0' }] }), false);
});

test('validator lookup covers the seed resources and common kinds', () => {
  for (const k of [
    'flowcontrol.apiserver.k8s.io/FlowSchema',
    'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
    '/LimitRange',
    '/ResourceQuota',
    'networking.k8s.io/NetworkPolicy',
    'policy/PodDisruptionBudget',
    'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
    'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
    'rbac.authorization.k8s.io/Role',
    'rbac.authorization.k8s.io/ClusterRole',
    'rbac.authorization.k8s.io/RoleBinding',
    'rbac.authorization.k8s.io/ClusterRoleBinding',
    '/Pod',
    '/Service',
    'apps/Deployment',
    'batch/CronJob',
  ]) {
    assert.ok(validatedKinds().includes(k), k);
    const [group, kind] = k.split('/') as [string, string];
    const v = validatorsFor(group, kind)!;
    assert.equal(typeof v.validate, 'function');
    assert.equal(typeof v.validateUpdate, 'function');
  }
  assert.equal(validatorsFor('', 'ServiceAccount'), undefined, 'metadata-only kinds have no kind validators');
});
