// Resource names and quantities as pkg/apis/core/helper and core validation judge them
// (requests, limits, quota hard limits, limit ranges).

import { isQualifiedName } from '../../apimachinery/validation.js';
import { fieldErr, IS_NEGATIVE_ERROR_MSG, quantity, type FieldErrors } from './util.js';

const HUGEPAGES_PREFIX = 'hugepages-';
const REQUESTS_HUGEPAGES_PREFIX = 'requests.hugepages-';
const DEFAULT_NAMESPACE_PREFIX = 'kubernetes.io/';
const REQUESTS_PREFIX = 'requests.';

const STANDARD_QUOTA_RESOURCES = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'resourcequotas', 'services', 'replicationcontrollers',
  'secrets', 'persistentvolumeclaims', 'configmaps', 'services.nodeports', 'services.loadbalancers',
]);
const STANDARD_RESOURCES = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu',
  'limits.memory', 'limits.ephemeral-storage', 'pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets',
  'configmaps', 'persistentvolumeclaims', 'storage', 'requests.storage', 'services.nodeports', 'services.loadbalancers',
]);
const INTEGER_RESOURCES = new Set([
  'pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims',
  'services.nodeports', 'services.loadbalancers',
]);
const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
export const STANDARD_LIMIT_RANGE_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

export const STANDARD_QUOTA_SCOPES = ['BestEffort', 'CrossNamespacePodAffinity', 'NotBestEffort', 'NotTerminating', 'PriorityClass', 'Terminating', 'VolumeAttributesClass'];
const POD_OBJECT_COUNT = new Set(['pods']);
const POD_COMPUTE = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);
const PVC_RESOURCES = new Set(['persistentvolumeclaims', 'requests.storage']);

export const isHugePageResourceName = (n: string) => n.startsWith(HUGEPAGES_PREFIX);
const isQuotaHugePageResourceName = (n: string) => n.startsWith(HUGEPAGES_PREFIX) || n.startsWith(REQUESTS_HUGEPAGES_PREFIX);
export const isNativeResource = (n: string) => !n.includes('/') || n.includes(DEFAULT_NAMESPACE_PREFIX);
export const isOvercommitAllowed = (n: string) => isNativeResource(n) && !isHugePageResourceName(n);
export const isStandardQuotaResourceName = (n: string) => STANDARD_QUOTA_RESOURCES.has(n) || isQuotaHugePageResourceName(n);
const isStandardResourceName = (n: string) => STANDARD_RESOURCES.has(n) || isQuotaHugePageResourceName(n);
export const isStandardContainerResourceName = (n: string) => STANDARD_CONTAINER_RESOURCES.has(n) || isHugePageResourceName(n);

export function isExtendedResourceName(n: string): boolean {
  if (isNativeResource(n) || n.startsWith(REQUESTS_PREFIX)) return false;
  return isQualifiedName(REQUESTS_PREFIX + n).length === 0;
}

export const isIntegerResourceName = (n: string) => INTEGER_RESOURCES.has(n) || isExtendedResourceName(n);

export function isResourceQuotaScopeValidForResource(scope: string, resource: string): boolean {
  switch (scope) {
    case 'Terminating':
    case 'NotTerminating':
    case 'NotBestEffort':
    case 'PriorityClass':
    case 'CrossNamespacePodAffinity':
      return POD_OBJECT_COUNT.has(resource) || POD_COMPUTE.has(resource);
    case 'BestEffort':
      return POD_OBJECT_COUNT.has(resource);
    case 'VolumeAttributesClass':
      return PVC_RESOURCES.has(resource);
    default:
      return true;
  }
}

/** validateResourceName. */
export function validateResourceName(value: string, path: string): FieldErrors {
  const errs = isQualifiedName(value).map((m) => fieldErr.invalid(path, value, m));
  if (errs.length) return errs;
  if (!value.includes('/') && !isStandardResourceName(value)) return [fieldErr.invalid(path, value, 'must be a standard resource type or fully qualified')];
  return [];
}

/** validateContainerResourceName. */
export function validateContainerResourceName(value: string, path: string): FieldErrors {
  const errs = validateResourceName(value, path);
  if (!value.includes('/')) {
    if (!isStandardContainerResourceName(value)) errs.push(fieldErr.invalid(path, value, 'must be a standard resource for containers'));
  } else if (!isNativeResource(value) && !isExtendedResourceName(value)) {
    errs.push(fieldErr.invalid(path, value, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** ValidateResourceQuotaResourceName. */
export function validateResourceQuotaResourceName(value: string, path: string): FieldErrors {
  const errs = validateResourceName(value, path);
  if (!value.includes('/') && !isStandardQuotaResourceName(value)) errs.push(fieldErr.invalid(path, value, 'must be a standard resource for quota'));
  return errs;
}

/** ValidateResourceQuantityValue: non-negative, and whole for integer resources. */
export function validateResourceQuantityValue(resource: string, value: unknown, path: string): FieldErrors {
  const q = quantity(value);
  if (!q) return [];
  const errs: FieldErrors = [];
  if (q.sign() < 0) errs.push(fieldErr.invalid(path, q.toString(), IS_NEGATIVE_ERROR_MSG));
  if (isIntegerResourceName(resource) && q.scaledValue(-3) % 1000n !== 0n) errs.push(fieldErr.invalid(path, q.toString(), 'must be an integer'));
  return errs;
}
