// ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go): a pod created without
// serviceAccountName runs as `default`; its account must exist; unless the pod or the account
// opt out, every init and regular container mounts a projected `kube-api-access-<random>`
// volume (bound token, kube-root-ca.crt, namespace); the account's imagePullSecrets fill an
// empty list; accounts annotated kubernetes.io/enforce-mountable-secrets limit which Secrets
// the pod (and later its ephemeral containers) may reference; mirror pods may reference none.

import { aliasDeprecatedServiceAccount } from '../../registry/defaults/core.js';
import { forbidden, internalError, isStatusError, notFound } from '../../apimachinery/errors.js';
import { generateName } from '../../apimachinery/validation.js';
import type { Registry } from '../../registry/registry.js';
import type { Obj } from '../../types/kind.js';
import { ObjectReader } from '../objects.js';
import type { AdmissionPlugin, Attributes, PluginDeps } from '../types.js';

export const DEFAULT_SERVICE_ACCOUNT_NAME = 'default';
export const ENFORCE_MOUNTABLE_SECRETS_ANNOTATION = 'kubernetes.io/enforce-mountable-secrets';
export const SERVICE_ACCOUNT_VOLUME_NAME = 'kube-api-access';
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: the kubelet refreshes the token after an hour. */
const TOKEN_EXPIRATION_SECONDS = 3607;
/** How often a missing `default` account is looked up again (the controller is about to create it). */
const DEFAULT_ACCOUNT_ATTEMPTS = 10;

export interface ServiceAccountPluginOptions {
  /** Name generation for the token volume (tests pin it). */
  generateName?: (base: string) => string;
  /** Wait between live lookups of a missing `default` account (upstream: 100-200 ms). */
  retryIntervalMs?: () => number;
}

export function serviceAccount(deps: Pick<PluginDeps, 'registry'>, opts: ServiceAccountPluginOptions = {}): AdmissionPlugin {
  const registry = deps.registry;
  const gen = opts.generateName ?? generateName;
  const retryMs = opts.retryIntervalMs ?? (() => 100 + Math.floor(Math.random() * 100));
  return {
    name: 'ServiceAccount',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    async admit(a) {
      const pod = podOf(a);
      if (!pod || a.operation !== 'CREATE') return;
      // A mirror pod's spec is the kubelet's: it is not changed, only checked.
      if (isMirrorPod(pod)) return validatePod(registry, retryMs, a, pod);
      pod.spec ??= {};
      if (!pod.spec.serviceAccountName) pod.spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT_NAME;
      aliasDeprecatedServiceAccount(pod.spec);
      const sa = await accountOrForbidden(registry, retryMs, a, pod.spec.serviceAccountName);
      if (shouldAutomount(sa, pod)) mountServiceAccountToken(pod, gen);
      if (!Array.isArray(pod.spec.imagePullSecrets) || pod.spec.imagePullSecrets.length === 0) {
        const fromAccount: Obj[] = Array.isArray(sa.imagePullSecrets) ? sa.imagePullSecrets : [];
        if (fromAccount.length) pod.spec.imagePullSecrets = fromAccount.map((s) => ({ name: s?.name ?? '' }));
      }
      return validatePod(registry, retryMs, a, pod);
    },
    async validate(a) {
      const pod = podOf(a);
      if (!pod) return;
      if (a.operation === 'UPDATE' && a.subresource === 'ephemeralcontainers') return limitEphemeralContainerSecrets(registry, retryMs, a, pod);
      if (a.operation !== 'CREATE') return;
      return validatePod(registry, retryMs, a, pod);
    },
  };
}

/** The pod of a request this plugin looks at (shouldIgnore upstream). */
function podOf(a: Attributes): Obj | undefined {
  if (a.resource.group !== '' || a.resource.resource !== 'pods') return undefined;
  if (a.subresource !== '' && a.subresource !== 'ephemeralcontainers') return undefined;
  if (!a.object || a.kind.kind !== 'Pod') return undefined;
  return a.object;
}

function isMirrorPod(pod: Obj): boolean {
  return Object.prototype.hasOwnProperty.call(pod.metadata?.annotations ?? {}, MIRROR_POD_ANNOTATION);
}

/** admission.NewForbidden: the object's name (or generateName), else "Unknown". */
function denied(a: Attributes, why: string) {
  const meta = a.object?.metadata;
  return forbidden({ group: a.resource.group, resource: a.resource.resource }, meta?.name || meta?.generateName || 'Unknown', why);
}

async function validatePod(registry: Registry, retryMs: () => number, a: Attributes, pod: Obj): Promise<void> {
  if (isMirrorPod(pod)) {
    if (pod.spec?.serviceAccountName) throw denied(a, 'a mirror pod may not reference service accounts');
    if (podSecretNames(pod).length > 0) throw denied(a, 'a mirror pod may not reference secrets');
    for (const v of asArray(pod.spec?.volumes)) {
      if (asArray(v?.projected?.sources).some((s) => s?.serviceAccountToken)) throw denied(a, 'a mirror pod may not use ServiceAccountToken volume projections');
    }
    return;
  }
  if (!pod.spec?.serviceAccountName) throw denied(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
  const sa = await accountOrForbidden(registry, retryMs, a, pod.spec.serviceAccountName);
  if (enforceMountableSecrets(sa)) {
    const why = limitSecretReferences(sa, pod);
    if (why) throw denied(a, why);
  }
}

async function limitEphemeralContainerSecrets(registry: Registry, retryMs: () => number, a: Attributes, pod: Obj): Promise<void> {
  if (!pod.spec?.serviceAccountName) throw denied(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
  const sa = await accountOrForbidden(registry, retryMs, a, pod.spec.serviceAccountName);
  if (!enforceMountableSecrets(sa)) return;
  const mountable = new Set(asArray(sa.secrets).map((s) => s?.name));
  // Upstream returns this as a plain error, which reaches the client as a 500, not as Forbidden.
  const why = containerSecretRefs(asArray(pod.spec.ephemeralContainers), 'ephemeral container', mountable, sa.metadata.name);
  if (why) throw internalError(new Error(why));
}

async function accountOrForbidden(registry: Registry, retryMs: () => number, a: Attributes, name: string): Promise<Obj> {
  try {
    return await getServiceAccount(registry, retryMs, a.namespace, name);
  } catch (e) {
    const why = isStatusError(e) ? e.status.message : String(e);
    throw denied(a, `error looking up service account ${a.namespace}/${name}: ${why}`);
  }
}

/** The cache, then live reads: ten of them for `default`, which the controller is about to create. */
async function getServiceAccount(registry: Registry, retryMs: () => number, namespace: string, name: string): Promise<Obj> {
  const cached = await new ObjectReader(registry).get('', 'serviceaccounts', namespace, name);
  if (cached) return cached;
  const attempts = name === DEFAULT_SERVICE_ACCOUNT_NAME ? DEFAULT_ACCOUNT_ATTEMPTS : 1;
  const interval = retryMs();
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, interval));
    const sa = await new ObjectReader(registry).live('', 'serviceaccounts', namespace, name);
    if (sa) return sa;
  }
  throw notFound({ group: '', resource: 'serviceaccount' }, name);
}

function shouldAutomount(sa: Obj, pod: Obj): boolean {
  if (typeof pod.spec?.automountServiceAccountToken === 'boolean') return pod.spec.automountServiceAccountToken;
  if (typeof sa.automountServiceAccountToken === 'boolean') return sa.automountServiceAccountToken;
  return true;
}

function enforceMountableSecrets(sa: Obj): boolean {
  const v = sa.metadata?.annotations?.[ENFORCE_MOUNTABLE_SECRETS_ANNOTATION];
  return v !== undefined && parseGoBool(v) === true;
}

/** strconv.ParseBool. */
function parseGoBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

function asArray(v: unknown): Obj[] {
  return Array.isArray(v) ? (v as Obj[]) : [];
}

/** The first reference of the pod's volumes, containers and pull secrets to a Secret the account does not list. */
function limitSecretReferences(sa: Obj, pod: Obj): string | undefined {
  const saName = sa.metadata.name;
  const mountable = new Set(asArray(sa.secrets).map((s) => s?.name));
  for (const v of asArray(pod.spec?.volumes)) {
    const secretName = v?.secret?.secretName;
    if (v?.secret && !mountable.has(secretName)) {
      return `volume with secret.secretName="${secretName ?? ''}" is not allowed because service account ${saName} does not reference that secret`;
    }
  }
  const why =
    containerSecretRefs(asArray(pod.spec?.initContainers), 'init container', mountable, saName) ??
    containerSecretRefs(asArray(pod.spec?.containers), 'container', mountable, saName);
  if (why) return why;
  const pullSecrets = new Set(asArray(sa.imagePullSecrets).map((s) => s?.name));
  const podPull = asArray(pod.spec?.imagePullSecrets);
  for (let i = 0; i < podPull.length; i++) {
    const name = podPull[i]?.name ?? '';
    if (!pullSecrets.has(name)) return `imagePullSecrets[${i}].name="${name}" is not allowed because service account ${saName} does not reference that imagePullSecret`;
  }
  return undefined;
}

function containerSecretRefs(containers: Obj[], what: string, mountable: Set<unknown>, saName: string): string | undefined {
  for (const c of containers) {
    for (const env of asArray(c?.env)) {
      const ref = env?.valueFrom?.secretKeyRef;
      if (ref && !mountable.has(ref.name)) {
        return `${what} ${c.name} with envVar ${env.name} referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${saName} does not reference that secret`;
      }
    }
    for (const from of asArray(c?.envFrom)) {
      const ref = from?.secretRef;
      if (ref && !mountable.has(ref.name)) {
        return `${what} ${c.name} with envFrom referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${saName} does not reference that secret`;
      }
    }
  }
  return undefined;
}

/** Every Secret a pod names (podutil.VisitPodSecretNames over all containers). */
export function podSecretNames(pod: Obj): string[] {
  const out: string[] = [];
  const add = (n: unknown) => {
    if (typeof n === 'string' && n) out.push(n);
  };
  for (const s of asArray(pod.spec?.imagePullSecrets)) add(s?.name);
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const c of asArray(pod.spec?.[key])) {
      for (const f of asArray(c?.envFrom)) add(f?.secretRef?.name);
      for (const e of asArray(c?.env)) add(e?.valueFrom?.secretKeyRef?.name);
    }
  }
  for (const v of asArray(pod.spec?.volumes)) {
    add(v?.azureFile?.secretName);
    add(v?.cephfs?.secretRef?.name);
    add(v?.cinder?.secretRef?.name);
    add(v?.flexVolume?.secretRef?.name);
    for (const s of asArray(v?.projected?.sources)) add(s?.secret?.name);
    add(v?.rbd?.secretRef?.name);
    add(v?.secret?.secretName);
    add(v?.scaleIO?.secretRef?.name);
    add(v?.iscsi?.secretRef?.name);
    add(v?.storageos?.secretRef?.name);
    add(v?.csi?.nodePublishSecretRef?.name);
  }
  return out;
}

/** Every init and regular container without a mount at the token path mounts the token volume. */
function mountServiceAccountToken(pod: Obj, gen: (base: string) => string): void {
  const volumes = asArray(pod.spec.volumes);
  const existing = volumes.find((v) => typeof v?.name === 'string' && v.name.startsWith(`${SERVICE_ACCOUNT_VOLUME_NAME}-`));
  const volumeName: string = existing?.name ?? gen(`${SERVICE_ACCOUNT_VOLUME_NAME}-`);
  let needsVolume = false;
  for (const key of ['initContainers', 'containers']) {
    for (const c of asArray(pod.spec[key])) {
      if (!c || typeof c !== 'object') continue;
      const mounts = asArray(c.volumeMounts);
      if (mounts.some((m) => m?.mountPath === DEFAULT_API_TOKEN_MOUNT_PATH)) continue;
      c.volumeMounts = [...mounts, { name: volumeName, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH }];
      needsVolume = true;
    }
  }
  if (!existing && needsVolume) pod.spec.volumes = [...volumes, { name: volumeName, projected: tokenVolumeSource() }];
}

/** The projected volume of a bound service-account token (TokenVolumeSource upstream). */
export function tokenVolumeSource(): Obj {
  return {
    sources: [
      { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
    defaultMode: 420,
  };
}
