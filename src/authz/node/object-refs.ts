// The objects a pod or a persistent volume refers to, as upstream's
// podutil.VisitPodSecretNames / VisitPodConfigmapNames and pvutil.VisitPVSecretNames.

import type { Obj } from '../../types/kind.js';

type Any = Record<string, any>;

function containersOf(spec: Any): Any[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
}

export function podSecretNames(pod: Obj): string[] {
  const spec: Any = pod.spec ?? {};
  const names: string[] = [];
  const add = (n: unknown) => {
    if (typeof n === 'string' && n) names.push(n);
  };
  for (const s of spec.imagePullSecrets ?? []) add(s?.name);
  for (const c of containersOf(spec)) {
    for (const e of c.envFrom ?? []) add(e?.secretRef?.name);
    for (const e of c.env ?? []) add(e?.valueFrom?.secretKeyRef?.name);
  }
  for (const v of spec.volumes ?? []) {
    add(v.azureFile?.secretName);
    add(v.cephfs?.secretRef?.name);
    add(v.cinder?.secretRef?.name);
    add(v.flexVolume?.secretRef?.name);
    for (const p of v.projected?.sources ?? []) add(p?.secret?.name);
    add(v.rbd?.secretRef?.name);
    add(v.secret?.secretName);
    add(v.scaleIO?.secretRef?.name);
    add(v.iscsi?.secretRef?.name);
    add(v.storageos?.secretRef?.name);
    add(v.csi?.nodePublishSecretRef?.name);
  }
  return [...new Set(names)];
}

export function podConfigMapNames(pod: Obj): string[] {
  const spec: Any = pod.spec ?? {};
  const names: string[] = [];
  const add = (n: unknown) => {
    if (typeof n === 'string' && n) names.push(n);
  };
  for (const c of containersOf(spec)) {
    for (const e of c.envFrom ?? []) add(e?.configMapRef?.name);
    for (const e of c.env ?? []) add(e?.valueFrom?.configMapKeyRef?.name);
  }
  for (const v of spec.volumes ?? []) {
    for (const p of v.projected?.sources ?? []) add(p?.configMap?.name);
    add(v.configMap?.name);
  }
  return [...new Set(names)];
}

/** PVCs a pod mounts, including the claims of its generic ephemeral volumes (<pod>-<volume>). */
export function podClaimNames(pod: Obj): string[] {
  const names: string[] = [];
  for (const v of (pod.spec?.volumes ?? []) as Any[]) {
    if (v.persistentVolumeClaim?.claimName) names.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) names.push(`${pod.metadata.name}-${v.name}`);
  }
  return [...new Set(names)];
}

/** ResourceClaims a pod uses: named ones, and those generated for templates (from status). */
export function podResourceClaimNames(pod: Obj): string[] {
  const names: string[] = [];
  for (const c of (pod.spec?.resourceClaims ?? []) as Any[]) if (c.resourceClaimName) names.push(c.resourceClaimName);
  for (const s of (pod.status?.resourceClaimStatuses ?? []) as Any[]) if (s.resourceClaimName) names.push(s.resourceClaimName);
  return [...new Set(names)];
}

/** Secrets a PersistentVolume refers to, as [namespace, name]. */
export function pvSecretRefs(pv: Obj): [string, string][] {
  const spec: Any = pv.spec ?? {};
  const claimNs: string = spec.claimRef?.namespace ?? '';
  const out: [string, string][] = [];
  const add = (ref: Any | undefined, defaultNs = '') => {
    if (ref?.name) out.push([ref.namespace || defaultNs, ref.name]);
  };
  if (spec.azureFile?.secretName) out.push([spec.azureFile.secretNamespace || claimNs, spec.azureFile.secretName]);
  add(spec.cephfs?.secretRef, claimNs);
  add(spec.cinder?.secretRef, claimNs);
  add(spec.flexVolume?.secretRef, claimNs);
  add(spec.rbd?.secretRef, claimNs);
  add(spec.scaleIO?.secretRef, claimNs);
  add(spec.iscsi?.secretRef, claimNs);
  add(spec.storageos?.secretRef, claimNs);
  for (const k of ['controllerPublishSecretRef', 'nodeStageSecretRef', 'nodePublishSecretRef', 'controllerExpandSecretRef', 'nodeExpandSecretRef']) add(spec.csi?.[k]);
  return out.filter(([ns]) => ns !== '');
}
