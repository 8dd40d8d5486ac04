// The restricted checks of the Pod Security Standards, v1.34 (k8s.io/pod-security-admission
// policy/check_{allowPrivilegeEscalation,capabilities_restricted,restrictedVolumes,
// runAsNonRoot,runAsUser,seccompProfile_restricted}.go). Some replace a baseline check
// (overrides); restricted also runs every other baseline check.

import type { Obj } from '../../types/kind.js';
import { CAPABILITIES_BASELINE, HOST_PATH_VOLUMES, SECCOMP_BASELINE, validSeccompType } from './baseline.js';
import {
  ALLOWED,
  containerName,
  containerSecurityContext,
  containersPhrase,
  forbidden,
  isWindowsPod,
  joinQuote,
  pluralize,
  podSecurityContext,
  relaxForUserNamespace,
  sortedSet,
  stringList,
  visitContainers,
  type Check,
  type CheckPodFn,
} from './check.js';

/** From v1.25 a pod with spec.os.name=windows passes the Linux-only checks. */
function exceptWindows(check: CheckPodFn): CheckPodFn {
  return (meta, spec, opts) => (isWindowsPod(spec) ? ALLOWED : check(meta, spec, opts));
}

const allowPrivilegeEscalation: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (containerSecurityContext(c)?.allowPrivilegeEscalation !== false) bad.push(containerName(c));
  });
  return bad.length ? forbidden('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`) : ALLOWED;
};

const capabilitiesRestricted: CheckPodFn = (_meta, spec) => {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const caps: string[] = [];
  visitContainers(spec, (c) => {
    const capabilities = containerSecurityContext(c)?.capabilities;
    if (!capabilities || typeof capabilities !== 'object') {
      missingDropAll.push(containerName(c));
      return;
    }
    if (!stringList(capabilities.drop).includes('ALL')) missingDropAll.push(containerName(c));
    const extra = stringList(capabilities.add).filter((x) => x !== 'NET_BIND_SERVICE');
    if (extra.length) {
      adding.push(containerName(c));
      caps.push(...extra);
    }
  });
  const details: string[] = [];
  if (missingDropAll.length) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (adding.length) details.push(`${containersPhrase(adding)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`);
  return details.length ? forbidden('unrestricted capabilities', details.join('; ')) : ALLOWED;
};

const ALLOWED_VOLUME_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret'];
/** In upstream's order: the first one set names the volume's type. */
const RESTRICTED_VOLUME_SOURCES = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'storageos',
];

const restrictedVolumes: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  const types: string[] = [];
  for (const v of Array.isArray(spec.volumes) ? (spec.volumes as Obj[]) : []) {
    if (!v || typeof v !== 'object') continue;
    if (ALLOWED_VOLUME_SOURCES.some((k) => v[k] != null)) continue;
    bad.push(String(v.name ?? ''));
    types.push(RESTRICTED_VOLUME_SOURCES.find((k) => v[k] != null) ?? 'unknown');
  }
  if (!bad.length) return ALLOWED;
  const list = sortedSet(types);
  return forbidden(
    'restricted volume types',
    `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', list.length)} ${joinQuote(list)}`,
  );
};

const runAsNonRoot: CheckPodFn = (_meta, spec, opts) => {
  if (relaxForUserNamespace(spec, opts)) return ALLOWED;
  const who: string[] = [];
  let podNonRoot = false;
  const podValue = podSecurityContext(spec)?.runAsNonRoot;
  if (podValue != null) {
    if (podValue !== true) who.push('pod');
    else podNonRoot = true;
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const v = containerSecurityContext(c)?.runAsNonRoot;
    if (v != null) {
      if (v !== true) explicit.push(containerName(c));
    } else if (!podNonRoot) {
      implicit.push(containerName(c));
    }
  });
  if (explicit.length) who.push(containersPhrase(explicit));
  if (who.length) return forbidden('runAsNonRoot != true', `${who.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicit.length) return forbidden('runAsNonRoot != true', `pod or ${containersPhrase(implicit)} must set securityContext.runAsNonRoot=true`);
  return ALLOWED;
};

const runAsUser: CheckPodFn = (_meta, spec, opts) => {
  if (relaxForUserNamespace(spec, opts)) return ALLOWED;
  const who: string[] = [];
  if (podSecurityContext(spec)?.runAsUser === 0) who.push('pod');
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (containerSecurityContext(c)?.runAsUser === 0) bad.push(containerName(c));
  });
  if (bad.length) who.push(containersPhrase(bad));
  return who.length ? forbidden('runAsUser=0', `${who.join(' and ')} must not set runAsUser=0`) : ALLOWED;
};

const seccompProfileRestricted: CheckPodFn = (_meta, spec) => {
  const who: string[] = [];
  const badValues: string[] = [];
  let podSet = false;
  const podProfile = podSecurityContext(spec)?.seccompProfile;
  if (podProfile && typeof podProfile === 'object') {
    if (!validSeccompType(podProfile.type)) {
      who.push('pod');
      badValues.push(String(podProfile.type ?? ''));
    } else {
      podSet = true;
    }
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const p = containerSecurityContext(c)?.seccompProfile;
    if (p && typeof p === 'object') {
      if (!validSeccompType(p.type)) {
        explicit.push(containerName(c));
        badValues.push(String(p.type ?? ''));
      }
    } else if (!podSet) {
      implicit.push(containerName(c));
    }
  });
  if (explicit.length) who.push(containersPhrase(explicit));
  if (who.length) return forbidden('seccompProfile', `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`);
  if (implicit.length) return forbidden('seccompProfile', `pod or ${containersPhrase(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
  return ALLOWED;
};

export const RESTRICTED_CHECKS: readonly Check[] = [
  {
    id: 'allowPrivilegeEscalation',
    level: 'restricted',
    versions: [
      { minimumVersion: 8, checkPod: allowPrivilegeEscalation },
      { minimumVersion: 25, checkPod: exceptWindows(allowPrivilegeEscalation) },
    ],
  },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: 22, checkPod: capabilitiesRestricted, overrides: [CAPABILITIES_BASELINE] },
      { minimumVersion: 25, checkPod: exceptWindows(capabilitiesRestricted), overrides: [CAPABILITIES_BASELINE] },
    ],
  },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: restrictedVolumes, overrides: [HOST_PATH_VOLUMES] }] },
  { id: 'runAsNonRoot', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: runAsNonRoot }] },
  { id: 'runAsUser', level: 'restricted', versions: [{ minimumVersion: 23, checkPod: runAsUser }] },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: 19, checkPod: seccompProfileRestricted, overrides: [SECCOMP_BASELINE] },
      { minimumVersion: 25, checkPod: exceptWindows(seccompProfileRestricted), overrides: [SECCOMP_BASELINE] },
    ],
  },
];
