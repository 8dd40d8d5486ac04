// storage.k8s.io/v1: StorageClass, CSIStorageCapacity, VolumeAttachment, CSIDriver, CSINode, VolumeAttributesClass
// (pkg/apis/storage/validation/validation.go, v1.34; messages checked against kube-apiserver v1.32).

import { validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1123Subdomain, isQualifiedName, validateLabelName } from '../../apimachinery/validation.js';
import { validateCSIDriverName } from './pod.js';
import { fieldErr, IS_NEGATIVE_ERROR_MSG, isObj, isSet, obj, objs, quantity, semanticEqual, str, strMap, strs, validateImmutable, type FieldErrors, type Obj } from './util.js';

// ---- StorageClass ----

const MAX_PARAMETERS = 512;
const MAX_PARAMETERS_BYTES = 256 * 1024;

function validateProvisioner(provisioner: string): FieldErrors {
  if (provisioner === '') return [fieldErr.required('provisioner', provisioner)];
  // Upstream checks (and reports) the lower-cased name.
  const lower = provisioner.toLowerCase();
  return isQualifiedName(lower).map((m) => fieldErr.invalid('provisioner', lower, m));
}

function validateParameters(params: Record<string, string>): FieldErrors {
  const entries = Object.entries(params);
  if (entries.length > MAX_PARAMETERS) return [{ ...fieldErr.tooLong('parameters', MAX_PARAMETERS), detail: `may not be more than ${MAX_PARAMETERS} bytes` }];
  const errs: FieldErrors = [];
  let size = 0;
  for (const [k, v] of entries) {
    if (k.length < 1) errs.push(fieldErr.invalid('parameters', k, 'field can not be empty.'));
    size += Buffer.byteLength(k) + Buffer.byteLength(v);
  }
  if (size > MAX_PARAMETERS_BYTES) errs.push(fieldErr.tooLong('parameters', MAX_PARAMETERS_BYTES));
  return errs;
}

/** ValidateTopologySelectorTerm (core validation): each key once, values required and unique. */
function validateTopologySelectorTerm(term: Obj, path: string): { expr: Map<string, Set<string>>; errs: FieldErrors } {
  const errs: FieldErrors = [];
  const expr = new Map<string, Set<string>>();
  objs(term.matchLabelExpressions).forEach((req, i) => {
    const p = `${path}.matchLabelExpressions[${i}]`;
    const values = strs(req.values);
    const set = new Set<string>();
    if (values.length === 0) errs.push(fieldErr.required(`${p}.values`, ''));
    values.forEach((v, j) => {
      if (set.has(v)) errs.push(fieldErr.duplicate(`${p}.values[${j}]`, v));
      set.add(v);
    });
    const key = str(req.key);
    errs.push(...validateLabelName(key, `${p}.key`));
    if (expr.has(key)) errs.push(fieldErr.duplicate(`${p}.key`, key));
    expr.set(key, set);
  });
  return { expr, errs };
}

function sameTopology(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.size !== v.size || [...v].some((x) => !w.has(x))) return false;
  }
  return true;
}

function validateAllowedTopologies(terms: Obj[]): FieldErrors {
  const errs: FieldErrors = [];
  if (terms.length === 0) return errs;
  // Upstream compares each term with a list that starts with len(terms) empty entries, so an
  // empty term is always reported as a duplicate (kept for fidelity).
  const seen: Map<string, Set<string>>[] = terms.map(() => new Map());
  terms.forEach((term, i) => {
    const { expr, errs: termErrs } = validateTopologySelectorTerm(term, `allowedTopologies[${i}]`);
    errs.push(...termErrs);
    for (const t of seen) if (sameTopology(expr, t)) errs.push(fieldErr.duplicate(`allowedTopologies[${i}].matchLabelExpressions`, ''));
    seen.push(expr);
  });
  return errs;
}

export function validateStorageClass(sc: Obj): FieldErrors {
  const errs: FieldErrors = [...validateProvisioner(str(sc.provisioner)), ...validateParameters(strMap(sc.parameters))];
  if (isSet(sc.reclaimPolicy) && !['Delete', 'Retain'].includes(str(sc.reclaimPolicy))) {
    errs.push(fieldErr.notSupported('reclaimPolicy', str(sc.reclaimPolicy), ['Delete', 'Retain']));
  }
  if (!isSet(sc.volumeBindingMode)) errs.push(fieldErr.required('volumeBindingMode', ''));
  else if (!['Immediate', 'WaitForFirstConsumer'].includes(str(sc.volumeBindingMode))) {
    errs.push(fieldErr.notSupported('volumeBindingMode', str(sc.volumeBindingMode), ['Immediate', 'WaitForFirstConsumer']));
  }
  errs.push(...validateAllowedTopologies(objs(sc.allowedTopologies)));
  return errs;
}

export function validateStorageClassUpdate(sc: Obj, old: Obj): FieldErrors {
  const errs = validateStorageClass(sc);
  if (!semanticEqual(old.parameters ?? null, sc.parameters ?? null)) errs.push(fieldErr.forbidden('parameters', 'updates to parameters are forbidden.'));
  if (str(sc.provisioner) !== str(old.provisioner)) errs.push(fieldErr.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (str(sc.reclaimPolicy) !== str(old.reclaimPolicy)) errs.push(fieldErr.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errs.push(...validateImmutable(str(sc.volumeBindingMode), str(old.volumeBindingMode), 'volumeBindingMode'));
  return errs;
}

// ---- CSIStorageCapacity ----

export function validateCSIStorageCapacity(c: Obj): FieldErrors {
  const errs: FieldErrors = [];
  if (isObj(c.nodeTopology)) errs.push(...validateMetav1LabelSelector(obj(c.nodeTopology) as never, 'nodeTopology'));
  const sc = str(c.storageClassName);
  for (const m of isDNS1123Subdomain(sc)) errs.push(fieldErr.invalid('storageClassName', sc, m));
  const capacity = quantity(c.capacity);
  if (capacity && capacity.sign() < 0) errs.push(fieldErr.invalid('capacity', capacity.toString(), IS_NEGATIVE_ERROR_MSG));
  return errs;
}

// ---- VolumeAttachment ----

export function validateVolumeAttachment(va: Obj): FieldErrors {
  const spec = obj(va.spec);
  const attacher = str(spec.attacher);
  const errs: FieldErrors = attacher === '' ? [fieldErr.required('spec.attacher', '')] : [];
  const source = obj(spec.source);
  const hasPv = isSet(source.persistentVolumeName);
  const hasInline = isSet(source.inlineVolumeSpec);
  if (!hasPv && !hasInline) errs.push(fieldErr.required('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName'));
  else if (hasPv && hasInline) errs.push(fieldErr.forbidden('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName'));
  else if (hasPv && str(source.persistentVolumeName) === '') errs.push(fieldErr.required('spec.source.persistentVolumeName', 'must specify non empty persistentVolumeName'));
  const node = str(spec.nodeName);
  for (const m of isDNS1123Subdomain(node)) errs.push(fieldErr.invalid('spec.nodeName', node, m));
  const status = obj(va.status);
  for (const f of ['attachError', 'detachError'] as const) {
    const e = obj(status[f]);
    if (str(e.message).length > 1024) errs.push(fieldErr.tooLong(`status.${f}.message`, 1024));
  }
  let size = 0;
  for (const [k, v] of Object.entries(strMap(status.attachmentMetadata))) size += k.length + v.length;
  if (size > 256 * 1024) errs.push(fieldErr.tooLong('status.attachmentMetadata', 256 * 1024));
  // The v1 API then checks the attacher as a CSI driver name (ValidateVolumeAttachmentV1).
  for (const m of isDNS1123Subdomain(attacher)) errs.push(fieldErr.invalid('spec.attacher', attacher, m));
  return errs;
}

export function validateVolumeAttachmentUpdate(va: Obj, old: Obj, subresource?: string): FieldErrors {
  const errs = validateVolumeAttachment(va);
  // The spec is immutable except through the status subresource, which keeps it.
  if (subresource !== 'status' && !semanticEqual(va.spec ?? null, old.spec ?? null)) errs.push(fieldErr.invalid('spec', va.spec, 'field is immutable'));
  return errs;
}

// ---- CSIDriver ----

const MIN_TOKEN_SECONDS = 10 * 60;
const MAX_TOKEN_SECONDS = 2 ** 32;

function validateTokenRequests(requests: Obj[]): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  requests.forEach((r, i) => {
    const p = `spec.tokenRequests[${i}]`;
    const audience = str(r.audience);
    if (seen.has(audience)) errs.push(fieldErr.duplicate(`${p}.audience`, audience));
    seen.add(audience);
    if (typeof r.expirationSeconds === 'number') {
      if (r.expirationSeconds < MIN_TOKEN_SECONDS) errs.push(fieldErr.invalid(`${p}.expirationSeconds`, r.expirationSeconds, 'may not specify a duration less than 10 minutes'));
      if (r.expirationSeconds > MAX_TOKEN_SECONDS) errs.push(fieldErr.invalid(`${p}.expirationSeconds`, r.expirationSeconds, 'may not specify a duration larger than 2^32 seconds'));
    }
  });
  return errs;
}

export function validateCSIDriver(d: Obj): FieldErrors {
  const spec = obj(d.spec);
  const errs: FieldErrors = [];
  // Upstream's path for attachRequired really is "attachedRequired".
  const required: [string, string][] = [['attachRequired', 'spec.attachedRequired'], ['podInfoOnMount', 'spec.podInfoOnMount'], ['storageCapacity', 'spec.storageCapacity']];
  for (const [f, path] of required) if (!isSet(spec[f])) errs.push(fieldErr.required(path, ''));
  if (!isSet(spec.fsGroupPolicy)) errs.push(fieldErr.required('spec.fsGroupPolicy', ''));
  else if (!['File', 'None', 'ReadWriteOnceWithFSType'].includes(str(spec.fsGroupPolicy))) errs.push(fieldErr.notSupported('spec.fsGroupPolicy', str(spec.fsGroupPolicy), ['File', 'None', 'ReadWriteOnceWithFSType']));
  errs.push(...validateTokenRequests(objs(spec.tokenRequests)));
  for (const mode of strs(spec.volumeLifecycleModes)) {
    if (mode !== 'Persistent' && mode !== 'Ephemeral') errs.push(fieldErr.notSupported('spec.volumeLifecycleModes', mode, ['Persistent', 'Ephemeral']));
  }
  if (!isSet(spec.seLinuxMount)) errs.push(fieldErr.required('spec.seLinuxMount', ''));
  return errs;
}

export function validateCSIDriverUpdate(d: Obj, old: Obj): FieldErrors {
  const spec = obj(d.spec);
  const oldSpec = obj(old.spec);
  return [
    ...validateCSIDriver(d),
    ...validateImmutable(spec.attachRequired ?? null, oldSpec.attachRequired ?? null, 'spec.attachedRequired'),
    ...(semanticEqual(spec.volumeLifecycleModes ?? null, oldSpec.volumeLifecycleModes ?? null) ? [] : [fieldErr.invalid('spec.volumeLifecycleModes', spec.volumeLifecycleModes ?? null, 'field is immutable')]),
  ];
}

// ---- CSINode ----

const MAX_CSI_NODE_ID = 256;

export function validateCSINode(n: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const names = new Set<string>();
  objs(obj(n.spec).drivers).forEach((d, i) => {
    const p = `spec.drivers[${i}]`;
    const name = str(d.name);
    errs.push(...validateCSIDriverName(name, `${p}.name`));
    const nodeID = str(d.nodeID);
    if (nodeID === '') errs.push(fieldErr.required(`${p}.nodeID`, ''));
    else if (nodeID.length > MAX_CSI_NODE_ID) errs.push(fieldErr.invalid(`${p}.nodeID`, nodeID, `must be ${MAX_CSI_NODE_ID} characters or less`));
    const count = obj(d.allocatable).count;
    if (typeof count === 'number' && count < 0) errs.push(fieldErr.invalid(`${p}.allocatable.count`, count, IS_NEGATIVE_ERROR_MSG));
    // Topology key errors carry the driver's path, as upstream reports them.
    const keys = new Set<string>();
    for (const k of strs(d.topologyKeys)) {
      errs.push(...validateLabelName(k, p));
      if (keys.has(k)) errs.push(fieldErr.duplicate(p, k));
      keys.add(k);
    }
    if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    names.add(name);
  });
  return errs;
}

/** A driver entry, once registered, does not change (only whole entries come and go). */
export function validateCSINodeUpdate(n: Obj, old: Obj): FieldErrors {
  const errs = validateCSINode(n);
  const newDrivers = objs(obj(n.spec).drivers);
  for (const o of objs(obj(old.spec).drivers)) {
    for (const d of newDrivers) {
      if (str(o.name) === str(d.name) && !semanticEqual(o, d)) errs.push(fieldErr.invalid('CSINodeDriver', d, 'field is immutable'));
    }
  }
  return errs;
}

// ---- VolumeAttributesClass ----

export function validateVolumeAttributesClass(c: Obj): FieldErrors {
  const driver = str(c.driverName);
  const errs: FieldErrors = driver === '' ? [fieldErr.required('driverName', '')] : isQualifiedName(driver.toLowerCase()).map((m) => fieldErr.invalid('driverName', driver.toLowerCase(), m));
  const params = strMap(c.parameters);
  if (Object.keys(params).length === 0) errs.push(fieldErr.required('parameters', 'must contain at least one key/value pair'));
  else errs.push(...validateParameters(params));
  return errs;
}

export function validateVolumeAttributesClassUpdate(c: Obj, old: Obj): FieldErrors {
  const errs = validateVolumeAttributesClass(c);
  if (str(c.driverName) !== str(old.driverName)) errs.push(fieldErr.forbidden('driverName', 'updates to driverName are forbidden.'));
  if (!semanticEqual(old.parameters ?? null, c.parameters ?? null)) errs.push(fieldErr.forbidden('parameters', 'updates to parameters are forbidden.'));
  return errs;
}
