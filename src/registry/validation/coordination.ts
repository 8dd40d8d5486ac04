// coordination.k8s.io LeaseCandidate (ValidateLeaseCandidateSpec in
// pkg/apis/coordination/validation/validation.go, v1.34; messages checked against
// kube-apiserver v1.32's v1alpha2). Lease is validated in workloads.ts.

import { isQualifiedName } from '../../apimachinery/validation.js';
import { fieldErr, obj, str, type FieldErrors, type Obj } from './util.js';

const LEASE_STRATEGIES = ['OldestEmulationVersion'];

/** blang/semver ParseTolerant: spaces and a leading "v" dropped, missing minor and patch are 0. */
function parseTolerant(v: string): [number, number, number, string] | undefined {
  let s = v.trim().replace(/^v/, '');
  const extra = /[-+]/.exec(s);
  const suffix = extra ? s.slice(extra.index) : '';
  if (extra) s = s.slice(0, extra.index);
  const parts = s.split('.');
  if (parts.length > 3) return undefined;
  while (parts.length < 3) parts.push('0');
  const nums = parts.map((p) => (p.length > 1 ? p.replace(/^0+(?=\d)/, '') : p));
  if (!nums.every((p) => /^(0|[1-9]\d*)$/.test(p))) return undefined;
  if (suffix && !/^(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/.test(suffix)) return undefined;
  return [Number(nums[0]), Number(nums[1]), Number(nums[2]), suffix.startsWith('-') ? suffix.slice(1).split('+')[0]! : ''];
}

/** Version order; a pre-release sorts before its release (enough for LT here). */
function lessThan(a: [number, number, number, string], b: [number, number, number, string]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  if (a[3] === b[3]) return false;
  if (a[3] === '') return false;
  if (b[3] === '') return true;
  return a[3] < b[3];
}

const ZERO: [number, number, number, string] = [0, 0, 0, ''];

export function validateLeaseCandidate(lc: Obj): FieldErrors {
  const spec = obj(lc.spec);
  const errs: FieldErrors = [];
  if (str(spec.leaseName) === '') errs.push(fieldErr.required('spec.leaseName', ''));
  const emulation = str(spec.emulationVersion);
  let ev = ZERO;
  if (emulation !== '') {
    const parsed = parseTolerant(emulation);
    if (parsed) ev = parsed;
    else errs.push(fieldErr.invalid('spec.emulationVersion', emulation, 'must be a valid semantic version'));
  }
  const binary = str(spec.binaryVersion);
  let bv = ZERO;
  if (binary === '') errs.push(fieldErr.required('spec.binaryVersion', ''));
  else {
    const parsed = parseTolerant(binary);
    if (parsed) bv = parsed;
    else errs.push(fieldErr.invalid('spec.binaryVersion', binary, 'must be a valid semantic version'));
  }
  if (binary !== '' && emulation !== '' && lessThan(bv, ev)) errs.push(fieldErr.invalid('spec.binaryVersion', binary, 'must be greater than or equal to `emulationVersion`'));
  const strategy = str(spec.strategy);
  // Upstream reports strategy errors one level deeper (ValidCoordinatedLeaseStrategy adds its own child).
  if (strategy === '') errs.push(fieldErr.required('spec.strategy', ''));
  else if (!strategy.includes('/')) {
    if (!LEASE_STRATEGIES.includes(strategy)) errs.push(fieldErr.notSupported('spec.strategy.strategy', strategy, LEASE_STRATEGIES));
  } else {
    for (const m of isQualifiedName(strategy)) errs.push(fieldErr.invalid('spec.strategy.strategy', strategy, m));
  }
  return errs;
}
