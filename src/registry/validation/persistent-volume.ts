// core/v1 PersistentVolume (ValidatePersistentVolume / ValidatePersistentVolumeSpec in
// pkg/apis/core/validation/validation.go, v1.34; messages checked against kube-apiserver v1.32):
// access modes, a storage capacity, reclaim policy, node affinity, exactly one volume source,
// class names and volume mode.

import { isDNS1123Label, isDNS1123Subdomain } from '../../apimachinery/validation.js';
import { validateCSIDriverName, validateNodeSelectorTerm, validatePodVolumeSourceField } from './pod.js';
import { fieldErr, isSet, obj, objs, quantity, semanticEqual, sortedKeys, str, strs, validateImmutable, type FieldErrors, type Obj } from './util.js';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];
const VOLUME_MODES = ['Block', 'Filesystem'];
const CSI_SECRET_REFS = ['controllerPublishSecretRef', 'nodeStageSecretRef', 'nodePublishSecretRef', 'controllerExpandSecretRef', 'nodeExpandSecretRef'];

function validateCSISource(csi: Obj, path: string): FieldErrors {
  const errs = validateCSIDriverName(str(csi.driver), `${path}.driver`);
  if (str(csi.volumeHandle) === '') errs.push(fieldErr.required(`${path}.volumeHandle`, ''));
  for (const ref of CSI_SECRET_REFS) {
    if (!isSet(csi[ref])) continue;
    const r = obj(csi[ref]);
    const name = str(r.name);
    const ns = str(r.namespace);
    if (name === '') errs.push(fieldErr.required(`${path}.${ref}.name`, ''));
    else for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(`${path}.${ref}.name`, name, m));
    if (ns === '') errs.push(fieldErr.required(`${path}.${ref}.namespace`, ''));
    else for (const m of isDNS1123Label(ns)) errs.push(fieldErr.invalid(`${path}.${ref}.namespace`, ns, m));
  }
  return errs;
}

function validateLocalSource(local: Obj, path: string): FieldErrors {
  const p = str(local.path);
  if (p === '') return [fieldErr.required(`${path}.path`, '')];
  return p.split('/').includes('..') ? [fieldErr.invalid(`${path}.path`, p, "must not contain '..'")] : [];
}

/** The persistent volume sources in upstream's order; the ones without an entry share the pod volume's checks. */
const SOURCES: [string, ((s: Obj, path: string) => FieldErrors) | undefined][] = [
  ['hostPath', undefined], ['gcePersistentDisk', undefined], ['awsElasticBlockStore', undefined], ['glusterfs', undefined], ['flocker', undefined],
  ['nfs', undefined], ['rbd', undefined], ['quobyte', undefined], ['cephfs', undefined], ['iscsi', undefined], ['cinder', undefined], ['fc', undefined],
  ['flexVolume', undefined], ['azureFile', undefined], ['vsphereVolume', undefined], ['photonPersistentDisk', undefined], ['portworxVolume', undefined],
  ['azureDisk', undefined], ['scaleIO', undefined], ['local', validateLocalSource], ['storageos', undefined], ['csi', validateCSISource],
];

/** validateVolumeNodeAffinity: whether affinity is given, and its errors. */
function validateNodeAffinity(affinity: unknown): { specified: boolean; errs: FieldErrors } {
  if (!isSet(affinity)) return { specified: false, errs: [] };
  const a = obj(affinity);
  if (!isSet(a.required)) return { specified: true, errs: [fieldErr.required('spec.nodeAffinity.required', 'must specify required node constraints')] };
  const terms = objs(obj(a.required).nodeSelectorTerms);
  const path = 'spec.nodeAffinity.required.nodeSelectorTerms';
  if (terms.length === 0) return { specified: true, errs: [fieldErr.required(path, 'must have at least one node selector term')] };
  const errs: FieldErrors = [];
  terms.forEach((t, i) => errs.push(...validateNodeSelectorTerm(t, false, `${path}[${i}]`)));
  return { specified: true, errs };
}

function validateCapacity(capacity: unknown): FieldErrors {
  const entries = obj(capacity);
  const keys = sortedKeys(entries);
  const errs: FieldErrors = [];
  if (keys.length === 0) errs.push(fieldErr.required('spec.capacity', ''));
  if (!keys.includes('storage') || keys.length > 1) {
    const shown = isSet(capacity) ? Object.fromEntries(keys.map((k) => [k, quantity(entries[k])?.toString() ?? str(entries[k])])) : null;
    errs.push(fieldErr.notSupported('spec.capacity', shown, ['storage']));
  }
  for (const k of keys) {
    const q = quantity(entries[k]);
    if (!q) continue;
    const path = `spec.capacity[${k}]`;
    if (q.value() < 0n) errs.push(fieldErr.invalid(path, Number(q.value()), 'must be a valid resource quantity'));
    if (q.sign() <= 0) errs.push(fieldErr.invalid(path, q.toString(), 'must be greater than zero'));
  }
  return errs;
}

export function validatePersistentVolume(pv: Obj): FieldErrors {
  const spec = obj(pv.spec);
  const errs: FieldErrors = [];
  const modes = strs(spec.accessModes);
  if (modes.length === 0) errs.push(fieldErr.required('spec.accessModes', ''));
  for (const m of modes) if (!ACCESS_MODES.includes(m)) errs.push(fieldErr.notSupported('spec.accessModes', m, ACCESS_MODES));
  if (modes.includes('ReadWriteOncePod') && modes.length > 1) errs.push(fieldErr.forbidden('spec.accessModes', 'may not use ReadWriteOncePod with other access modes'));
  errs.push(...validateCapacity(spec.capacity));
  const policy = str(spec.persistentVolumeReclaimPolicy);
  if (policy !== '' && !RECLAIM_POLICIES.includes(policy)) errs.push(fieldErr.notSupported('spec.persistentVolumeReclaimPolicy', policy, RECLAIM_POLICIES));
  const affinity = validateNodeAffinity(spec.nodeAffinity);
  errs.push(...affinity.errs);
  let sources = 0;
  for (const [field, own] of SOURCES) {
    if (!isSet(spec[field])) continue;
    if (sources > 0) {
      errs.push(fieldErr.forbidden(`spec.${field}`, 'may not specify more than 1 volume type'));
      continue;
    }
    sources++;
    const source = obj(spec[field]);
    errs.push(...(own ? own(source, `spec.${field}`) : validatePodVolumeSourceField(field, source, `spec.${field}`)));
    if (field === 'local' && !affinity.specified) errs.push(fieldErr.required('spec.nodeAffinity', 'Local volume requires node affinity'));
  }
  if (sources === 0) errs.push(fieldErr.required('spec', 'must specify a volume type'));
  const hostPath = str(obj(spec.hostPath).path);
  if (isSet(spec.hostPath) && hostPath.replace(/\/+/g, '/') === '/' && policy === 'Recycle') {
    errs.push(fieldErr.forbidden('spec.persistentVolumeReclaimPolicy', "may not be 'recycle' for a hostPath mount of '/'"));
  }
  const className = str(spec.storageClassName);
  if (className !== '') for (const m of isDNS1123Subdomain(className)) errs.push(fieldErr.invalid('spec.storageClassName', className, m));
  if (isSet(spec.volumeMode) && !VOLUME_MODES.includes(str(spec.volumeMode))) errs.push(fieldErr.notSupported('spec.volumeMode', str(spec.volumeMode), VOLUME_MODES));
  if (isSet(spec.volumeAttributesClassName)) {
    const vac = str(spec.volumeAttributesClassName);
    if (vac === '') errs.push(fieldErr.required('spec.volumeAttributesClassName', 'an empty string is disallowed'));
    else for (const m of isDNS1123Subdomain(vac)) errs.push(fieldErr.invalid('spec.volumeAttributesClassName', vac, m));
  }
  return errs;
}

const sourceOf = (spec: Obj): Obj => Object.fromEntries(SOURCES.filter(([f]) => isSet(spec[f])).map(([f]) => [f, spec[f]]));

/**
 * Updates keep the volume source and mode. Upstream's Forbidden message appends a cmp.Diff of
 * the two sources, which is not reproduced here.
 */
export function validatePersistentVolumeUpdate(pv: Obj, old: Obj, subresource?: string): FieldErrors {
  if (subresource === 'status') return [];
  const spec = obj(pv.spec);
  const oldSpec = obj(old.spec);
  const errs = validatePersistentVolume(pv);
  if (!semanticEqual(sourceOf(spec), sourceOf(oldSpec))) errs.push(fieldErr.forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is immutable after creation'));
  errs.push(...validateImmutable(spec.volumeMode ?? null, oldSpec.volumeMode ?? null, 'spec.volumeMode'));
  return errs;
}
