// PodSpec and PodTemplateSpec validation (ValidatePodSpec and its helpers in
// pkg/apis/core/validation, v1.34 with default feature gates): volumes, containers,
// resources, probes, security contexts, scheduling constraints.

import { operatorValuesErrors, validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  validateAnnotations,
  validateLabels,
  validateNameByRule,
} from '../../apimachinery/validation.js';
import { isValidIP } from './net.js';
import {
  isHugePageResourceName,
  isOvercommitAllowed,
  validateContainerResourceName,
  validateResourceName,
  validateResourceQuantityValue,
} from './resources.js';
import {
  child,
  fieldErr,
  index,
  inclusiveRangeError,
  isConfigMapKey,
  isHTTPHeaderName,
  isObj,
  isRelaxedEnvVarName,
  isSet,
  isValidGroupID,
  isValidPortName,
  isValidPortNum,
  isValidUserID,
  key,
  num,
  obj,
  objs,
  optNum,
  quantity,
  sortedKeys,
  str,
  strs,
  validateNonnegative,
  validateQualifiedName,
  type FieldErrors,
  type Obj,
} from './util.js';

export interface PodValidationOptions {
  /** The object is a Pod (not a template embedded in a workload). */
  resourceIsPod: boolean;
  allowInvalidLabelValueInSelector?: boolean;
}

const FILE_MODE_MSG = 'must be a number between 0 and 0777 (octal), both inclusive';
const PD_PARTITION_MSG = inclusiveRangeError(1, 255);
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const MAX_INT32 = 2147483647;

// ---- paths ----

function validatePathNoBacksteps(target: string, path: string): FieldErrors {
  return target.replace(/\\/g, '/').split('/').includes('..') ? [fieldErr.invalid(path, target, "must not contain '..'")] : [];
}

function validateLocalDescendingPath(target: string, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (target.startsWith('/')) errs.push(fieldErr.invalid(path, target, 'must be a relative path'));
  return errs.concat(validatePathNoBacksteps(target, path));
}

function validateLocalNonReservedPath(target: string, path: string): FieldErrors {
  const errs = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(fieldErr.invalid(path, target, "must not start with '..'"));
  return errs;
}

function validateMode(v: unknown, path: string): FieldErrors {
  const m = optNum(v);
  return m !== undefined && (m > 0o777 || m < 0) ? [fieldErr.invalid(path, m, FILE_MODE_MSG)] : [];
}

// ---- volumes ----

function validateKeyToPath(kp: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (str(kp.key) === '') errs.push(fieldErr.required(`${path}.key`, ''));
  if (str(kp.path) === '') errs.push(fieldErr.required(`${path}.path`, ''));
  errs.push(...validateLocalNonReservedPath(str(kp.path), `${path}.path`));
  errs.push(...validateMode(kp.mode, `${path}.mode`));
  return errs;
}

const FIELD_PATH_LABELS = new Set([
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName',
  'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs',
  'status.podIP', 'status.podIPs',
]);
const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];
const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

function splitSubscript(fieldPath: string): { path: string; subscript: string } | undefined {
  const m = /^(metadata\.(?:annotations|labels))\['(.*)'\]$/.exec(fieldPath);
  return m ? { path: m[1]!, subscript: m[2]! } : undefined;
}

function validateObjectFieldSelector(fs: Obj, allowed: string[], path: string): FieldErrors {
  const apiVersion = str(fs.apiVersion);
  const fieldPath = str(fs.fieldPath);
  if (apiVersion === '') return [fieldErr.required(`${path}.apiVersion`, '')];
  if (fieldPath === '') return [fieldErr.required(`${path}.fieldPath`, '')];
  const sub = splitSubscript(fieldPath);
  let converted: string | undefined;
  if (apiVersion !== 'v1') converted = undefined;
  else if (sub || FIELD_PATH_LABELS.has(fieldPath)) converted = fieldPath;
  if (converted === undefined) {
    const err = apiVersion !== 'v1' ? `unsupported pod version: ${apiVersion}` : `field label not supported: ${fieldPath}`;
    return [fieldErr.invalid(`${path}.fieldPath`, fieldPath, `error converting fieldPath: ${err}`)];
  }
  if (sub) {
    const name = sub.path === 'metadata.annotations' ? sub.subscript.toLowerCase() : sub.subscript;
    return validateQualifiedName(name, path);
  }
  if (!allowed.includes(fieldPath)) return [fieldErr.notSupported(`${path}.fieldPath`, fieldPath, allowed)];
  return [];
}

const RESOURCE_FIELD_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

function validateResourceFieldSelector(fs: Obj, path: string, volume: boolean): FieldErrors {
  const errs: FieldErrors = [];
  const resource = str(fs.resource);
  if (volume && str(fs.containerName) === '') errs.push(fieldErr.required(`${path}.containerName`, ''));
  else if (resource === '') errs.push(fieldErr.required(`${path}.resource`, ''));
  else if (!RESOURCE_FIELD_PATHS.includes(resource) && !resource.startsWith('requests.hugepages-') && !resource.startsWith('limits.hugepages-')) {
    errs.push(fieldErr.notSupported(`${path}.resource`, resource, RESOURCE_FIELD_PATHS));
  }
  const divisor = quantity(fs.divisor);
  if (divisor && !divisor.isZero()) {
    const d = divisor.toString();
    const memoryish = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
    const bad = (kind: string) =>
      errs.push(fieldErr.invalid(`${path}.divisor`, resource, `only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the ${kind}`));
    if ((resource === 'limits.cpu' || resource === 'requests.cpu') && !['1m', '1'].includes(d)) {
      errs.push(fieldErr.invalid(`${path}.divisor`, resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
    }
    if ((resource === 'limits.memory' || resource === 'requests.memory') && !memoryish.includes(d)) bad('memory resource');
    if ((resource === 'limits.ephemeral-storage' || resource === 'requests.ephemeral-storage') && !memoryish.includes(d)) bad('local ephemeral storage resource');
    if ((resource.startsWith('requests.hugepages-') || resource.startsWith('limits.hugepages-')) && !memoryish.includes(d)) bad('hugepages resource');
  }
  return errs;
}

function validateDownwardAPIFile(file: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (str(file.path) === '') errs.push(fieldErr.required(`${path}.path`, ''));
  errs.push(...validateLocalNonReservedPath(str(file.path), `${path}.path`));
  if (isSet(file.fieldRef)) {
    errs.push(...validateObjectFieldSelector(obj(file.fieldRef), VOLUME_FIELD_PATHS, `${path}.fieldRef`));
    if (isSet(file.resourceFieldRef)) errs.push(fieldErr.invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (isSet(file.resourceFieldRef)) {
    errs.push(...validateResourceFieldSelector(obj(file.resourceFieldRef), `${path}.resourceFieldRef`, true));
  } else errs.push(fieldErr.required(path, 'one of fieldRef and resourceFieldRef is required'));
  errs.push(...validateMode(file.mode, `${path}.mode`));
  return errs;
}

function validateProjected(proj: Obj, path: string): FieldErrors {
  const errs = validateMode(proj.defaultMode, `${path}.defaultMode`);
  const allPaths = new Set<string>();
  const addPath = (p: string, value: string) => {
    if (allPaths.has(p)) errs.push(fieldErr.invalid(path, value, 'conflicting duplicate paths'));
    else allPaths.add(p);
  };
  objs(proj.sources).forEach((source, i) => {
    const sp = `${path}.sources[${i}]`;
    let n = 0;
    for (const kind of ['secret', 'configMap'] as const) {
      if (!isSet(source[kind])) continue;
      n++;
      const s = obj(source[kind]);
      if (str(s.name) === '') errs.push(fieldErr.required(`${sp}.${kind}.name`, ''));
      objs(s.items).forEach((kp, j) => {
        errs.push(...validateKeyToPath(kp, `${sp}.${kind}.items[${j}]`));
        if (str(kp.path)) addPath(str(kp.path), str(s.name));
      });
    }
    if (isSet(source.downwardAPI)) {
      n++;
      for (const f of objs(obj(source.downwardAPI).items)) {
        errs.push(...validateDownwardAPIFile(f, `${sp}.downwardAPI`));
        if (str(f.path)) addPath(str(f.path), str(f.path));
      }
    }
    if (isSet(source.serviceAccountToken)) {
      n++;
      const t = obj(source.serviceAccountToken);
      const exp = num(t.expirationSeconds);
      if (exp < 600) errs.push(fieldErr.invalid(`${sp}.serviceAccountToken.expirationSeconds`, exp, 'may not specify a duration less than 10 minutes'));
      if (exp > 2 ** 32) errs.push(fieldErr.invalid(`${sp}.serviceAccountToken.expirationSeconds`, exp, 'may not specify a duration larger than 2^32 seconds'));
      if (str(t.path) === '') errs.push(fieldErr.required(`${path}.path`, ''));
      else errs.push(...validateLocalNonReservedPath(str(t.path), `${path}.path`));
    }
    if (isSet(source.clusterTrustBundle)) {
      n++;
      const c = obj(source.clusterTrustBundle);
      if (str(c.path) === '') errs.push(fieldErr.required(`${sp}.clusterTrustBundle.path`, ''));
      errs.push(...validateLocalNonReservedPath(str(c.path), `${sp}.clusterTrustBundle.path`));
      addPath(str(c.path), str(c.path));
    }
    if (isSet(source.podCertificate)) n++;
    if (n > 1) errs.push(fieldErr.forbidden(sp, 'may not specify more than 1 volume type per source'));
  });
  return errs;
}

const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

export function validateCSIDriverName(name: string, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (name.length === 0) errs.push(fieldErr.required(path, ''));
  if (Buffer.byteLength(name) > 63) errs.push(fieldErr.tooLong(path, 63));
  for (const m of isDNS1123Subdomain(name.toLowerCase())) errs.push(fieldErr.invalid(path, name, m));
  return errs;
}

type SourceValidator = (s: Obj, path: string, volName: string, podName: string | undefined, opts: PodValidationOptions) => FieldErrors;

const required = (s: Obj, path: string, ...fields: string[]): FieldErrors =>
  fields.filter((f) => (Array.isArray(s[f]) ? (s[f] as unknown[]).length === 0 : str(s[f]) === '')).map((f) => fieldErr.required(`${path}.${f}`, ''));

const partition = (s: Obj, path: string): FieldErrors => {
  const p = num(s.partition);
  return p < 0 || p > 255 ? [fieldErr.invalid(`${path}.partition`, p, PD_PARTITION_MSG)] : [];
};

/** The volume sources in upstream's order: [field, path used for its own errors, validator]. */
const VOLUME_SOURCES: [string, string, SourceValidator][] = [
  ['emptyDir', 'emptyDir', (s, p) => {
    const q = quantity(s.sizeLimit);
    return q && q.sign() < 0 ? [fieldErr.forbidden(`${p}.sizeLimit`, 'SizeLimit field must be a valid resource quantity')] : [];
  }],
  ['hostPath', 'hostPath', (s, p) => {
    if (str(s.path) === '') return [fieldErr.required(`${p}.path`, '')];
    const errs = validatePathNoBacksteps(str(s.path), `${p}.path`);
    if (isSet(s.type) && !HOST_PATH_TYPES.includes(str(s.type))) errs.push(fieldErr.notSupported(`${p}.type`, str(s.type), HOST_PATH_TYPES));
    return errs;
  }],
  ['gitRepo', 'gitRepo', (s, p) => [...required(s, p, 'repository'), ...validateLocalDescendingPath(str(s.directory), `${p}.directory`)]],
  ['gcePersistentDisk', 'persistentDisk', (s, p) => [...required(s, p, 'pdName'), ...partition(s, p)]],
  ['awsElasticBlockStore', 'awsElasticBlockStore', (s, p) => [...required(s, p, 'volumeID'), ...partition(s, p)]],
  ['secret', 'secret', (s, p) => {
    const errs = required(s, p, 'secretName');
    errs.push(...validateMode(s.defaultMode, `${p}.defaultMode`));
    objs(s.items).forEach((kp, i) => errs.push(...validateKeyToPath(kp, `${p}.items[${i}]`)));
    return errs;
  }],
  ['nfs', 'nfs', (s, p) => {
    const errs = required(s, p, 'server', 'path');
    if (!str(s.path).startsWith('/')) errs.push(fieldErr.invalid(`${p}.path`, str(s.path), 'must be an absolute path'));
    return errs;
  }],
  ['iscsi', 'iscsi', (s, p) => {
    const errs = required(s, p, 'targetPortal', 'iqn');
    const lun = num(s.lun);
    if (lun < 0 || lun > 255) errs.push(fieldErr.invalid(`${p}.lun`, lun, inclusiveRangeError(0, 255)));
    if ((s.discoveryCHAPAuth === true || s.sessionCHAPAuth === true) && !isSet(s.secretRef)) errs.push(fieldErr.required(`${p}.secretRef`, ''));
    return errs;
  }],
  ['glusterfs', 'glusterfs', (s, p) => required(s, p, 'endpoints', 'path')],
  ['flocker', 'flocker', (s, p) => {
    const errs: FieldErrors = [];
    const name = str(s.datasetName);
    const uuid = str(s.datasetUUID);
    if (!name && !uuid) errs.push(fieldErr.required(p, 'one of datasetName and datasetUUID is required'));
    if (name && uuid) errs.push(fieldErr.invalid(p, 'resource', 'datasetName and datasetUUID can not be specified simultaneously'));
    if (name.includes('/')) errs.push(fieldErr.invalid(`${p}.datasetName`, name, "must not contain '/'"));
    return errs;
  }],
  ['persistentVolumeClaim', 'persistentVolumeClaim', (s, p) => required(s, p, 'claimName')],
  ['rbd', 'rbd', (s, p) => required(s, p, 'monitors', 'image')],
  ['cinder', 'cinder', (s, p) => {
    const errs = required(s, p, 'volumeID');
    if (isSet(s.secretRef) && str(obj(s.secretRef).name) === '') errs.push(fieldErr.required(`${p}.secretRef.name`, ''));
    return errs;
  }],
  ['cephfs', 'cephfs', (s, p) => required(s, p, 'monitors')],
  ['quobyte', 'quobyte', (s, p) => {
    const errs: FieldErrors = [];
    if (str(s.registry) === '') errs.push(fieldErr.required(`${p}.registry`, 'must be a host:port pair or multiple pairs separated by commas'));
    else if (str(s.tenant).length >= 65) errs.push(fieldErr.required(`${p}.tenant`, 'must be a UUID and may not exceed a length of 64 characters'));
    else {
      for (const pair of str(s.registry).split(',')) {
        if (!/^(\[[^\]]*\]|[^:]*):[^:]*$/.test(pair)) errs.push(fieldErr.invalid(`${p}.registry`, str(s.registry), 'must be a host:port pair or multiple pairs separated by commas'));
      }
    }
    return errs.concat(required(s, p, 'volume'));
  }],
  ['downwardAPI', 'downwardAPI', (s, p) => {
    const errs = validateMode(s.defaultMode, `${p}.defaultMode`);
    for (const f of objs(s.items)) errs.push(...validateDownwardAPIFile(f, p));
    return errs;
  }],
  ['fc', 'fc', (s, p) => {
    const errs: FieldErrors = [];
    const wwns = strs(s.targetWWNs);
    const wwids = strs(s.wwids);
    if (wwns.length < 1 && wwids.length < 1) errs.push(fieldErr.required(`${p}.targetWWNs`, 'must specify either targetWWNs or wwids, but not both'));
    if (wwns.length && wwids.length) errs.push(fieldErr.invalid(`${p}.targetWWNs`, wwns, 'targetWWNs and wwids can not be specified simultaneously'));
    if (wwns.length) {
      const lun = optNum(s.lun);
      if (lun === undefined) errs.push(fieldErr.required(`${p}.lun`, 'lun is required if targetWWNs is specified'));
      else if (lun < 0 || lun > 255) errs.push(fieldErr.invalid(`${p}.lun`, lun, inclusiveRangeError(0, 255)));
    }
    return errs;
  }],
  ['flexVolume', 'flexVolume', (s, p) => {
    const errs = required(s, p, 'driver');
    for (const k of sortedKeys(s.options)) {
      const ns = k.includes('/') ? k.slice(0, k.indexOf('/')) : k;
      const normalized = '.' + ns.toLowerCase();
      if (normalized.endsWith('.kubernetes.io') || normalized.endsWith('.k8s.io')) errs.push(fieldErr.invalid(key(`${p}.options`, k), k, 'kubernetes.io and k8s.io namespaces are reserved'));
    }
    return errs;
  }],
  ['configMap', 'configMap', (s, p) => {
    const errs = required(s, p, 'name');
    errs.push(...validateMode(s.defaultMode, `${p}.defaultMode`));
    objs(s.items).forEach((kp, i) => errs.push(...validateKeyToPath(kp, `${p}.items[${i}]`)));
    return errs;
  }],
  ['azureFile', 'azureFile', (s, p) => required(s, p, 'secretName', 'shareName')],
  ['vsphereVolume', 'vsphereVolume', (s, p) => required(s, p, 'volumePath')],
  ['photonPersistentDisk', 'photonPersistentDisk', (s, p) => required(s, p, 'pdID')],
  ['portworxVolume', 'portworxVolume', (s, p) => required(s, p, 'volumeID')],
  ['azureDisk', 'azureDisk', (s, p) => required(s, p, 'diskName', 'diskURI')],
  ['storageos', 'storageos', (s, p) => required(s, p, 'volumeName')],
  ['projected', 'projected', (s, p) => validateProjected(s, p)],
  ['scaleIO', 'scaleIO', (s, p) => required(s, p, 'gateway', 'system', 'volumeName')],
  ['csi', 'csi', (s, p) => {
    const driver = str(s.driver);
    const errs = driver === '' ? [fieldErr.required(`${p}.driver`, '')] : validateCSIDriverName(driver, `${p}.driver`);
    if (isSet(s.nodePublishSecretRef) && str(obj(s.nodePublishSecretRef).name) === '') errs.push(fieldErr.required(`${p}.nodePublishSecretRef.name`, ''));
    return errs;
  }],
  ['ephemeral', 'ephemeral', (s, p, volName, podName) => {
    const errs: FieldErrors = [];
    if (!isSet(s.volumeClaimTemplate)) errs.push(fieldErr.required(`${p}.volumeClaimTemplate`, ''));
    else {
      const spec = obj(obj(s.volumeClaimTemplate).spec);
      const tp = `${p}.volumeClaimTemplate.spec`;
      if (strs(spec.accessModes).length === 0) errs.push(fieldErr.required(`${tp}.accessModes`, 'at least 1 access mode is required'));
      if (!Object.hasOwn(obj(obj(spec.resources).requests), 'storage')) errs.push(fieldErr.required(`${tp}.resources[storage]`, ''));
    }
    if (podName && volName) {
      const pvcName = `${podName}-${volName}`;
      for (const m of isDNS1123Subdomain(pvcName)) errs.push(fieldErr.invalid(p.replace(/\.ephemeral$/, '.name'), volName, `PVC name ${JSON.stringify(pvcName)}: ${m}`));
    }
    return errs;
  }],
  ['image', 'image', (s, p, _v, _n, opts) => {
    const errs: FieldErrors = [];
    if (opts.resourceIsPod && str(s.reference) === '') errs.push(fieldErr.required(`${p}.reference`, ''));
    errs.push(...validatePullPolicy(str(s.pullPolicy), `${p}.pullPolicy`));
    return errs;
  }],
];

/** A pod volume source's own checks, for the PersistentVolume sources that share them. */
export function validatePodVolumeSourceField(fieldName: string, source: Obj, path: string): FieldErrors {
  const entry = VOLUME_SOURCES.find(([f]) => f === fieldName);
  return entry ? entry[2](source, path, '', undefined, { resourceIsPod: false }) : [];
}

/** Field names used in the "more than 1 volume type" errors where they differ from the JSON names. */
const FORBIDDEN_NAMES: Record<string, string> = { downwardAPI: 'downwarAPI', cephfs: 'cephFS' };

function validateVolumeSource(vol: Obj, path: string, podName: string | undefined, opts: PodValidationOptions): FieldErrors {
  const errs: FieldErrors = [];
  let n = 0;
  const volName = str(vol.name);
  for (const [fieldName, ownPath, validator] of VOLUME_SOURCES) {
    if (!isSet(vol[fieldName])) continue;
    if (n > 0) {
      errs.push(fieldErr.forbidden(`${path}.${FORBIDDEN_NAMES[fieldName] ?? fieldName}`, 'may not specify more than 1 volume type'));
      continue;
    }
    n++;
    errs.push(...validator(obj(vol[fieldName]), `${path}.${ownPath}`, volName, podName, opts));
  }
  if (n === 0) errs.push(fieldErr.required(path, 'must specify a volume type'));
  return errs;
}

/** ValidateVolumes: the volume errors and the volumes that passed, by name. */
export function validateVolumes(volumes: Obj[], podName: string | undefined, path: string, opts: PodValidationOptions): { vols: Map<string, Obj>; errs: FieldErrors } {
  const errs: FieldErrors = [];
  const vols = new Map<string, Obj>();
  const created = new Set<string>();
  if (podName) for (const v of volumes) if (isSet(v.ephemeral)) created.add(`${podName}-${str(v.name)}`);
  volumes.forEach((vol, i) => {
    const p = index(path, i);
    const name = str(vol.name);
    const el = validateVolumeSource(vol, p, podName, opts);
    if (name === '') el.push(fieldErr.required(`${p}.name`, ''));
    else for (const m of isDNS1123Label(name)) el.push(fieldErr.invalid(`${p}.name`, name, m));
    if (vols.has(name)) el.push(fieldErr.duplicate(`${p}.name`, name));
    if (el.length === 0) vols.set(name, vol);
    else errs.push(...el);
    if (isSet(vol.persistentVolumeClaim) && created.has(str(obj(vol.persistentVolumeClaim).claimName))) {
      errs.push(fieldErr.invalid(`${p}.persistentVolumeClaim.claimName`, str(obj(vol.persistentVolumeClaim).claimName), 'must not reference a PVC that gets created for an ephemeral volume'));
    }
  });
  return { vols, errs };
}

// ---- containers ----

function validateContainerPorts(ports: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = index(path, i);
    const name = str(port.name);
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length) for (const m of msgs) errs.push(fieldErr.invalid(`${p}.name`, name, m));
      else if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
      else names.add(name);
    }
    const cp = num(port.containerPort);
    if (cp === 0) errs.push(fieldErr.required(`${p}.containerPort`, ''));
    else for (const m of isValidPortNum(cp)) errs.push(fieldErr.invalid(`${p}.containerPort`, cp, m));
    const hp = num(port.hostPort);
    if (hp !== 0) for (const m of isValidPortNum(hp)) errs.push(fieldErr.invalid(`${p}.hostPort`, hp, m));
    const proto = str(port.protocol);
    if (proto === '') errs.push(fieldErr.required(`${p}.protocol`, ''));
    else if (!PORT_PROTOCOLS.includes(proto)) errs.push(fieldErr.notSupported(`${p}.protocol`, proto, PORT_PROTOCOLS));
  });
  return errs;
}

function validateNameSelector(s: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(s.name);
  for (const m of isDNS1123Subdomain(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
  const k = str(s.key);
  if (k === '') errs.push(fieldErr.required(`${path}.key`, ''));
  else for (const m of isConfigMapKey(k)) errs.push(fieldErr.invalid(`${path}.key`, k, m));
  return errs;
}

function validateEnv(env: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  env.forEach((ev, i) => {
    const p = index(path, i);
    const name = str(ev.name);
    if (name === '') errs.push(fieldErr.required(`${p}.name`, ''));
    else for (const m of isRelaxedEnvVarName(name)) errs.push(fieldErr.invalid(`${p}.name`, name, m));
    if (!isSet(ev.valueFrom)) return;
    const vf = obj(ev.valueFrom);
    const vp = `${p}.valueFrom`;
    let n = 0;
    if (isSet(vf.fieldRef)) {
      n++;
      errs.push(...validateObjectFieldSelector(obj(vf.fieldRef), ENV_FIELD_PATHS, `${vp}.fieldRef`));
    }
    if (isSet(vf.resourceFieldRef)) {
      n++;
      errs.push(...validateResourceFieldSelector(obj(vf.resourceFieldRef), `${vp}.resourceFieldRef`, false));
    }
    if (isSet(vf.configMapKeyRef)) {
      n++;
      errs.push(...validateNameSelector(obj(vf.configMapKeyRef), `${vp}.configMapKeyRef`));
    }
    if (isSet(vf.secretKeyRef)) {
      n++;
      errs.push(...validateNameSelector(obj(vf.secretKeyRef), `${vp}.secretKeyRef`));
    }
    if (isSet(vf.fileKeyRef)) n++;
    if (n === 0) errs.push(fieldErr.invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
    else if (str(ev.value).length !== 0) errs.push(fieldErr.invalid(vp, '', 'may not be specified when `value` is not empty'));
    else if (n > 1) errs.push(fieldErr.invalid(vp, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

function validateEnvFrom(envFrom: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  envFrom.forEach((ev, i) => {
    const p = index(path, i);
    const prefix = str(ev.prefix);
    if (prefix.length > 0) for (const m of isRelaxedEnvVarName(prefix)) errs.push(fieldErr.invalid(`${p}.prefix`, prefix, m));
    let n = 0;
    for (const f of ['configMapRef', 'secretRef']) {
      if (!isSet(ev[f])) continue;
      n++;
      const name = str(obj(ev[f]).name);
      if (name === '') errs.push(fieldErr.required(`${p}.${f}.name`, ''));
      else for (const m of validateNameByRule('DNS1123Subdomain', name, true)) errs.push(fieldErr.invalid(`${p}.${f}.name`, name, m));
    }
    if (n === 0) errs.push(fieldErr.invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (n > 1) errs.push(fieldErr.invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

const MOUNT_PROPAGATIONS = ['Bidirectional', 'HostToContainer', 'None'];
const RRO = ['Disabled', 'Enabled', 'IfPossible'];

function validateVolumeMounts(ctr: Obj, vols: Map<string, Obj>, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const devices = new Map(objs(ctr.volumeDevices).map((d) => [str(d.name), str(d.devicePath)]));
  const mountpoints = new Set<string>();
  objs(ctr.volumeMounts).forEach((mnt, i) => {
    const p = index(path, i);
    const name = str(mnt.name);
    const mountPath = str(mnt.mountPath);
    if (name === '') errs.push(fieldErr.required(`${p}.name`, ''));
    if (!vols.has(name)) errs.push(fieldErr.notFound(`${p}.name`, name));
    if (mountPath === '') errs.push(fieldErr.required(`${p}.mountPath`, ''));
    if (mountpoints.has(mountPath)) errs.push(fieldErr.invalid(`${p}.mountPath`, mountPath, 'must be unique'));
    mountpoints.add(mountPath);
    if (devices.has(name)) errs.push(fieldErr.invalid(`${p}.name`, name, 'must not already exist in volumeDevices'));
    if ([...devices.values()].includes(mountPath)) errs.push(fieldErr.invalid(`${p}.mountPath`, mountPath, 'must not already exist as a path in volumeDevices'));
    const vol = vols.get(name);
    const subPath = str(mnt.subPath);
    const subPathExpr = str(mnt.subPathExpr);
    if (vol && isSet(vol.image)) {
      if (subPath) errs.push(fieldErr.invalid(`${p}.subPath`, subPath, 'not allowed in image volume sources'));
      if (subPathExpr) errs.push(fieldErr.invalid(`${p}.subPathExpr`, subPathExpr, 'not allowed in image volume sources'));
    }
    if (subPath) errs.push(...validateLocalDescendingPath(subPath, `${path}.subPath`));
    if (subPathExpr) {
      if (subPath) errs.push(fieldErr.invalid(`${p}.subPathExpr`, subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(subPathExpr, `${path}.subPathExpr`));
    }
    if (isSet(mnt.mountPropagation)) {
      const mp = str(mnt.mountPropagation);
      if (!MOUNT_PROPAGATIONS.includes(mp)) errs.push(fieldErr.notSupported(`${path}.mountPropagation`, mp, MOUNT_PROPAGATIONS));
      const privileged = obj(ctr.securityContext).privileged === true;
      if (mp === 'Bidirectional' && !privileged) errs.push(fieldErr.forbidden(`${path}.mountPropagation`, 'Bidirectional mount propagation is available only to privileged containers'));
    }
    if (isSet(mnt.recursiveReadOnly)) {
      const rro = str(mnt.recursiveReadOnly);
      const rp = `${path}.recursiveReadOnly`;
      if (rro === 'Enabled' || rro === 'IfPossible') {
        if (mnt.readOnly !== true) errs.push(fieldErr.forbidden(rp, 'may only be specified when readOnly is true'));
        if (isSet(mnt.mountPropagation) && mnt.mountPropagation !== 'None') errs.push(fieldErr.forbidden(rp, 'may only be specified when mountPropagation is None or not specified'));
      } else if (rro !== 'Disabled') errs.push(fieldErr.notSupported(rp, rro, RRO));
    }
  });
  return errs;
}

function validateVolumeDevices(ctr: Obj, vols: Map<string, Obj>, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const mounts = new Map(objs(ctr.volumeMounts).map((m) => [str(m.name), str(m.mountPath)]));
  const paths = new Set<string>();
  const names = new Set<string>();
  objs(ctr.volumeDevices).forEach((dev, i) => {
    const p = index(path, i);
    const name = str(dev.name);
    const devPath = str(dev.devicePath);
    const vol = vols.get(name);
    const isPVC = !!vol && (isSet(vol.persistentVolumeClaim) || isSet(vol.ephemeral));
    if (name === '') errs.push(fieldErr.required(`${p}.name`, ''));
    if (names.has(name)) errs.push(fieldErr.invalid(`${p}.name`, name, 'must be unique'));
    if (vol && !isPVC) errs.push(fieldErr.invalid(`${p}.name`, name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    if (!vol) errs.push(fieldErr.notFound(`${p}.name`, name));
    if (devPath === '') errs.push(fieldErr.required(`${p}.devicePath`, ''));
    if (paths.has(devPath)) errs.push(fieldErr.invalid(`${p}.devicePath`, devPath, 'must be unique'));
    if (devPath && validatePathNoBacksteps(devPath, '').length) errs.push(fieldErr.invalid(`${p}.devicePath`, devPath, "can not contain backsteps ('..')"));
    else paths.add(devPath);
    if (mounts.has(name)) errs.push(fieldErr.invalid(`${p}.name`, name, 'must not already exist in volumeMounts'));
    if ([...mounts.values()].includes(devPath)) errs.push(fieldErr.invalid(`${p}.devicePath`, devPath, 'must not already exist as a path in volumeMounts'));
    if (name) names.add(name);
  });
  return errs;
}

export function validatePullPolicy(policy: string, path: string): FieldErrors {
  if (['Always', 'IfNotPresent', 'Never'].includes(policy)) return [];
  if (policy === '') return [fieldErr.required(path, '')];
  return [fieldErr.notSupported(path, policy, ['Always', 'IfNotPresent', 'Never'])];
}

/** Page size of a hugepages-<size> resource, for divisibility. */
function hugePageDivisible(name: string, value: unknown): boolean {
  const size = quantity(name.slice('hugepages-'.length));
  const q = quantity(value);
  if (!size || !q || size.sign() <= 0) return false;
  return q.value() % size.value() === 0n;
}

/** validateResourceRequirements (containers, overhead and pod-level resources). */
export function validateResourceRequirements(req: Obj, nameFn: (n: string, p: string) => FieldErrors, podClaims: Set<string>, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const limits = obj(req.limits);
  const requests = obj(req.requests);
  let limCPUOrMem = false;
  let reqCPUOrMem = false;
  let hugePages = false;
  for (const name of sortedKeys(limits)) {
    const p = key(`${path}.limits`, name);
    errs.push(...nameFn(name, p));
    errs.push(...validateResourceQuantityValue(name, limits[name], p));
    if (isHugePageResourceName(name)) {
      hugePages = true;
      if (!hugePageDivisible(name, limits[name])) errs.push(fieldErr.invalid(p, quantity(limits[name])?.toString() ?? str(limits[name]), `${quantity(limits[name])} is not positive integer multiple of ${name}`));
    }
    if (name === 'cpu' || name === 'memory') limCPUOrMem = true;
  }
  for (const name of sortedKeys(requests)) {
    const p = key(`${path}.requests`, name);
    errs.push(...nameFn(name, p));
    errs.push(...validateResourceQuantityValue(name, requests[name], p));
    const rq = quantity(requests[name]);
    const lq = Object.hasOwn(limits, name) ? quantity(limits[name]) : undefined;
    if (rq && lq) {
      if (rq.cmp(lq) !== 0 && !isOvercommitAllowed(name)) errs.push(fieldErr.invalid(`${path}.requests`, rq.toString(), `must be equal to ${name} limit of ${lq}`));
      else if (rq.cmp(lq) > 0) errs.push(fieldErr.invalid(`${path}.requests`, rq.toString(), `must be less than or equal to ${name} limit of ${lq}`));
    } else if (!Object.hasOwn(limits, name) && !isOvercommitAllowed(name)) {
      errs.push(fieldErr.required(`${path}.limits`, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePageResourceName(name)) {
      hugePages = true;
      if (!hugePageDivisible(name, requests[name])) errs.push(fieldErr.invalid(p, rq?.toString() ?? str(requests[name]), `${rq} is not positive integer multiple of ${name}`));
    }
    if (name === 'cpu' || name === 'memory') reqCPUOrMem = true;
  }
  if (!limCPUOrMem && !reqCPUOrMem && hugePages) errs.push(fieldErr.forbidden(path, 'HugePages require cpu or memory'));
  const seen = new Set<string>();
  objs(req.claims).forEach((c, i) => {
    const p = `${path}.claims[${i}]`;
    const name = str(c.name);
    if (name === '') {
      errs.push(fieldErr.required(p, ''));
      return;
    }
    const request = str(c.request);
    if (seen.has(name)) errs.push(fieldErr.duplicate(p, name));
    else {
      let k = name;
      if (request) {
        for (const m of isDNS1123Label(request)) errs.push(fieldErr.invalid(`${p}.request`, request, m));
        k += '/' + request;
      }
      if (seen.has(k)) errs.push(fieldErr.duplicate(p, k));
      else if (!request) for (const s of seen) if (s.startsWith(name + '/')) errs.push(fieldErr.duplicate(p, name));
      seen.add(k);
    }
    if (!podClaims.has(name)) {
      const e = fieldErr.notFound(p, name);
      e.detail = 'must be one of the names in pod.spec.resourceClaims' + (podClaims.size === 0 ? ' which is empty' : ': ' + [...podClaims].sort().join(', '));
      errs.push(e);
    }
  });
  return errs;
}

function validatePortNumOrName(port: unknown, path: string): FieldErrors {
  if (typeof port === 'number') return isValidPortNum(port).map((m) => fieldErr.invalid(path, port, m));
  if (typeof port === 'string') return isValidPortName(port).map((m) => fieldErr.invalid(path, port, m));
  return [fieldErr.internal(path, 'unknown type: 0')];
}

function validateHandler(h: Obj, gracePeriod: number | undefined, path: string, allowSleep: boolean): FieldErrors {
  const errs: FieldErrors = [];
  let n = 0;
  const kinds = allowSleep ? ['exec', 'httpGet', 'tcpSocket', 'sleep'] : ['exec', 'httpGet', 'tcpSocket', 'grpc'];
  for (const k of kinds) {
    if (!isSet(h[k])) continue;
    if (n > 0) {
      errs.push(fieldErr.forbidden(`${path}.${k}`, 'may not specify more than 1 handler type'));
      continue;
    }
    n++;
    const v = obj(h[k]);
    const p = `${path}.${k}`;
    switch (k) {
      case 'exec':
        if (strs(v.command).length === 0) errs.push(fieldErr.required(`${p}.command`, ''));
        break;
      case 'httpGet': {
        if (str(v.path) === '') errs.push(fieldErr.required(`${p}.path`, ''));
        errs.push(...validatePortNumOrName(v.port, `${p}.port`));
        if (!['HTTP', 'HTTPS'].includes(str(v.scheme))) errs.push(fieldErr.notSupported(`${p}.scheme`, str(v.scheme), ['HTTP', 'HTTPS']));
        for (const hdr of objs(v.httpHeaders)) for (const m of isHTTPHeaderName(str(hdr.name))) errs.push(fieldErr.invalid(`${p}.httpHeaders`, str(hdr.name), m));
        break;
      }
      case 'tcpSocket':
        errs.push(...validatePortNumOrName(v.port, `${p}.port`));
        break;
      case 'grpc':
        errs.push(...validatePortNumOrName(num(v.port), `${p}.port`));
        break;
      case 'sleep': {
        const s = num(v.seconds);
        if (gracePeriod !== undefined && (s < 0 || s > gracePeriod)) {
          errs.push(fieldErr.invalid(p, s, `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`));
        }
        break;
      }
    }
  }
  if (n === 0) errs.push(fieldErr.required(path, 'must specify a handler type'));
  return errs;
}

function validateProbe(probe: Obj, gracePeriod: number | undefined, path: string): FieldErrors {
  const errs = validateHandler(probe, gracePeriod, path, false);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    errs.push(...validateNonnegative(num(probe[f]), `${path}.${f}`));
  }
  const tgp = optNum(probe.terminationGracePeriodSeconds);
  if (tgp !== undefined && tgp <= 0) errs.push(fieldErr.invalid(`${path}.terminationGracePeriodSeconds`, tgp, 'must be greater than 0'));
  return errs;
}

function validateProbes(ctr: Obj, gracePeriod: number | undefined, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (isSet(ctr.livenessProbe)) {
    const p = obj(ctr.livenessProbe);
    errs.push(...validateProbe(p, gracePeriod, `${path}.livenessProbe`));
    if (num(p.successThreshold) !== 1) errs.push(fieldErr.invalid(`${path}.livenessProbe.successThreshold`, num(p.successThreshold), 'must be 1'));
  }
  if (isSet(ctr.readinessProbe)) {
    const p = obj(ctr.readinessProbe);
    errs.push(...validateProbe(p, gracePeriod, `${path}.readinessProbe`));
    if (isSet(p.terminationGracePeriodSeconds)) errs.push(fieldErr.invalid(`${path}.readinessProbe.terminationGracePeriodSeconds`, p.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
  }
  if (isSet(ctr.startupProbe)) {
    const p = obj(ctr.startupProbe);
    errs.push(...validateProbe(p, gracePeriod, `${path}.startupProbe`));
    if (num(p.successThreshold) !== 1) errs.push(fieldErr.invalid(`${path}.startupProbe.successThreshold`, num(p.successThreshold), 'must be 1'));
  }
  return errs;
}

function validateLifecycle(lc: Obj, gracePeriod: number | undefined, path: string): FieldErrors {
  const errs: FieldErrors = [];
  for (const hook of ['postStart', 'preStop']) {
    if (isSet(lc[hook])) errs.push(...validateHandler(obj(lc[hook]), gracePeriod, `${path}.${hook}`, true));
  }
  return errs;
}

const SECCOMP_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];

function validateSeccompProfile(sp: unknown, path: string): FieldErrors {
  if (!isSet(sp)) return [];
  const s = obj(sp);
  const errs: FieldErrors = [];
  const type = str(s.type);
  if (type === '') errs.push(fieldErr.required(`${path}.type`, 'type is required when seccompProfile is set'));
  else if (!SECCOMP_TYPES.includes(type)) errs.push(fieldErr.notSupported(`${path}.type`, type, SECCOMP_TYPES));
  if (type === 'Localhost') {
    if (!isSet(s.localhostProfile)) errs.push(fieldErr.required(`${path}.localhostProfile`, 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(str(s.localhostProfile), `${path}.localhostProfile`));
  } else if (isSet(s.localhostProfile)) errs.push(fieldErr.invalid(`${path}.localhostProfile`, s, 'can only be set when seccomp type is Localhost'));
  return errs;
}

function validateAppArmorProfile(ap: unknown, path: string): FieldErrors {
  if (!isSet(ap)) return [];
  const a = obj(ap);
  const errs: FieldErrors = [];
  switch (a.type) {
    case 'Localhost':
      if (!isSet(a.localhostProfile)) errs.push(fieldErr.required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost'));
      else {
        const lp = str(a.localhostProfile);
        if (lp.trim() !== lp) errs.push(fieldErr.invalid(`${path}.localhostProfile`, lp, 'must not be padded with whitespace'));
        else if (lp === '') errs.push(fieldErr.required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost'));
        if (Buffer.byteLength(lp) > 4095) errs.push(fieldErr.tooLong(`${path}.localhostProfile`, 4095));
      }
      break;
    case 'RuntimeDefault':
    case 'Unconfined':
      if (isSet(a.localhostProfile)) errs.push(fieldErr.invalid(`${path}.localhostProfile`, str(a.localhostProfile), 'can only be set when AppArmor type is Localhost'));
      break;
    case '':
    case undefined:
    case null:
      errs.push(fieldErr.required(`${path}.type`, 'type is required when appArmorProfile is set'));
      break;
    default:
      errs.push(fieldErr.notSupported(`${path}.type`, str(a.type), SECCOMP_TYPES));
  }
  return errs;
}

function validateSecurityContext(scv: unknown, path: string, hostUsers: boolean): FieldErrors {
  if (!isSet(scv)) return [];
  const sc = obj(scv);
  const errs: FieldErrors = [];
  const runAsUser = optNum(sc.runAsUser);
  if (runAsUser !== undefined) for (const m of isValidUserID(runAsUser)) errs.push(fieldErr.invalid(`${path}.runAsUser`, runAsUser, m));
  const runAsGroup = optNum(sc.runAsGroup);
  if (runAsGroup !== undefined) for (const m of isValidGroupID(runAsGroup)) errs.push(fieldErr.invalid(`${path}.runAsGroup`, runAsGroup, m));
  if (isSet(sc.procMount)) {
    const pm = str(sc.procMount);
    if (pm !== 'Default' && pm !== 'Unmasked') errs.push(fieldErr.notSupported(`${path}.procMount`, pm, ['Default', 'Unmasked']));
    if (hostUsers && pm === 'Unmasked') errs.push(fieldErr.invalid(`${path}.procMount`, pm, '`hostUsers` must be false to use `Unmasked`'));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, `${path}.seccompProfile`));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true) errs.push(fieldErr.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    for (const c of strs(obj(sc.capabilities).add)) {
      if (c === 'CAP_SYS_ADMIN') errs.push(fieldErr.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
    }
  }
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, `${path}.appArmorProfile`));
  return errs;
}

const RESIZE_RESOURCES = ['cpu', 'memory'];
const RESIZE_POLICIES = ['NotRequired', 'RestartContainer'];

function validateResizePolicy(list: Obj[], path: string, podRestartPolicy: string): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const rn = str(p.resourceName);
    const rp = str(p.restartPolicy);
    if (seen.has(rn)) errs.push(fieldErr.duplicate(`${path}[${i}]`, rn));
    seen.add(rn);
    if (rn === '') errs.push(fieldErr.required(path, ''));
    else if (!RESIZE_RESOURCES.includes(rn)) errs.push(fieldErr.notSupported(path, rn, RESIZE_RESOURCES));
    if (rp === '') errs.push(fieldErr.required(path, ''));
    else if (!RESIZE_POLICIES.includes(rp)) errs.push(fieldErr.notSupported(path, rp, RESIZE_POLICIES));
    if (podRestartPolicy === 'Never' && rp !== 'NotRequired') errs.push(fieldErr.invalid(path, rp, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
  });
  return errs;
}

function validateContainerCommon(ctr: Obj, vols: Map<string, Obj>, podClaims: Set<string>, path: string, podRestartPolicy: string, hostUsers: boolean): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(ctr.name);
  if (name === '') errs.push(fieldErr.required(`${path}.name`, ''));
  else for (const m of isDNS1123Label(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
  if (str(ctr.image) === '') errs.push(fieldErr.required(`${path}.image`, ''));
  const tmp = str(ctr.terminationMessagePolicy);
  if (tmp === '') errs.push(fieldErr.required(`${path}.terminationMessagePolicy`, ''));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') errs.push(fieldErr.notSupported(`${path}.terminationMessagePolicy`, tmp, ['File', 'FallbackToLogsOnError']));
  errs.push(...validateContainerPorts(objs(ctr.ports), `${path}.ports`));
  errs.push(...validateEnv(objs(ctr.env), `${path}.env`));
  errs.push(...validateEnvFrom(objs(ctr.envFrom), `${path}.envFrom`));
  errs.push(...validateVolumeMounts(ctr, vols, `${path}.volumeMounts`));
  errs.push(...validateVolumeDevices(ctr, vols, `${path}.volumeDevices`));
  errs.push(...validatePullPolicy(str(ctr.imagePullPolicy), `${path}.imagePullPolicy`));
  errs.push(...validateResourceRequirements(obj(ctr.resources), validateContainerResourceName, podClaims, `${path}.resources`));
  errs.push(...validateResizePolicy(objs(ctr.resizePolicy), `${path}.resizePolicy`, podRestartPolicy));
  errs.push(...validateSecurityContext(ctr.securityContext, `${path}.securityContext`, hostUsers));
  return errs;
}

function checkHostPortConflicts(containers: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  const seen = new Set<string>();
  containers.forEach((c, ci) => {
    objs(c.ports).forEach((p, pi) => {
      const hp = num(p.hostPort);
      if (hp === 0) return;
      const k = `${str(p.protocol)}/${str(p.hostIP)}/${hp}`;
      if (seen.has(k)) errs.push(fieldErr.duplicate(`${path}[${ci}].ports[${pi}].hostPort`, k));
      else seen.add(k);
    });
  });
  return errs;
}

// ---- pod-level fields ----

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

export function validateTolerations(tolerations: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  tolerations.forEach((t, i) => {
    const p = index(path, i);
    const k = str(t.key);
    const op = str(t.operator);
    const effect = str(t.effect);
    if (k.length > 0) for (const m of isQualifiedName(k)) errs.push(fieldErr.invalid(`${p}.key`, k, m));
    if (k.length === 0 && op !== 'Exists') errs.push(fieldErr.invalid(`${p}.operator`, op, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    if (isSet(t.tolerationSeconds) && effect !== 'NoExecute') errs.push(fieldErr.invalid(`${p}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    switch (op) {
      case 'Equal':
      case '': {
        const e = isValidLabelValue(str(t.value));
        if (e.length) errs.push(fieldErr.invalid(`${p}.operator`, str(t.value), e.join(';')));
        break;
      }
      case 'Exists':
        if (str(t.value).length > 0) errs.push(fieldErr.invalid(`${p}.operator`, str(t.value), "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(fieldErr.notSupported(`${p}.operator`, op, ['Equal', 'Exists']));
    }
    if (effect.length > 0 && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(effect)) {
      errs.push(fieldErr.notSupported(`${p}.effect`, effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    }
  });
  return errs;
}

export function validateNodeSelectorTerm(term: Obj, allowInvalidValue: boolean, path: string): FieldErrors {
  const errs: FieldErrors = [];
  objs(term.matchExpressions).forEach((rq, j) => {
    const p = `${path}.matchExpressions[${j}]`;
    const values = strs(rq.values);
    const op = str(rq.operator);
    let operatorErrs = operatorValuesErrors(op, values, p);
    if (!operatorErrs && (op === 'Gt' || op === 'Lt')) {
      operatorErrs = values.length !== 1 ? [fieldErr.required(`${p}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'")] : [];
    }
    errs.push(...(operatorErrs ?? [fieldErr.invalid(`${p}.operator`, op, 'not a valid selector operator')]));
    for (const m of isQualifiedName(str(rq.key))) errs.push(fieldErr.invalid(`${p}.key`, str(rq.key), m));
    if (!allowInvalidValue) values.forEach((v, k) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErr.invalid(`${p}.values[${k}]`, v, m));
    });
  });
  objs(term.matchFields).forEach((rq, j) => {
    const p = `${path}.matchFields[${j}]`;
    if (rq.operator === 'In' || rq.operator === 'NotIn') {
      if (strs(rq.values).length !== 1) errs.push(fieldErr.required(`${p}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    } else errs.push(fieldErr.invalid(`${p}.operator`, str(rq.operator), 'not a valid selector operator'));
    if (str(rq.key) !== 'metadata.name') errs.push(fieldErr.invalid(`${p}.key`, str(rq.key), 'not a valid field selector key'));
    else strs(rq.values).forEach((v, k) => {
      for (const m of isDNS1123Subdomain(v)) errs.push(fieldErr.invalid(`${p}.values[${k}]`, v, m));
    });
  });
  return errs;
}

function validatePodAffinityTerm(term: Obj, allowInvalid: boolean, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const selOpts = { allowInvalidLabelValueInSelector: allowInvalid };
  if (isSet(term.labelSelector)) errs.push(...validateMetav1LabelSelector(obj(term.labelSelector), `${path}.labelSelector`, selOpts));
  if (isSet(term.namespaceSelector)) errs.push(...validateMetav1LabelSelector(obj(term.namespaceSelector), `${path}.namespaceSelector`, selOpts));
  for (const ns of strs(term.namespaces)) for (const m of isDNS1123Label(ns)) errs.push(fieldErr.invalid(`${path}.namespace`, ns, m));
  for (const f of ['matchLabelKeys', 'mismatchLabelKeys']) {
    const keys = strs(term[f]);
    if (keys.length === 0) continue;
    if (!isSet(term.labelSelector)) errs.push(fieldErr.forbidden(`${path}.${f}`, 'must not be specified when labelSelector is not set'));
    else keys.forEach((k, i) => {
      for (const m of isQualifiedName(k)) errs.push(fieldErr.invalid(`${path}.${f}[${i}]`, k, m));
    });
  }
  const tk = str(term.topologyKey);
  if (tk.length === 0) errs.push(fieldErr.required(`${path}.topologyKey`, 'can not be empty'));
  for (const m of isQualifiedName(tk)) errs.push(fieldErr.invalid(`${path}.topologyKey`, tk, m));
  return errs;
}

function validateAffinity(aff: unknown, allowInvalid: boolean, path: string): FieldErrors {
  if (!isSet(aff)) return [];
  const a = obj(aff);
  const errs: FieldErrors = [];
  if (isSet(a.nodeAffinity)) {
    const na = obj(a.nodeAffinity);
    const np = `${path}.nodeAffinity`;
    if (isSet(na.requiredDuringSchedulingIgnoredDuringExecution)) {
      const terms = objs(obj(na.requiredDuringSchedulingIgnoredDuringExecution).nodeSelectorTerms);
      const tp = `${np}.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
      if (terms.length === 0) errs.push(fieldErr.required(tp, 'must have at least one node selector term'));
      else terms.forEach((t, i) => errs.push(...validateNodeSelectorTerm(t, false, `${tp}[${i}]`)));
    }
    objs(na.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
      const tp = `${np}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      const w = num(t.weight);
      if (w <= 0 || w > 100) errs.push(fieldErr.invalid(`${tp}.weight`, w, 'must be in the range 1-100'));
      errs.push(...validateNodeSelectorTerm(obj(t.preference), true, `${tp}.preference`));
    });
  }
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    if (!isSet(a[kind])) continue;
    const pa = obj(a[kind]);
    const kp = `${path}.${kind}`;
    objs(pa.requiredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => errs.push(...validatePodAffinityTerm(t, allowInvalid, `${kp}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`)));
    objs(pa.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
      const tp = `${kp}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      const w = num(t.weight);
      if (w <= 0 || w > 100) errs.push(fieldErr.invalid(`${tp}.weight`, w, 'must be in the range 1-100'));
      errs.push(...validatePodAffinityTerm(obj(t.podAffinityTerm), allowInvalid, `${tp}.podAffinityTerm`));
    });
  }
  return errs;
}

function validateTopologySpreadConstraints(list: Obj[], path: string): FieldErrors {
  const errs: FieldErrors = [];
  list.forEach((c, i) => {
    const p = index(path, i);
    const maxSkew = num(c.maxSkew);
    if (maxSkew <= 0) errs.push(fieldErr.invalid(`${p}.maxSkew`, maxSkew, 'must be greater than zero'));
    if (str(c.topologyKey) === '') errs.push(fieldErr.required(`${p}.topologyKey`, 'can not be empty'));
    const wu = str(c.whenUnsatisfiable);
    if (wu !== 'DoNotSchedule' && wu !== 'ScheduleAnyway') errs.push(fieldErr.notSupported(`${p}.whenUnsatisfiable`, wu, ['DoNotSchedule', 'ScheduleAnyway']));
    for (const rest of list.slice(i + 1)) {
      if (str(rest.topologyKey) === str(c.topologyKey) && str(rest.whenUnsatisfiable) === wu) {
        errs.push(fieldErr.duplicate(`${p}.{topologyKey, whenUnsatisfiable}`, `{${str(c.topologyKey)}, ${wu}}`));
        break;
      }
    }
    const md = optNum(c.minDomains);
    if (md !== undefined) {
      if (md <= 0) errs.push(fieldErr.invalid(`${p}.minDomains`, md, 'must be greater than zero'));
      if (wu !== 'DoNotSchedule') errs.push(fieldErr.invalid(`${p}.minDomains`, md, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${wu}`));
    }
    for (const f of ['nodeAffinityPolicy', 'nodeTaintsPolicy']) {
      if (isSet(c[f]) && !['Honor', 'Ignore'].includes(str(c[f]))) errs.push(fieldErr.notSupported(`${p}.${f}`, str(c[f]), ['Honor', 'Ignore']));
    }
    const mlk = strs(c.matchLabelKeys);
    if (mlk.length > 0) {
      const sel = obj(c.labelSelector);
      const selKeys = new Set([...Object.keys(obj(sel.matchLabels)), ...objs(sel.matchExpressions).map((e) => str(e.key))]);
      if (!isSet(c.labelSelector)) errs.push(fieldErr.forbidden(`${p}.matchLabelKeys`, 'must not be specified when labelSelector is not set'));
      mlk.forEach((k, j) => {
        for (const m of isQualifiedName(k)) errs.push(fieldErr.invalid(`${p}.matchLabelKeys[${j}]`, k, m));
        if (selKeys.has(k)) errs.push(fieldErr.invalid(`${p}.matchLabelKeys[${j}]`, k, 'exists in both matchLabelKeys and labelSelector'));
      });
    }
    if (isSet(c.labelSelector)) errs.push(...validateMetav1LabelSelector(obj(c.labelSelector), `${p}.labelSelector`));
  });
  return errs;
}

function validateDNSConfig(cfg: unknown, dnsPolicy: string, path: string): FieldErrors {
  if (dnsPolicy === 'None') {
    if (!isSet(cfg)) return [fieldErr.required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (strs(obj(cfg).nameservers).length === 0) return [fieldErr.required(`${path}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!isSet(cfg)) return [];
  const c = obj(cfg);
  const errs: FieldErrors = [];
  const ns = strs(c.nameservers);
  if (ns.length > 3) errs.push(fieldErr.invalid(`${path}.nameservers`, ns, 'must not have more than 3 nameservers'));
  ns.forEach((n, i) => errs.push(...isValidIP(`${path}.nameservers[${i}]`, n)));
  const searches = strs(c.searches);
  if (searches.length > 32) errs.push(fieldErr.invalid(`${path}.searches`, searches, 'must not have more than 32 search paths'));
  if (searches.join(' ').length > 2048) errs.push(fieldErr.invalid(`${path}.searches`, searches, 'must not have more than 2048 characters (including spaces) in the search list'));
  searches.forEach((s, i) => {
    // AllowRelaxedDNSSearchValidation (GA in v1.34): "." and underscores are accepted.
    if (s === '.') return;
    const v = s.endsWith('.') ? s.slice(0, -1) : s;
    const fmt = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*';
    const msgs: string[] = [];
    if (Buffer.byteLength(v) > 253) msgs.push('must be no more than 253 characters');
    if (!new RegExp(`^${fmt}$`).test(v)) {
      msgs.push(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" +
          fmt +
          "')",
      );
    }
    for (const m of msgs) errs.push(fieldErr.invalid(`${path}.searches[${i}]`, v, m));
  });
  objs(c.options).forEach((o, i) => {
    if (str(o.name) === '') errs.push(fieldErr.required(`${path}.options[${i}]`, 'must not be empty'));
  });
  return errs;
}

function validatePodSecurityContext(scv: unknown, path: string): FieldErrors {
  if (!isSet(scv)) return [];
  const sc = obj(scv);
  const errs: FieldErrors = [];
  for (const [f, check] of [['fsGroup', isValidGroupID], ['runAsUser', isValidUserID], ['runAsGroup', isValidGroupID]] as const) {
    const v = optNum(sc[f]);
    if (v !== undefined) for (const m of check(v)) errs.push(fieldErr.invalid(`${path}.${f}`, v, m));
  }
  arr(sc.supplementalGroups).forEach((g, i) => {
    for (const m of isValidGroupID(num(g))) errs.push(fieldErr.invalid(`${path}.supplementalGroups[${i}]`, num(g), m));
  });
  if (sc.shareProcessNamespace === true && sc.hostPID === true) errs.push(fieldErr.invalid(`${path}.shareProcessNamespace`, true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  const names = new Set<string>();
  objs(sc.sysctls).forEach((s, i) => {
    const name = str(s.name);
    const p = `${path}.sysctls[${i}].name`;
    const re = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;
    if (name.length === 0) errs.push(fieldErr.required(p, ''));
    else if (name.length > 253 || !re.test(name)) {
      errs.push(fieldErr.invalid(p, name, 'must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$'));
    } else if (names.has(name)) errs.push(fieldErr.duplicate(p, name));
    names.add(name);
  });
  if (isSet(sc.fsGroupChangePolicy) && !['Always', 'OnRootMismatch'].includes(str(sc.fsGroupChangePolicy))) {
    errs.push(fieldErr.notSupported(`${path}.fsGroupChangePolicy`, str(sc.fsGroupChangePolicy), ['Always', 'OnRootMismatch']));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, `${path}.seccompProfile`));
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, `${path}.appArmorProfile`));
  if (isSet(sc.supplementalGroupsPolicy) && !['Merge', 'Strict'].includes(str(sc.supplementalGroupsPolicy))) {
    errs.push(fieldErr.notSupported(`${path}.supplementalGroupsPolicy`, str(sc.supplementalGroupsPolicy), ['Merge', 'Strict']));
  }
  if (isSet(sc.seLinuxChangePolicy) && !['MountOption', 'Recursive'].includes(str(sc.seLinuxChangePolicy))) {
    errs.push(fieldErr.notSupported(`${path}.seLinuxChangePolicy`, str(sc.seLinuxChangePolicy), ['MountOption', 'Recursive']));
  }
  return errs;
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** ValidatePodSpec. `podName` is the Pod's own name (absent for templates). */
export function validatePodSpec(spec: Obj, podName: string | undefined, path: string, opts: PodValidationOptions): FieldErrors {
  const errs: FieldErrors = [];
  const c = (n: string) => child(path, n);
  if (!isSet(spec.terminationGracePeriodSeconds)) errs.push(fieldErr.required(c('terminationGracePeriodSeconds'), ''));
  const gracePeriod = optNum(spec.terminationGracePeriodSeconds);
  const sc = obj(spec.securityContext);
  const hostUsers = sc.hostUsers !== false;
  const restartPolicy = str(spec.restartPolicy);

  const { vols, errs: vErrs } = validateVolumes(objs(spec.volumes), podName, c('volumes'), opts);
  errs.push(...vErrs);
  const podClaims = new Set(objs(spec.resourceClaims).map((rc) => str(rc.name)).filter((n) => n));
  const claimNames = new Set<string>();
  objs(spec.resourceClaims).forEach((rc, i) => {
    const p = `${c('resourceClaims')}[${i}]`;
    const name = str(rc.name);
    if (name === '') errs.push(fieldErr.required(`${p}.name`, ''));
    else if (claimNames.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    else {
      for (const m of isDNS1123Label(name)) errs.push(fieldErr.invalid(`${p}.name`, name, m));
      claimNames.add(name);
    }
    const hasClaim = isSet(rc.resourceClaimName);
    const hasTemplate = isSet(rc.resourceClaimTemplateName);
    if (hasClaim && hasTemplate) errs.push(fieldErr.invalid(p, rc, 'at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified'));
    if (!hasClaim && !hasTemplate) errs.push(fieldErr.invalid(p, rc, 'must specify one of: `resourceClaimName`, `resourceClaimTemplateName`'));
  });

  // Regular containers.
  const containers = objs(spec.containers);
  const cp = c('containers');
  if (containers.length === 0) errs.push(fieldErr.required(cp, ''));
  else {
    const names = new Set<string>();
    containers.forEach((ctr, i) => {
      const p = index(cp, i);
      errs.push(...validateContainerCommon(ctr, vols, podClaims, p, restartPolicy, hostUsers));
      if (names.has(str(ctr.name))) errs.push(fieldErr.duplicate(`${p}.name`, str(ctr.name)));
      else names.add(str(ctr.name));
      if (isSet(ctr.lifecycle)) errs.push(...validateLifecycle(obj(ctr.lifecycle), gracePeriod, `${p}.lifecycle`));
      errs.push(...validateProbes(ctr, gracePeriod, p));
      if (isSet(ctr.restartPolicy)) errs.push(fieldErr.forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
    });
    errs.push(...checkHostPortConflicts(containers, cp));
  }

  // Init containers.
  const initContainers = objs(spec.initContainers);
  const ip = c('initContainers');
  const allNames = new Set(containers.map((x) => str(x.name)));
  initContainers.forEach((ctr, i) => {
    const p = index(ip, i);
    errs.push(...validateContainerCommon(ctr, vols, podClaims, p, restartPolicy, hostUsers));
    let restartAlways = false;
    if (isSet(ctr.restartPolicy)) {
      if (ctr.restartPolicy !== 'Always') errs.push(fieldErr.notSupported(`${p}.restartPolicy`, str(ctr.restartPolicy), ['Always']));
      restartAlways = ctr.restartPolicy === 'Always';
    }
    const name = str(ctr.name);
    if (allNames.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    else if (name.length > 0) allNames.add(name);
    errs.push(...checkHostPortConflicts([ctr], ip));
    if (restartAlways) {
      if (isSet(ctr.lifecycle)) errs.push(...validateLifecycle(obj(ctr.lifecycle), gracePeriod, `${p}.lifecycle`));
      errs.push(...validateProbes(ctr, gracePeriod, p));
    } else {
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']) {
        if (isSet(ctr[f])) errs.push(fieldErr.forbidden(`${p}.${f}`, 'may not be set for init containers without restartPolicy=Always'));
      }
    }
  });

  // Ephemeral containers.
  const others = new Set([...containers, ...initContainers].map((x) => str(x.name)));
  const ephNames = new Set(others);
  objs(spec.ephemeralContainers).forEach((ec, i) => {
    const p = index(c('ephemeralContainers'), i);
    errs.push(...validateContainerCommon(ec, vols, podClaims, p, restartPolicy, hostUsers));
    const image = str(ec.image);
    if (image.length !== image.trim().length) errs.push(fieldErr.invalid(`${p}.image`, image, 'must not have leading or trailing whitespace'));
    const name = str(ec.name);
    if (ephNames.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    else ephNames.add(name);
    const target = str(ec.targetContainerName);
    if (target !== '' && !others.has(target)) errs.push(fieldErr.notFound(`${p}.targetContainerName`, target));
    for (const f of ['ports', 'resources', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle']) {
      const v = ec[f];
      if (isSet(v) && !(Array.isArray(v) && v.length === 0) && !(isObj(v) && Object.keys(v).length === 0)) {
        errs.push(fieldErr.forbidden(`${p}.${f}`, 'cannot be set for an Ephemeral Container'));
      }
    }
    objs(ec.volumeMounts).forEach((vm, j) => {
      if (str(vm.subPath)) errs.push(fieldErr.forbidden(`${p}.volumeMounts[${j}].subPath`, 'cannot be set for an Ephemeral Container'));
      if (str(vm.subPathExpr)) errs.push(fieldErr.forbidden(`${p}.volumeMounts[${j}].subPathExpr`, 'cannot be set for an Ephemeral Container'));
    });
  });

  // Pod-level resources (PodLevelResources is beta and on in v1.34).
  if (isSet(spec.resources)) {
    const r = obj(spec.resources);
    if (isSet(r.claims)) errs.push(fieldErr.forbidden(`${c('resources')}.claims`, 'claims cannot be set for Resources at pod-level'));
    const podResourceName = (n: string, p: string) => {
      const e = validateResourceName(n, p);
      if (e.length) return e;
      const supported = ['cpu', 'memory'];
      return supported.includes(n) || isHugePageResourceName(n) ? [] : [fieldErr.notSupported(p, n, supported)];
    };
    errs.push(...validateResourceRequirements({ limits: r.limits, requests: r.requests }, podResourceName, podClaims, c('resources')));
  }

  if (sc.hostNetwork === true || spec.hostNetwork === true) {
    containers.forEach((ctr, i) => {
      objs(ctr.ports).forEach((port, j) => {
        const hp = num(port.hostPort);
        if ((opts.resourceIsPod || hp !== 0) && hp !== num(port.containerPort)) {
          errs.push(fieldErr.invalid(`${cp}[${i}].ports[${j}].hostPort`, hp, 'must match `containerPort` when `hostNetwork` is true'));
        }
      });
    });
  }
  if (restartPolicy === '') errs.push(fieldErr.required(c('restartPolicy'), ''));
  else if (!RESTART_POLICIES.includes(restartPolicy)) errs.push(fieldErr.notSupported(c('restartPolicy'), restartPolicy, RESTART_POLICIES));
  const dnsPolicy = str(spec.dnsPolicy);
  if (dnsPolicy === '') errs.push(fieldErr.required(c('dnsPolicy'), ''));
  else if (!DNS_POLICIES.includes(dnsPolicy)) errs.push(fieldErr.notSupported(c('dnsPolicy'), dnsPolicy, DNS_POLICIES));
  errs.push(...validateLabels(obj(spec.nodeSelector) as Record<string, string>, c('nodeSelector')));
  errs.push(...validatePodSecurityContext(spec.securityContext, c('securityContext')));
  objs(spec.imagePullSecrets).forEach((s, i) => {
    if (Object.keys(s).some((k) => k !== 'name')) errs.push(fieldErr.invalid(`${c('imagePullSecrets')}[${i}]`, s, 'only name may be set'));
  });
  errs.push(...validateAffinity(spec.affinity, opts.allowInvalidLabelValueInSelector ?? false, c('affinity')));
  errs.push(...validateDNSConfig(spec.dnsConfig, dnsPolicy, c('dnsConfig')));
  objs(spec.readinessGates).forEach((g, i) => errs.push(...validateQualifiedName(str(g.conditionType), `${c('readinessGates')}[${i}].conditionType`)));
  const gates = new Set<string>();
  objs(spec.schedulingGates).forEach((g, i) => {
    const p = `${c('schedulingGates')}[${i}]`;
    errs.push(...validateQualifiedName(str(g.name), p));
    if (gates.has(str(g.name))) errs.push(fieldErr.duplicate(p, str(g.name)));
    gates.add(str(g.name));
  });
  errs.push(...validateTopologySpreadConstraints(objs(spec.topologySpreadConstraints), c('topologySpreadConstraints')));
  if (!hostUsers) {
    if (spec.hostNetwork === true) errs.push(fieldErr.forbidden(c('hostNetwork'), 'when `pod.Spec.HostUsers` is false'));
    if (spec.hostPID === true) errs.push(fieldErr.forbidden(c('HostPID'), 'when `pod.Spec.HostUsers` is false'));
    if (spec.hostIPC === true) errs.push(fieldErr.forbidden(c('HostIPC'), 'when `pod.Spec.HostUsers` is false'));
  }
  const sa = str(spec.serviceAccountName);
  if (sa.length > 0) for (const m of isDNS1123Subdomain(sa)) errs.push(fieldErr.invalid(c('serviceAccountName'), sa, m));
  const nodeName = str(spec.nodeName);
  if (nodeName.length > 0) for (const m of isDNS1123Subdomain(nodeName)) errs.push(fieldErr.invalid(c('nodeName'), nodeName, m));
  const ads = optNum(spec.activeDeadlineSeconds);
  if (ads !== undefined && (ads < 1 || ads > MAX_INT32)) errs.push(fieldErr.invalid(c('activeDeadlineSeconds'), ads, inclusiveRangeError(1, MAX_INT32)));
  for (const f of ['hostname', 'subdomain']) {
    const v = str(spec[f]);
    if (v.length > 0) for (const m of isDNS1123Label(v)) errs.push(fieldErr.invalid(c(f), v, m));
  }
  errs.push(...validateTolerations(objs(spec.tolerations), c('tolerations')));
  objs(spec.hostAliases).forEach((ha, i) => {
    const p = `${c('hostAliases')}[${i}]`;
    errs.push(...isValidIP(`${p}.ip`, str(ha.ip)));
    strs(ha.hostnames).forEach((h, j) => {
      for (const m of isDNS1123Subdomain(h)) errs.push(fieldErr.invalid(`${p}.hostnames[${j}]`, h, m));
    });
  });
  const pcn = str(spec.priorityClassName);
  if (pcn.length > 0) for (const m of isDNS1123Subdomain(pcn)) errs.push(fieldErr.invalid(c('priorityClassName'), pcn, m));
  if (isSet(spec.runtimeClassName)) for (const m of isDNS1123Subdomain(str(spec.runtimeClassName))) errs.push(fieldErr.invalid(c('runtimeClassName'), str(spec.runtimeClassName), m));
  if (isSet(spec.preemptionPolicy)) {
    const pp = str(spec.preemptionPolicy);
    if (pp === '') errs.push(fieldErr.required(c('preemptionPolicy'), ''));
    else if (pp !== 'PreemptLowerPriority' && pp !== 'Never') errs.push(fieldErr.notSupported(c('preemptionPolicy'), pp, ['PreemptLowerPriority', 'Never']));
  }
  if (isSet(spec.overhead)) errs.push(...validateResourceRequirements({ limits: spec.overhead }, validateContainerResourceName, new Set(), c('overhead')));
  if (isSet(spec.os)) {
    const os = str(obj(spec.os).name);
    if (os.length === 0) errs.push(fieldErr.required(`${c('os')}.name`, 'cannot be empty'));
    else if (os !== 'linux' && os !== 'windows') errs.push(fieldErr.notSupported(c('os'), os, ['linux', 'windows']));
  }
  return errs;
}

/** ValidatePodTemplateSpec. */
export function validatePodTemplateSpec(tpl: Obj, path: string, opts: PodValidationOptions): FieldErrors {
  const meta = obj(tpl.metadata);
  const errs: FieldErrors = [];
  errs.push(...validateLabels(obj(meta.labels) as Record<string, string>, `${path}.labels`));
  errs.push(...validateAnnotations(obj(meta.annotations) as Record<string, string>, `${path}.annotations`));
  errs.push(...validatePodSpecificAnnotations(obj(meta.annotations), `${path}.annotations`));
  const spec = obj(tpl.spec);
  errs.push(...validatePodSpec(spec, undefined, `${path}.spec`, opts));
  if (objs(spec.ephemeralContainers).length > 0) errs.push(fieldErr.forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  return errs;
}

/** ValidatePodSpecificAnnotations (the parts that apply without a node binding). */
export function validatePodSpecificAnnotations(annotations: Obj, path: string): FieldErrors {
  const cost = annotations['controller.kubernetes.io/pod-deletion-cost'];
  if (typeof cost === 'string') {
    const n = /^[+-]?[0-9]+$/.test(cost) ? Number(cost) : NaN;
    if (!(n >= -2147483648 && n <= MAX_INT32)) return [fieldErr.invalid(key(path, 'controller.kubernetes.io/pod-deletion-cost'), cost, 'must be a 32bit integer')];
  }
  return [];
}
