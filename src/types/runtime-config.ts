// --runtime-config validation with kube-apiserver's messages
// (staging/src/k8s.io/apiserver/pkg/server/resourceconfig/helpers.go: ParseGroups,
// MergeAPIResourceConfigs, applyVersionAndResourcePreferences, getRuntimeConfigValue; the
// "unknown api groups" check of the options). Which versions are served is catalog.ts's
// runtimeConfigServes; this only rejects what kube-apiserver rejects at start.

import { goParseBool } from '../apimachinery/querybool.js';

/**
 * Every group-version in kube-apiserver v1.34's scheme: the k8s.io/api v0.34 packages
 * (apidiscovery excepted, which is not installed) plus apiextensions and apiregistration.
 * Versions no longer served (autoscaling/v2beta2, policy/v1beta1, ...) are still registered:
 * naming them is accepted and serves nothing.
 */
const REGISTERED_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  '': ['v1'],
  'admission.k8s.io': ['v1', 'v1beta1'],
  'admissionregistration.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'apiextensions.k8s.io': ['v1', 'v1beta1'],
  'apiregistration.k8s.io': ['v1', 'v1beta1'],
  'internal.apiserver.k8s.io': ['v1alpha1'],
  apps: ['v1', 'v1beta1', 'v1beta2'],
  'authentication.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'authorization.k8s.io': ['v1', 'v1beta1'],
  autoscaling: ['v1', 'v2', 'v2beta1', 'v2beta2'],
  batch: ['v1', 'v1beta1'],
  'certificates.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'coordination.k8s.io': ['v1', 'v1alpha2', 'v1beta1'],
  'discovery.k8s.io': ['v1', 'v1beta1'],
  'events.k8s.io': ['v1', 'v1beta1'],
  extensions: ['v1beta1'],
  'flowcontrol.apiserver.k8s.io': ['v1', 'v1beta1', 'v1beta2', 'v1beta3'],
  'imagepolicy.k8s.io': ['v1alpha1'],
  'networking.k8s.io': ['v1', 'v1beta1'],
  'node.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  policy: ['v1', 'v1beta1'],
  'rbac.authorization.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'resource.k8s.io': ['v1', 'v1alpha3', 'v1beta1', 'v1beta2'],
  'scheduling.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'storage.k8s.io': ['v1', 'v1alpha1', 'v1beta1'],
  'storagemigration.k8s.io': ['v1alpha1'],
};

/** The keys that switch versions by stability; their value must be exactly "true" or "false". */
export const VERSION_MATCHER_KEYS = ['api/all', 'api/ga', 'api/beta', 'api/alpha'] as const;

/** The core group's own keys. */
const CORE_KEYS = new Set(['v1', 'api/v1']);

/** Throws an Error with kube-apiserver's message when it would refuse to start with this --runtime-config. */
export function validateRuntimeConfig(config: Readonly<Record<string, string>>): void {
  const matchers = new Set<string>(VERSION_MATCHER_KEYS);
  const keys = Object.keys(config).filter((k) => !matchers.has(k) && !CORE_KEYS.has(k));
  const unknownGroups: string[] = [];
  for (const key of keys) {
    const tokens = key.split('/');
    if (tokens.length !== 2 && tokens.length !== 3) throw new Error(`runtime-config invalid key ${key}`);
    const group = tokens[0]!;
    if (!(group in REGISTERED_VERSIONS) && !unknownGroups.includes(group)) unknownGroups.push(group);
  }
  if (unknownGroups.length > 0) throw new Error(`unknown api groups ${unknownGroups.join(',')}`);
  for (const key of VERSION_MATCHER_KEYS) {
    const value = config[key];
    if (value !== undefined && value !== 'true' && value !== 'false') throw new Error(`invalid value ${key}=${value}`);
  }
  for (const key of [...keys, ...Object.keys(config).filter((k) => CORE_KEYS.has(k))]) {
    const tokens = CORE_KEYS.has(key) ? ['', 'v1'] : key.split('/');
    const [group, version, resource] = tokens as [string, string, string | undefined];
    if (!REGISTERED_VERSIONS[group]!.includes(version)) throw new Error(`group version ${group}/${version} that has not been registered`);
    const value = config[key]!;
    if (value !== '' && goParseBool(value) === undefined) {
      throw new Error(`invalid value of ${key}: ${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
    }
    if (resource !== undefined && resource.toLowerCase() !== resource) {
      throw new Error(`invalid key ${key}: group/version/resource and resource is always lowercase plural, not ${JSON.stringify(resource)}`);
    }
  }
}
