// core/v1 kinds other than LimitRange and ResourceQuota: Pod, Service, ConfigMap, Secret,
// Namespace, ServiceAccount, Event, Endpoints, PodTemplate, ReplicationController
// (pkg/apis/core/validation, v1.34).

import type { FieldError } from '../../apimachinery/errors.js';
import { goJsonSyntaxError } from '../../apimachinery/continue.js';
import { labelSelectorFromSet } from '../../apimachinery/labels.js';
import { validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, validateLabels } from '../../apimachinery/validation.js';
import type { Obj as KindObj } from '../../types/kind.js';
import { isDualStackIPStrings, isIPv6String, isValidCIDR, isValidIP, isValidIPForLegacyField, parseIPSloppy, isIPv4Bytes } from './net.js';
import { validatePodSpec, validatePodSpecificAnnotations, validatePodTemplateSpec, type PodValidationOptions } from './pod.js';
import {
  fieldErr,
  FIELD_IMMUTABLE,
  isConfigMapKey,
  isSet,
  isValidPortName,
  isValidPortNum,
  num,
  obj,
  objs,
  optNum,
  quantity,
  semanticEqual,
  sortedKeys,
  str,
  strs,
  validateImmutable,
  validateNonnegative,
  validateQualifiedName,
  type FieldErrors,
  type Obj,
} from './util.js';

const POD_OPTS: PodValidationOptions = { resourceIsPod: true };
const MAX_INT32 = 2147483647;

// ---- Pod ----

function validatePodMetadataAndSpec(pod: Obj): FieldErrors {
  const meta = obj(pod.metadata);
  const spec = obj(pod.spec);
  const errs = validatePodSpecificAnnotations(obj(meta.annotations), 'metadata.annotations');
  errs.push(...validatePodSpec(spec, str(meta.name) || undefined, 'spec', POD_OPTS));
  if (str(spec.serviceAccountName) === '') {
    objs(spec.volumes).forEach((v, vi) => {
      if (!isSet(v.projected)) return;
      objs(obj(v.projected).sources).forEach((s, si) => {
        if (isSet(s.serviceAccountToken)) {
          errs.push(fieldErr.forbidden(`spec.volumes[${vi}].projected.sources[${si}].serviceAccountToken`, 'must not be specified when serviceAccountName is not set'));
        }
      });
    });
  }
  for (const kind of ['containers', 'initContainers']) {
    objs(spec[kind]).forEach((c, i) => {
      const image = str(c.image);
      if (image.length !== image.trim().length) errs.push(fieldErr.invalid(`spec.${kind}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  }
  return errs;
}

export function validatePod(pod: Obj): FieldErrors {
  const errs = validatePodMetadataAndSpec(pod);
  const spec = obj(pod.spec);
  if (objs(spec.ephemeralContainers).length > 0) errs.push(fieldErr.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  if (str(spec.nodeName) !== '' && objs(spec.schedulingGates).length !== 0) {
    errs.push(fieldErr.forbidden('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

const UPDATABLE_POD_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** A short field-level diff in place of cmp.Diff's rendering of the two specs. */
function specDiff(oldSpec: Obj, newSpec: Obj, typeName = 'core.PodSpec'): string {
  const lines = [`  ${typeName}{`];
  for (const k of [...new Set([...Object.keys(oldSpec), ...Object.keys(newSpec)])].sort()) {
    if (semanticEqual(oldSpec[k], newSpec[k])) continue;
    const field = k.charAt(0).toUpperCase() + k.slice(1);
    lines.push(`- \t${field}: ${JSON.stringify(oldSpec[k] ?? null)},`, `+ \t${field}: ${JSON.stringify(newSpec[k] ?? null)},`);
  }
  lines.push('  }', '');
  return lines.join('\n');
}

function onlyKeysDiffer(a: Obj, b: Obj, allowed: Set<string>): boolean {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (!allowed.has(k) && !semanticEqual(a[k], b[k])) return false;
  return true;
}

function validateOnlyAddedTolerations(newT: Obj[], oldT: Obj[], path: string): FieldErrors {
  for (const old of oldT) {
    const found = newT.some((t) => semanticEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t));
    if (!found) return [fieldErr.forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return [];
}

/** ValidatePodStatusUpdate checks that hold for any update (status is carried over on main updates). */
function validatePodStatus(pod: Obj, old: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const status = obj(pod.status);
  const oldStatus = obj(old.status);
  objs(status.conditions).forEach((c, i) => {
    const t = str(c.type);
    if (['PodScheduled', 'Ready', 'Initialized'].includes(t)) return;
    errs.push(...validateQualifiedName(t, `metadata.conditions[${i}].Type`));
  });
  const nominated = str(status.nominatedNodeName);
  if (nominated !== str(oldStatus.nominatedNodeName) && nominated.length > 0) {
    for (const m of isDNS1123Subdomain(nominated)) errs.push(fieldErr.invalid('status.nominatedNodeName', nominated, m));
  }
  errs.push(...validateImmutable(str(status.qosClass), str(oldStatus.qosClass), 'status.qosClass'));
  const podIPs = objs(status.podIPs).map((p) => str(p.ip));
  podIPs.forEach((ip, i) => errs.push(...isValidIP(`status.podIPs[${i}]`, ip)));
  if (podIPs.length > 1) {
    if (!isDualStackIPStrings(podIPs) || podIPs.length > 2) errs.push(fieldErr.invalid('status.podIPs', status.podIPs, 'may specify no more than one IP for each IP family'));
    const seen = new Set<string>();
    objs(status.podIPs).forEach((p, i) => {
      if (seen.has(str(p.ip))) errs.push(fieldErr.duplicate(`status.podIPs[${i}]`, p));
      seen.add(str(p.ip));
    });
  }
  const hostIPs = objs(status.hostIPs).map((p) => str(p.ip));
  if (hostIPs.length > 0) {
    if (str(status.hostIP) !== hostIPs[0]) errs.push(fieldErr.invalid('status.hostIPs[0].ip', hostIPs[0], 'must be equal to `hostIP`'));
    hostIPs.forEach((ip, i) => errs.push(...isValidIP(`status.hostIPs[${i}]`, ip)));
  }
  return errs;
}

export function validatePodUpdate(pod: Obj, old: Obj, subresource?: string): FieldErrors {
  const spec = obj(pod.spec);
  const oldSpec = obj(old.spec);
  const errs = validatePodMetadataAndSpec(pod);
  errs.push(...validatePodStatus(pod, old));
  // pods/resize changes container resources (and resize policies); the endpoint limits the rest.
  if (subresource === 'resize') return errs;

  // The binding, ephemeralcontainers and resize subresources change their own slice of the spec.
  if (str(oldSpec.nodeName) === '' && str(spec.nodeName) !== '' && onlyKeysDiffer(spec, oldSpec, new Set(['nodeName']))) return errs;
  if (onlyKeysDiffer(spec, oldSpec, new Set(['ephemeralContainers']))) {
    const byName = new Map(objs(spec.ephemeralContainers).map((c) => [str(c.name), c]));
    for (const oc of objs(oldSpec.ephemeralContainers)) {
      const nc = byName.get(str(oc.name));
      if (!nc) errs.push(fieldErr.forbidden('spec.ephemeralContainers', `existing ephemeral containers ${JSON.stringify(str(oc.name))} may not be removed\n`));
      else if (!semanticEqual(oc, nc)) errs.push(fieldErr.forbidden('spec.ephemeralContainers', `existing ephemeral containers ${JSON.stringify(str(oc.name))} may not be changed\n`));
    }
    return errs;
  }

  for (const kind of ['containers', 'initContainers']) {
    const nc = objs(spec[kind]);
    const oc = objs(oldSpec[kind]);
    if (nc.length !== oc.length) {
      errs.push(fieldErr.forbidden(`spec.${kind}`, 'pod updates may not add or remove containers'));
      return errs;
    }
    nc.forEach((c, i) => {
      const image = str(c.image);
      if (image.length === 0) errs.push(fieldErr.required(`spec.${kind}[${i}].image`, ''));
      if (image.trim().length !== image.length) errs.push(fieldErr.invalid(`spec.${kind}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  }
  const ads = optNum(spec.activeDeadlineSeconds);
  const oldAds = optNum(oldSpec.activeDeadlineSeconds);
  if (ads !== undefined) {
    if (ads < 0 || ads > MAX_INT32) {
      errs.push(fieldErr.invalid('spec.activeDeadlineSeconds', ads, `must be between 0 and ${MAX_INT32}, inclusive`));
      return errs;
    }
    if (oldAds !== undefined && oldAds < ads) {
      errs.push(fieldErr.invalid('spec.activeDeadlineSeconds', ads, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (oldAds !== undefined) {
    errs.push(fieldErr.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(objs(spec.tolerations), objs(oldSpec.tolerations), 'spec.tolerations'));
  const oldGates = new Set(objs(oldSpec.schedulingGates).map((g) => str(g.name)));
  objs(spec.schedulingGates).forEach((g, i) => {
    if (!oldGates.has(str(g.name))) errs.push(fieldErr.forbidden(`spec.schedulingGates[${i}].name`, `only deletion is allowed, but found new scheduling gate '${str(g.name)}'`));
  });
  if (semanticEqual(spec, oldSpec)) return errs;

  // Carry the updatable fields over from the old spec and compare the rest.
  const munged: Obj = { ...spec };
  for (const kind of ['containers', 'initContainers']) {
    const oc = objs(oldSpec[kind]);
    if (Array.isArray(spec[kind])) munged[kind] = objs(spec[kind]).map((c, i) => ({ ...c, image: oc[i]!.image }));
  }
  munged.activeDeadlineSeconds = oldSpec.activeDeadlineSeconds;
  munged.schedulingGates = oldSpec.schedulingGates;
  munged.tolerations = oldSpec.tolerations;
  const oldTgp = optNum(oldSpec.terminationGracePeriodSeconds);
  if (oldTgp !== undefined && oldTgp < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldTgp;
  if (objs(oldSpec.schedulingGates).length > 0) {
    // Gated pods may add node selectors and node affinity terms.
    const oldSel = obj(oldSpec.nodeSelector);
    const newSel = obj(munged.nodeSelector);
    if (!semanticEqual(oldSel, newSel)) {
      if (Object.entries(oldSel).some(([k, v]) => newSel[k] !== v)) {
        errs.push(fieldErr.invalid('spec.nodeSelector', newSel, 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'));
      }
      munged.nodeSelector = oldSpec.nodeSelector;
    }
    const oldAff = obj(oldSpec.affinity).nodeAffinity;
    const newAff = obj(munged.affinity).nodeAffinity;
    if (!semanticEqual(oldAff, newAff)) munged.affinity = { ...obj(munged.affinity), nodeAffinity: oldAff };
  }
  if (!semanticEqual(munged, oldSpec)) {
    errs.push(fieldErr.forbidden('spec', `pod updates may not change fields other than ${UPDATABLE_POD_FIELDS.join(',')}\n${specDiff(oldSpec, munged)}`));
  }
  return errs;
}

// ---- PodTemplate, ReplicationController ----

export function validatePodTemplate(pt: Obj): FieldErrors {
  return validatePodTemplateSpec(obj(pt.template), 'template', { resourceIsPod: false });
}

function validateReplicationControllerSpec(spec: Obj): FieldErrors {
  const errs = validateNonnegative(num(spec.minReadySeconds), 'spec.minReadySeconds');
  const selector = obj(spec.selector) as Record<string, string>;
  if (Object.keys(selector).length === 0) errs.push(fieldErr.required('spec.selector', ''));
  errs.push(...validateNonnegative(num(spec.replicas), 'spec.replicas'));
  if (!isSet(spec.template)) errs.push(fieldErr.required('spec.template', ''));
  else {
    const tpl = obj(spec.template);
    const labels = obj(obj(tpl.metadata).labels) as Record<string, string>;
    if (Object.keys(selector).length > 0 && !labelSelectorFromSet(selector).matches(labels)) {
      errs.push(fieldErr.invalid('spec.template.metadata.labels', labels, '`selector` does not match template `labels`'));
    }
    errs.push(...validatePodTemplateSpec(tpl, 'spec.template', { resourceIsPod: false }));
    const tspec = obj(tpl.spec);
    if (str(tspec.restartPolicy) !== 'Always') errs.push(fieldErr.notSupported('spec.template.spec.restartPolicy', str(tspec.restartPolicy), ['Always']));
    if (isSet(tspec.activeDeadlineSeconds)) errs.push(fieldErr.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return errs;
}

function validateReplicaCountsStatus(status: Obj, fields: string[]): FieldErrors {
  const errs: FieldErrors = [];
  for (const f of fields) errs.push(...validateNonnegative(num(status[f]), `status.${f}`));
  const replicas = num(status.replicas);
  for (const f of ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas']) {
    if (fields.includes(f) && num(status[f]) > replicas) errs.push(fieldErr.invalid(`status.${f}`, num(status[f]), 'cannot be greater than status.replicas'));
  }
  if (num(status.availableReplicas) > num(status.readyReplicas)) errs.push(fieldErr.invalid('status.availableReplicas', num(status.availableReplicas), 'cannot be greater than readyReplicas'));
  return errs;
}

export const RS_STATUS_FIELDS = ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration'];

export function validateReplicationController(rc: Obj): FieldErrors {
  return validateReplicationControllerSpec(obj(rc.spec));
}

export function validateReplicationControllerUpdate(rc: Obj): FieldErrors {
  return [...validateReplicationControllerSpec(obj(rc.spec)), ...validateReplicaCountsStatus(obj(rc.status), RS_STATUS_FIELDS)];
}

export { validateReplicaCountsStatus };

// ---- Service ----

/** ValidateNonSpecialIP: no unspecified, loopback or link-local addresses. */
export function validateNonSpecialIP(ip: string, p: string): FieldErrors {
  const parsed = parseIPSloppy(ip);
  if (!parsed) return [fieldErr.invalid(p, ip, 'must be a valid IP address')];
  const errs: FieldErrors = [];
  const b = parsed.bytes;
  const v4 = isIPv4Bytes(b);
  if (v4 ? b.slice(12).every((x) => x === 0) : b.every((x) => x === 0)) errs.push(fieldErr.invalid(p, ip, `may not be unspecified (${ip})`));
  if ((v4 && b[12] === 127) || (!v4 && b.slice(0, 15).every((x) => x === 0) && b[15] === 1)) {
    errs.push(fieldErr.invalid(p, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  }
  if ((v4 && b[12] === 169 && b[13] === 254) || (!v4 && b[0] === 0xfe && (b[1]! & 0xc0) === 0x80)) {
    errs.push(fieldErr.invalid(p, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  }
  if ((v4 && b[12] === 224 && b[13] === 0 && b[14] === 0) || (!v4 && b[0] === 0xff && (b[1]! & 0x0f) === 0x02)) {
    errs.push(fieldErr.invalid(p, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  }
  return errs;
}

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

const isHeadless = (spec: Obj) => strs(spec.clusterIPs).length === 1 && strs(spec.clusterIPs)[0] === 'None';
const externallyAccessible = (spec: Obj) =>
  spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && strs(spec.externalIPs).length > 0);
const needsHealthCheck = (spec: Obj) => spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';

/** normalizeClusterIPs (service strategy): an old client's clusterIP alone also sets clusterIPs. */
function normalizeService(svc: Obj, old?: Obj): Obj {
  const spec = { ...obj(svc.spec) };
  const oldSpec = old ? obj(old.spec) : undefined;
  if (oldSpec && spec.type !== 'ExternalName' && oldSpec.type !== 'ExternalName') {
    // patchAllocatedValues: allocated IPs and families carry over when the client omits them.
    if (str(spec.clusterIP) === '' && str(oldSpec.clusterIP) !== '' && strs(spec.clusterIPs).length === 0) {
      spec.clusterIP = oldSpec.clusterIP;
      spec.clusterIPs = oldSpec.clusterIPs;
    }
    if (strs(spec.ipFamilies).length === 0 && strs(oldSpec.ipFamilies).length > 0 && str(spec.clusterIP) === str(oldSpec.clusterIP)) spec.ipFamilies = oldSpec.ipFamilies;
    if (!isSet(spec.ipFamilyPolicy) && isSet(oldSpec.ipFamilyPolicy) && str(spec.clusterIP) === str(oldSpec.clusterIP)) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
    if (needsHealthCheck(spec) && needsHealthCheck(oldSpec) && num(spec.healthCheckNodePort) === 0) spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
  }
  if (str(spec.clusterIP).length > 0 && strs(spec.clusterIPs).length === 0) spec.clusterIPs = [spec.clusterIP];
  return { ...svc, spec };
}

function validateServicePort(sp: Obj, requireName: boolean, names: Set<string>, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const name = str(sp.name);
  if (requireName && name.length === 0) errs.push(fieldErr.required(`${path}.name`, ''));
  else if (name.length !== 0) {
    for (const m of isDNS1123Label(name)) errs.push(fieldErr.invalid(`${path}.name`, name, m));
    if (names.has(name)) errs.push(fieldErr.duplicate(`${path}.name`, name));
    else names.add(name);
  }
  const port = num(sp.port);
  for (const m of isValidPortNum(port)) errs.push(fieldErr.invalid(`${path}.port`, port, m));
  const proto = str(sp.protocol);
  if (proto === '') errs.push(fieldErr.required(`${path}.protocol`, ''));
  else if (!PORT_PROTOCOLS.includes(proto)) errs.push(fieldErr.notSupported(`${path}.protocol`, proto, PORT_PROTOCOLS));
  const tp = sp.targetPort ?? 0;
  if (typeof tp === 'number') for (const m of isValidPortNum(tp)) errs.push(fieldErr.invalid(`${path}.targetPort`, tp, m));
  else for (const m of isValidPortName(str(tp))) errs.push(fieldErr.invalid(`${path}.targetPort`, str(tp), m));
  if (isSet(sp.appProtocol)) errs.push(...validateQualifiedName(str(sp.appProtocol), `${path}.appProtocol`));
  return errs;
}

function validateClusterIPsRelatedFields(spec: Obj): FieldErrors {
  if (spec.type === 'ExternalName') return [];
  const errs: FieldErrors = [];
  const clusterIP = str(spec.clusterIP);
  const clusterIPs = strs(spec.clusterIPs);
  if (clusterIP.length !== 0) {
    if (clusterIPs.length === 0) errs.push(fieldErr.required('spec.clusterIPs', ''));
    else if (clusterIPs[0] !== clusterIP) errs.push(fieldErr.invalid('spec.clusterIPs', clusterIPs, 'first value must match `clusterIP`'));
  } else if (clusterIPs.length !== 0) errs.push(fieldErr.invalid('spec.clusterIPs', clusterIPs, 'must be empty when `clusterIP` is not specified'));
  const families = strs(spec.ipFamilies);
  const seen = new Set<string>();
  families.forEach((f, i) => {
    if (f !== 'IPv4' && f !== 'IPv6') errs.push(fieldErr.notSupported(`spec.ipFamilies[${i}]`, f, ['IPv4', 'IPv6']));
    if (seen.has(f)) errs.push(fieldErr.duplicate(`spec.ipFamilies[${i}]`, f));
    seen.add(f);
  });
  if (isSet(spec.ipFamilyPolicy) && !['PreferDualStack', 'RequireDualStack', 'SingleStack'].includes(str(spec.ipFamilyPolicy))) {
    errs.push(fieldErr.notSupported('spec.ipFamilyPolicy', str(spec.ipFamilyPolicy), ['PreferDualStack', 'RequireDualStack', 'SingleStack']));
  }
  let invalidIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        invalidIPs = true;
        errs.push(fieldErr.invalid('spec.clusterIPs', clusterIPs, "'None' must be the first and only value"));
      }
      return;
    }
    const e = isValidIP(`spec.clusterIPs[${i}]`, ip);
    if (e.length) invalidIPs = true;
    errs.push(...e);
  });
  if (clusterIPs.length > 2) errs.push(fieldErr.invalid('spec.clusterIPs', clusterIPs, 'may only hold up to 2 values'));
  if (invalidIPs) return errs;
  if (clusterIPs.length > 1 && !isDualStackIPStrings(clusterIPs)) errs.push(fieldErr.invalid('spec.clusterIPs', clusterIPs, 'may specify no more than one IP for each IP family'));
  if (!isHeadless(spec) && clusterIPs.length > 0 && families.length > 0) {
    clusterIPs.forEach((ip, i) => {
      if (i > families.length - 1) return;
      if (families[i] === 'IPv4' && isIPv6String(ip)) errs.push(fieldErr.invalid(`spec.clusterIPs[${i}]`, ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (families[i] === 'IPv6' && !isIPv6String(ip)) errs.push(fieldErr.invalid(`spec.clusterIPs[${i}]`, ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errs;
}

function validateServiceSpec(svc: Obj, old?: Obj): FieldErrors {
  const spec = obj(svc.spec);
  const errs: FieldErrors = [];
  const ann = obj(obj(svc.metadata).annotations);
  const hints = ann['service.kubernetes.io/topology-aware-hints'];
  const mode = ann['service.kubernetes.io/topology-mode'];
  if (typeof hints === 'string' && typeof mode === 'string' && hints !== mode) {
    errs.push(fieldErr.invalid('metadata.annotations[service.kubernetes.io/topology-mode]', mode, 'must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified'));
  }
  const ports = objs(spec.ports);
  const type = str(spec.type);
  if (ports.length === 0 && !isHeadless(spec) && type !== 'ExternalName') errs.push(fieldErr.required('spec.ports', ''));
  switch (type) {
    case 'LoadBalancer':
    case 'NodePort':
      if (isHeadless(spec)) errs.push(fieldErr.invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
      break;
    case 'ExternalName': {
      if (strs(spec.clusterIPs).length > 0) errs.push(fieldErr.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
      if (strs(spec.ipFamilies).length > 0) errs.push(fieldErr.forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
      if (isSet(spec.ipFamilyPolicy)) errs.push(fieldErr.forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
      const cname = str(spec.externalName).replace(/\.$/, '');
      if (cname.length > 0) for (const m of isDNS1123Subdomain(cname)) errs.push(fieldErr.invalid('spec.externalName', cname, m));
      else errs.push(fieldErr.required('spec.externalName', ''));
      break;
    }
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validateServicePort(p, ports.length > 1, names, `spec.ports[${i}]`)));
  if (isSet(spec.selector)) errs.push(...validateLabels(obj(spec.selector) as Record<string, string>, 'spec.selector'));
  const affinity = str(spec.sessionAffinity);
  if (affinity === '') errs.push(fieldErr.required('spec.sessionAffinity', ''));
  else if (affinity !== 'ClientIP' && affinity !== 'None') errs.push(fieldErr.notSupported('spec.sessionAffinity', affinity, ['ClientIP', 'None']));
  if (affinity === 'ClientIP') {
    const cfgPath = 'spec.sessionAffinityConfig';
    const when = 'when session affinity type is ClientIP';
    if (!isSet(spec.sessionAffinityConfig)) errs.push(fieldErr.required(cfgPath, when));
    else if (!isSet(obj(spec.sessionAffinityConfig).clientIP)) errs.push(fieldErr.required(`${cfgPath}.clientIP`, when));
    else {
      const t = optNum(obj(obj(spec.sessionAffinityConfig).clientIP).timeoutSeconds);
      if (t === undefined) errs.push(fieldErr.required(`${cfgPath}.clientIP.timeoutSeconds`, when));
      else if (t <= 0 || t > 86400) errs.push(fieldErr.invalid(`${cfgPath}.clientIP.timeoutSeconds`, t, 'must be greater than 0 and less than 86400'));
    }
  } else if (affinity === 'None' && isSet(spec.sessionAffinityConfig)) {
    errs.push(fieldErr.forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }
  errs.push(...validateClusterIPsRelatedFields(spec));
  strs(spec.externalIPs).forEach((ip, i) => {
    const p = `spec.externalIPs[${i}]`;
    const e = isValidIP(p, ip);
    errs.push(...(e.length ? e : validateNonSpecialIP(ip, p)));
  });
  if (type === '') errs.push(fieldErr.required('spec.type', ''));
  else if (!SERVICE_TYPES.includes(type)) errs.push(fieldErr.notSupported('spec.type', type, SERVICE_TYPES));
  if (type === 'ClusterIP') ports.forEach((p, i) => {
    if (num(p.nodePort) !== 0) errs.push(fieldErr.forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
  });
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (num(p.nodePort) === 0) return;
    const k = `${str(p.protocol)}/${num(p.nodePort)}`;
    if (nodePorts.has(k)) errs.push(fieldErr.duplicate(`spec.ports[${i}].nodePort`, num(p.nodePort)));
    nodePorts.add(k);
  });
  const portKeys = new Set<string>();
  ports.forEach((p, i) => {
    const k = `${str(p.protocol)}/${num(p.port)}`;
    if (portKeys.has(k)) errs.push(fieldErr.duplicate(`spec.ports[${i}]`, { protocol: str(p.protocol), port: num(p.port), targetPort: 0 }));
    portKeys.add(k);
  });
  const ranges = strs(spec.loadBalancerSourceRanges);
  if (ranges.length > 0) {
    if (type !== 'LoadBalancer') errs.push(fieldErr.forbidden('spec.LoadBalancerSourceRanges', "may only be used when `type` is 'LoadBalancer'"));
    ranges.forEach((r, i) => errs.push(...isValidCIDR(`spec.LoadBalancerSourceRanges[${i}]`, r.trim())));
  } else if (typeof ann['service.beta.kubernetes.io/load-balancer-source-ranges'] === 'string') {
    const fp = 'metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]';
    if (type !== 'LoadBalancer') errs.push(fieldErr.forbidden(fp, "may only be used when `type` is 'LoadBalancer'"));
    const val = (ann['service.beta.kubernetes.io/load-balancer-source-ranges'] as string).trim();
    if (val !== '') for (const r of val.split(',')) errs.push(...isValidCIDR(fp, r.trim()));
  }
  if (isSet(spec.allocateLoadBalancerNodePorts) && type !== 'LoadBalancer') {
    errs.push(fieldErr.forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  }
  if (type === 'LoadBalancer' && !isSet(spec.allocateLoadBalancerNodePorts)) errs.push(fieldErr.required('allocateLoadBalancerNodePorts', ''));
  // loadBalancerClass
  if (old && obj(old.spec).type === 'LoadBalancer' && type === 'LoadBalancer' && !semanticEqual(obj(old.spec).loadBalancerClass ?? null, spec.loadBalancerClass ?? null)) {
    errs.push(fieldErr.invalid('spec.loadBalancerClass', spec.loadBalancerClass ?? null, 'may not change once set'));
  }
  if (type === 'LoadBalancer') {
    if (isSet(spec.loadBalancerClass)) errs.push(...validateQualifiedName(str(spec.loadBalancerClass), 'spec.loadBalancerClass'));
  } else if (isSet(spec.loadBalancerClass)) errs.push(fieldErr.forbidden('spec.loadBalancerClass', "may only be used when `type` is 'LoadBalancer'"));
  // external traffic policy
  const etp = str(spec.externalTrafficPolicy);
  if (!externallyAccessible(spec)) {
    if (etp !== '') errs.push(fieldErr.invalid('spec.externalTrafficPolicy', etp, 'may only be set for externally-accessible services'));
  } else if (etp === '') errs.push(fieldErr.required('spec.externalTrafficPolicy', ''));
  else if (etp !== 'Cluster' && etp !== 'Local') errs.push(fieldErr.notSupported('spec.externalTrafficPolicy', etp, ['Cluster', 'Local']));
  const hcnp = num(spec.healthCheckNodePort);
  if (!needsHealthCheck(spec)) {
    if (hcnp !== 0) errs.push(fieldErr.invalid('spec.healthCheckNodePort', hcnp, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  } else if (hcnp !== 0) for (const m of isValidPortNum(hcnp)) errs.push(fieldErr.invalid('spec.healthCheckNodePort', hcnp, m));
  // internal traffic policy
  if (!isSet(spec.internalTrafficPolicy)) {
    if (type === 'NodePort' || type === 'LoadBalancer' || type === 'ClusterIP') errs.push(fieldErr.required('spec.internalTrafficPolicy', ''));
  } else if (!['Cluster', 'Local'].includes(str(spec.internalTrafficPolicy))) {
    errs.push(fieldErr.notSupported('spec.internalTrafficPolicy', str(spec.internalTrafficPolicy), ['Cluster', 'Local']));
  }
  if (isSet(spec.trafficDistribution) && !['PreferClose', 'PreferSameZone', 'PreferSameNode'].includes(str(spec.trafficDistribution))) {
    errs.push(fieldErr.notSupported('spec.trafficDistribution', str(spec.trafficDistribution), ['PreferClose', 'PreferSameZone', 'PreferSameNode']));
  }
  return errs;
}

export function validateService(svc: Obj): FieldErrors {
  return validateServiceSpec(normalizeService(svc));
}

const LOAD_BALANCER_IP_MODES = ['Proxy', 'VIP'];

/**
 * ValidateServiceStatusUpdate: the load balancer's ingress points (ValidateLoadBalancerStatus;
 * AllowServiceLBStatusOnNonLB is off by default), not the spec, which a status update keeps.
 */
function validateServiceStatus(svc: Obj): FieldErrors {
  const path = 'status.loadBalancer.ingress';
  const ingress = objs(obj(obj(svc.status).loadBalancer).ingress);
  if (obj(svc.spec).type !== 'LoadBalancer' && ingress.length > 0) return [fieldErr.forbidden(path, "may only be used when `spec.type` is 'LoadBalancer'")];
  const errs: FieldErrors = [];
  ingress.forEach((ing, i) => {
    const at = `${path}[${i}]`;
    const ip = str(ing.ip);
    if (ip) errs.push(...isValidIPForLegacyField(`${at}.ip`, ip));
    if (!isSet(ing.ipMode)) {
      if (ip) errs.push(fieldErr.required(`${at}.ipMode`, 'must be specified when `ip` is set'));
    } else if (!ip) errs.push(fieldErr.forbidden(`${at}.ipMode`, 'may not be specified when `ip` is not set'));
    else if (!LOAD_BALANCER_IP_MODES.includes(str(ing.ipMode))) errs.push(fieldErr.notSupported(`${at}.ipMode`, ing.ipMode, LOAD_BALANCER_IP_MODES));
    const hostname = str(ing.hostname);
    if (hostname) {
      for (const msg of isDNS1123Subdomain(hostname)) errs.push(fieldErr.invalid(`${at}.hostname`, hostname, msg));
      if (parseIPSloppy(hostname)) errs.push(fieldErr.invalid(`${at}.hostname`, hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errs;
}

export function validateServiceUpdate(svcIn: Obj, oldIn: Obj): FieldErrors {
  const svc = normalizeService(svcIn, oldIn);
  const spec = obj(svc.spec);
  const oldSpec = obj(oldIn.spec);
  const errs: FieldErrors = [];
  if (spec.type !== 'ExternalName' && oldSpec.type !== 'ExternalName') {
    const nh = isHeadless(spec);
    const oh = isHeadless(oldSpec);
    const ips = strs(spec.clusterIPs);
    const oldIPs = strs(oldSpec.clusterIPs);
    if (!(nh && oh)) {
      if (oldIPs.length === ips.length) {
        oldIPs.forEach((ip, i) => {
          if (ip !== ips[i]) errs.push(fieldErr.invalid(`spec.clusterIPs[${i}]`, ips, 'may not change once set'));
        });
      } else if (oldIPs.length > ips.length) {
        if (ips.length === 0) errs.push(fieldErr.invalid('spec.clusterIPs[0]', ips, 'primary clusterIP can not be unset'));
        if (oldIPs.length > 0 && ips.length > 0 && ips[0] !== oldIPs[0]) errs.push(fieldErr.invalid('spec.clusterIPs[0]', ips, 'may not change once set'));
        if (ips.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
          errs.push(fieldErr.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy ?? null, "must be set to 'SingleStack' when releasing the secondary clusterIP"));
        }
      } else if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) errs.push(fieldErr.invalid('spec.clusterIPs[0]', ips, 'may not change once set'));
    }
    if (nh === oh && !nh) {
      const fams = strs(spec.ipFamilies);
      const oldFams = strs(oldSpec.ipFamilies);
      if (oldFams.length === fams.length) {
        oldFams.forEach((f, i) => {
          if (f !== fams[i]) errs.push(fieldErr.invalid('spec.ipFamilies[0]', fams, 'may not change once set'));
        });
      } else if (oldFams.length > fams.length) {
        if (ips.length === 0) errs.push(fieldErr.invalid('spec.ipFamilies[0]', fams, 'primary ipFamily can not be unset'));
        if (fams.length > 0 && fams[0] !== oldFams[0]) errs.push(fieldErr.invalid('spec.ipFamilies[0]', ips, 'may not change once set'));
        if (fams.length === 1 && spec.ipFamilyPolicy !== 'SingleStack') {
          errs.push(fieldErr.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy ?? null, "must be set to 'SingleStack' when releasing the secondary ipFamily"));
        }
      } else if (oldFams.length > 0 && fams.length > 0 && fams[0] !== oldFams[0]) errs.push(fieldErr.invalid('spec.ipFamilies[0]', ips, 'may not change once set'));
    }
  }
  if (needsHealthCheck(oldSpec) && needsHealthCheck(spec) && num(spec.healthCheckNodePort) !== num(oldSpec.healthCheckNodePort)) {
    errs.push(fieldErr.forbidden('spec.healthCheckNodePort', FIELD_IMMUTABLE));
  }
  return errs.concat(validateServiceSpec(svc, oldIn));
}

// ---- ConfigMap, Secret ----

const MAX_SECRET_SIZE = 1024 * 1024;

/** The byte length of a base64 []byte field. */
const decodedLength = (v: unknown) => Buffer.from(str(v), 'base64').length;

export function validateConfigMap(cm: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const data = obj(cm.data);
  const binary = obj(cm.binaryData);
  let total = 0;
  for (const k of sortedKeys(data)) {
    for (const m of isConfigMapKey(k)) errs.push(fieldErr.invalid(`data[${k}]`, k, m));
    if (Object.hasOwn(binary, k)) errs.push(fieldErr.invalid(`data[${k}]`, k, 'duplicate of key present in binaryData'));
    total += Buffer.byteLength(str(data[k]));
  }
  for (const k of sortedKeys(binary)) {
    for (const m of isConfigMapKey(k)) errs.push(fieldErr.invalid(`binaryData[${k}]`, k, m));
    total += decodedLength(binary[k]);
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErr.tooLong('', MAX_SECRET_SIZE));
  return errs;
}

function immutableData(o: Obj, old: Obj, fields: string[]): FieldErrors {
  if (old.immutable !== true) return [];
  const errs: FieldErrors = [];
  if (o.immutable !== true) errs.push(fieldErr.forbidden('immutable', 'field is immutable when `immutable` is set'));
  for (const f of fields) if (!semanticEqual(o[f], old[f])) errs.push(fieldErr.forbidden(f, 'field is immutable when `immutable` is set'));
  return errs;
}

export function validateConfigMapUpdate(cm: Obj, old: Obj): FieldErrors {
  return [...immutableData(cm, old, ['data', 'binaryData']), ...validateConfigMap(cm)];
}

/** Secret data as upstream validates it: stringData entries override data (conversion merges them). */
function secretData(secret: Obj): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries(obj(secret.data))) out.set(k, decodedLength(v));
  for (const [k, v] of Object.entries(obj(secret.stringData))) out.set(k, Buffer.byteLength(str(v)));
  return out;
}

function secretBytes(secret: Obj, k: string): Buffer | undefined {
  const sd = obj(secret.stringData);
  if (Object.hasOwn(sd, k)) return Buffer.from(str(sd[k]));
  const d = obj(secret.data);
  return Object.hasOwn(d, k) ? Buffer.from(str(d[k]), 'base64') : undefined;
}

/** json.Unmarshal(buf, &map[string]interface{}{}): encoding/json's error, or undefined (null leaves the map nil). */
function jsonError(buf: Buffer): string | undefined {
  const syntaxError = goJsonSyntaxError(buf);
  if (syntaxError !== undefined) return syntaxError;
  const v = JSON.parse(buf.toString('utf8')) as unknown;
  if (v === null || (typeof v === 'object' && !Array.isArray(v))) return undefined;
  const goKind = Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v;
  return `json: cannot unmarshal ${goKind} into Go value of type map[string]interface {}`;
}

export function validateSecret(secret: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const data = secretData(secret);
  let total = 0;
  for (const k of [...data.keys()].sort()) {
    for (const m of isConfigMapKey(k)) errs.push(fieldErr.invalid(`data[${k}]`, k, m));
    total += data.get(k)!;
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErr.tooLong('data', MAX_SECRET_SIZE));
  const has = (k: string) => data.has(k);
  switch (str(secret.type)) {
    case 'kubernetes.io/service-account-token': {
      const ann = obj(obj(secret.metadata).annotations);
      if (str(ann['kubernetes.io/service-account.name']).length === 0) errs.push(fieldErr.required('metadata.annotations[kubernetes.io/service-account.name]', ''));
      break;
    }
    case 'kubernetes.io/dockercfg':
    case 'kubernetes.io/dockerconfigjson': {
      const k = secret.type === 'kubernetes.io/dockercfg' ? '.dockercfg' : '.dockerconfigjson';
      const b = secretBytes(secret, k);
      if (!b) errs.push(fieldErr.required(`data[${k}]`, ''));
      else {
        const e = jsonError(b);
        if (e) errs.push(fieldErr.invalid(`data[${k}]`, '<secret contents redacted>', e));
      }
      break;
    }
    case 'kubernetes.io/basic-auth':
      if (!has('username') && !has('password')) {
        errs.push(fieldErr.required('data[username]', ''));
        errs.push(fieldErr.required('data[password]', ''));
      }
      break;
    case 'kubernetes.io/ssh-auth':
      if (!data.get('ssh-privatekey')) errs.push(fieldErr.required('data[ssh-privatekey]', ''));
      break;
    case 'kubernetes.io/tls':
      if (!has('tls.crt')) errs.push(fieldErr.required('data[tls.crt]', ''));
      if (!has('tls.key')) errs.push(fieldErr.required('data[tls.key]', ''));
      break;
  }
  return errs;
}

export function validateSecretUpdate(secret: Obj, old: Obj): FieldErrors {
  return [
    ...validateImmutable(str(secret.type), str(old.type), 'type'),
    ...immutableData(secret, old, ['data']),
    ...validateSecret(secret),
  ];
}

// ---- Namespace, ServiceAccount ----

export function validateNamespace(ns: Obj): FieldErrors {
  const errs: FieldErrors = [];
  for (const f of strs(obj(ns.spec).finalizers)) {
    for (const m of isQualifiedName(f)) errs.push(fieldErr.invalid('spec.finalizers', f, m));
    if (!f.includes('/') && !['kubernetes', 'orphan', 'foregroundDeletion'].includes(f)) {
      errs.push(fieldErr.invalid('spec.finalizers', f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  }
  return errs;
}

/**
 * ValidateNamespaceUpdate checks metadata only; a finalize update checks the finalizers
 * (indexed paths) and a status update that the phase agrees with deletion.
 */
export function validateNamespaceUpdate(ns: Obj, old: Obj): FieldErrors {
  const finalizers = strs(obj(ns.spec).finalizers);
  if (!semanticEqual(finalizers, strs(obj(old.spec).finalizers))) {
    const errs: FieldErrors = [];
    finalizers.forEach((f, i) => {
      for (const m of isQualifiedName(f)) errs.push(fieldErr.invalid(`spec.finalizers[${i}]`, f, m));
      if (!f.includes('/') && !['kubernetes', 'orphan', 'foregroundDeletion'].includes(f)) {
        errs.push(fieldErr.invalid(`spec.finalizers[${i}]`, f, 'name is neither a standard finalizer name nor is it fully qualified'));
      }
    });
    return errs;
  }
  const phase = str(obj(ns.status).phase);
  if (semanticEqual(ns.status, old.status)) return [];
  if (!isSet(obj(ns.metadata).deletionTimestamp)) {
    if (phase !== 'Active') return [fieldErr.invalid('status.Phase', phase, "may only be 'Active' if `deletionTimestamp` is empty")];
  } else if (phase !== 'Terminating') {
    return [fieldErr.invalid('status.Phase', phase, "may only be 'Terminating' if `deletionTimestamp` is not empty")];
  }
  return [];
}

// ---- Endpoints ----

function validateEndpointsSubsets(ep: Obj): FieldErrors {
  const errs: FieldErrors = [];
  objs(ep.subsets).forEach((ss, i) => {
    const p = `subsets[${i}]`;
    const addrs = objs(ss.addresses);
    const notReady = objs(ss.notReadyAddresses);
    if (addrs.length === 0 && notReady.length === 0) errs.push(fieldErr.required(p, 'must specify `addresses` or `notReadyAddresses`'));
    const checkAddr = (a: Obj, ap: string) => {
      const ip = str(a.ip);
      errs.push(...isValidIP(`${ap}.ip`, ip));
      const hn = str(a.hostname);
      if (hn.length > 0) for (const m of isDNS1123Label(hn)) errs.push(fieldErr.invalid(`${ap}.hostname`, hn, m));
      if (isSet(a.nodeName)) for (const m of isDNS1123Subdomain(str(a.nodeName))) errs.push(fieldErr.invalid(`${ap}.nodeName`, str(a.nodeName), m));
      errs.push(...validateNonSpecialIP(ip, `${ap}.ip`));
    };
    addrs.forEach((a, j) => checkAddr(a, `${p}.addresses[${j}]`));
    notReady.forEach((a, j) => checkAddr(a, `${p}.notReadyAddresses[${j}]`));
    const ports = objs(ss.ports);
    ports.forEach((port, j) => {
      const pp = `${p}.ports[${j}]`;
      const name = str(port.name);
      if (ports.length > 1 && name.length === 0) errs.push(fieldErr.required(`${pp}.name`, ''));
      else if (name.length !== 0) for (const m of isDNS1123Label(name)) errs.push(fieldErr.invalid(`${pp}.name`, name, m));
      for (const m of isValidPortNum(num(port.port))) errs.push(fieldErr.invalid(`${pp}.port`, num(port.port), m));
      const proto = str(port.protocol);
      if (proto === '') errs.push(fieldErr.required(`${pp}.protocol`, ''));
      else if (!PORT_PROTOCOLS.includes(proto)) errs.push(fieldErr.notSupported(`${pp}.protocol`, proto, PORT_PROTOCOLS));
      if (isSet(port.appProtocol)) errs.push(...validateQualifiedName(str(port.appProtocol), `${pp}.appProtocol`));
    });
  });
  return errs;
}

// ---- Event (core/v1 and events.k8s.io/v1 views) ----

const REPORTING_INSTANCE_LIMIT = 128;
const ACTION_LIMIT = 128;
const REASON_LIMIT = 128;
const NOTE_LIMIT = 1024;

function timeSet(v: unknown): boolean {
  return typeof v === 'string' && v !== '' && !v.startsWith('0001-01-01');
}

/** The field names an Event carries in each API group. */
interface EventShape {
  regarding: 'involvedObject' | 'regarding';
  reporting: 'reportingComponent' | 'reportingController';
  /** Where a missing reporter is reported. */
  reportingPath: string;
  note: 'message' | 'note';
}

/** legacyValidateEvent's checks, shared by both Event shapes. */
function validateEventCommon(ev: Obj, shape: EventShape): FieldErrors {
  const errs: FieldErrors = [];
  const ns = str(obj(ev.metadata).namespace);
  const regardingNs = str(obj(ev[shape.regarding]).namespace);
  if (!timeSet(ev.eventTime)) {
    if (regardingNs.length === 0) {
      if (ns !== '' && ns !== 'default') errs.push(fieldErr.invalid('involvedObject.namespace', regardingNs, 'does not match event.namespace'));
    } else if (ns !== regardingNs) errs.push(fieldErr.invalid('involvedObject.namespace', regardingNs, 'does not match event.namespace'));
  } else {
    if (regardingNs.length === 0 && ns !== 'default' && ns !== 'kube-system') errs.push(fieldErr.invalid('involvedObject.namespace', regardingNs, 'does not match event.namespace'));
    const rc = str(ev[shape.reporting]);
    if (rc.length === 0) errs.push(fieldErr.required(shape.reportingPath, ''));
    errs.push(...validateQualifiedName(rc, shape.reportingPath));
    const ri = str(ev.reportingInstance);
    if (ri.length === 0) errs.push(fieldErr.required('reportingInstance', ''));
    if (ri.length > REPORTING_INSTANCE_LIMIT) errs.push(fieldErr.invalid('reportingInstance', '', `can have at most ${REPORTING_INSTANCE_LIMIT} characters`));
    const action = str(ev.action);
    if (action.length === 0) errs.push(fieldErr.required('action', ''));
    if (action.length > ACTION_LIMIT) errs.push(fieldErr.invalid('action', '', `can have at most ${ACTION_LIMIT} characters`));
    const reason = str(ev.reason);
    if (reason.length === 0) errs.push(fieldErr.required('reason', ''));
    if (reason.length > REASON_LIMIT) errs.push(fieldErr.invalid('reason', '', `can have at most ${REASON_LIMIT} characters`));
    if (str(ev[shape.note]).length > NOTE_LIMIT) errs.push(fieldErr.invalid('message', '', `can have at most ${NOTE_LIMIT} characters`));
  }
  for (const m of isDNS1123Subdomain(ns)) errs.push(fieldErr.invalid('namespace', ns, m));
  return errs;
}

/** legacyValidateEvent for a core/v1 request (field names as core/v1 prints them). */
export function validateCoreEvent(ev: Obj): FieldErrors {
  return validateEventCommon(ev, { regarding: 'involvedObject', reporting: 'reportingComponent', reportingPath: 'source', note: 'message' });
}

/** ValidateEventCreate for an events.k8s.io/v1 request (the object in that group's shape). */
export function validateEventsV1Event(ev: Obj): FieldErrors {
  const errs = validateEventCommon(ev, { regarding: 'regarding', reporting: 'reportingController', reportingPath: 'reportingController', note: 'note' });
  // Strict validation of the events.k8s.io API.
  if (isSet(ev.series)) {
    const s = obj(ev.series);
    if (num(s.count) < 2) errs.push(fieldErr.invalid('series.count', '', 'should be at least 2'));
    if (!timeSet(s.lastObservedTime)) errs.push(fieldErr.required('series.lastObservedTime', ''));
  }
  if (!timeSet(ev.eventTime)) errs.push(fieldErr.required('eventTime', ''));
  const type = str(ev.type);
  if (type !== 'Normal' && type !== 'Warning') errs.push(fieldErr.invalid('type', '', `has invalid value: ${type}`));
  if (timeSet(ev.deprecatedFirstTimestamp)) errs.push(fieldErr.invalid('firstTimestamp', '', 'needs to be unset'));
  if (timeSet(ev.deprecatedLastTimestamp)) errs.push(fieldErr.invalid('lastTimestamp', '', 'needs to be unset'));
  if (num(ev.deprecatedCount) !== 0) errs.push(fieldErr.invalid('count', '', 'needs to be unset'));
  const src = obj(ev.deprecatedSource);
  if (str(src.component) !== '' || str(src.host) !== '') errs.push(fieldErr.invalid('source', '', 'needs to be unset'));
  return errs;
}

// ---- Node ----

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function validateNode(node: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const spec = obj(node.spec);
  const unique = new Map<string, Set<string>>();
  objs(spec.taints).forEach((t, i) => {
    const p = `metadata.taints[${i}]`;
    const k = str(t.key);
    for (const m of isQualifiedName(k)) errs.push(fieldErr.invalid(`${p}.key`, k, m));
    const v = str(t.value);
    const ve = isValidLabelValue(v);
    if (ve.length) errs.push(fieldErr.invalid(`${p}.value`, v, ve.join(';')));
    const effect = str(t.effect);
    if (effect === '') errs.push(fieldErr.required(`${p}.effect`, ''));
    else if (!TAINT_EFFECTS.includes(effect)) errs.push(fieldErr.notSupported(`${p}.effect`, effect, TAINT_EFFECTS));
    const keys = unique.get(effect) ?? new Set<string>();
    if (keys.has(k)) {
      const e = fieldErr.duplicate(p, t);
      e.detail = 'taints must be unique by key and effect pair';
      errs.push(e);
      return;
    }
    keys.add(k);
    unique.set(effect, keys);
  });
  const cidrs = strs(spec.podCIDRs);
  cidrs.forEach((v, i) => errs.push(...isValidCIDR(`spec.podCIDRs[${i}]`, v)));
  if (cidrs.length > 1) {
    const families = cidrs.map((v) => v.split('/')[0]!);
    if (!isDualStackIPStrings(families) || cidrs.length > 2) errs.push(fieldErr.invalid('spec.podCIDRs', cidrs, 'may specify no more than one CIDR for each IP family'));
    const seen = new Set<string>();
    cidrs.forEach((v, i) => {
      if (seen.has(v)) errs.push(fieldErr.duplicate(`spec.podCIDRs[${i}]`, v));
      seen.add(v);
    });
  }
  return errs;
}

function validateNodeUpdate(node: Obj, old: Obj): FieldErrors {
  const errs = validateNode(node);
  const spec = obj(node.spec);
  const oldSpec = obj(old.spec);
  const oldCIDRs = strs(oldSpec.podCIDRs);
  const cidrs = strs(spec.podCIDRs);
  if (oldCIDRs.length > 0) {
    const msg = 'node updates may not change podCIDR except from "" to valid';
    if (oldCIDRs.length !== cidrs.length) errs.push(fieldErr.forbidden('spec.podCIDRs', msg));
    else oldCIDRs.forEach((v, i) => {
      if (v !== cidrs[i]) errs.push(fieldErr.forbidden('spec.podCIDRs', msg));
    });
  }
  if (str(oldSpec.providerID) !== '' && str(oldSpec.providerID) !== str(spec.providerID)) {
    errs.push(fieldErr.forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  if (str(spec.externalID) !== str(oldSpec.externalID)) errs.push(fieldErr.forbidden('spec.externalID', 'may not be updated'));
  return errs;
}

// ---- PersistentVolumeClaim ----

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

function validatePVCSpec(spec: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  const modes = strs(spec.accessModes);
  if (modes.length === 0) errs.push(fieldErr.required(`${path}.accessModes`, 'at least 1 access mode is required'));
  if (isSet(spec.selector)) errs.push(...validateMetav1LabelSelector(obj(spec.selector), `${path}.selector`));
  let rwop = false;
  let other = false;
  for (const m of modes) {
    if (!ACCESS_MODES.includes(m)) errs.push(fieldErr.notSupported(`${path}.accessModes`, m, ACCESS_MODES));
    if (m === 'ReadWriteOncePod') rwop = true;
    else if (ACCESS_MODES.includes(m)) other = true;
  }
  if (rwop && other) errs.push(fieldErr.forbidden(`${path}.accessModes`, 'may not use ReadWriteOncePod with other access modes'));
  const requests = obj(obj(spec.resources).requests);
  const sp = `${path}.resources[storage]`;
  if (!Object.hasOwn(requests, 'storage')) errs.push(fieldErr.required(sp, ''));
  else {
    const q = quantity(requests.storage);
    if (q && q.sign() <= 0) errs.push(fieldErr.invalid(sp, q.toString(), 'must be greater than zero'));
  }
  const sc = str(spec.storageClassName);
  if (sc.length > 0) for (const m of isDNS1123Subdomain(sc)) errs.push(fieldErr.invalid(`${path}.storageClassName`, sc, m));
  if (isSet(spec.volumeMode) && !['Block', 'Filesystem'].includes(str(spec.volumeMode))) {
    errs.push(fieldErr.notSupported(`${path}.volumeMode`, str(spec.volumeMode), ['Block', 'Filesystem']));
  }
  const vac = str(spec.volumeAttributesClassName);
  if (vac.length > 0) for (const m of isDNS1123Subdomain(vac)) errs.push(fieldErr.invalid(`${path}.volumeAttributesClassName`, vac, m));
  return errs;
}

function validatePVC(pvc: Obj): FieldErrors {
  return validatePVCSpec(obj(pvc.spec), 'spec');
}

function validatePVCUpdate(pvc: Obj, old: Obj): FieldErrors {
  const errs = validatePVC(pvc);
  const spec = { ...obj(pvc.spec) };
  const oldSpec = { ...obj(old.spec) };
  if (str(oldSpec.volumeName) === '') oldSpec.volumeName = spec.volumeName;
  if (str(obj(pvc.status).phase) === 'Bound') {
    spec.resources = { ...obj(spec.resources), requests: { ...obj(obj(spec.resources).requests), storage: obj(obj(oldSpec.resources).requests).storage } };
    spec.volumeAttributesClassName = oldSpec.volumeAttributesClassName;
  }
  if (!semanticEqual(spec, oldSpec)) {
    errs.push(
      fieldErr.forbidden(
        'spec',
        `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${specDiff(oldSpec, spec, 'core.PersistentVolumeClaimSpec')}`,
      ),
    );
  }
  const newSize = quantity(obj(obj(obj(pvc.spec).resources).requests).storage);
  const oldSize = quantity(obj(obj(obj(old.spec).resources).requests).storage);
  const statusSize = quantity(obj(obj(old.status).capacity).storage);
  // The status size defaults to zero, so shrinking is allowed down to (exclusive) the recorded capacity.
  if (newSize && oldSize && newSize.cmp(oldSize) < 0 && (statusSize ? newSize.cmp(statusSize) <= 0 : newSize.sign() <= 0)) {
    errs.push(fieldErr.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  return errs;
}

// ---- registry ----

type V = { validate?(o: KindObj): FieldError[]; validateUpdate?(o: KindObj, old: KindObj, subresource?: string): FieldError[] };

export const kindValidators: Record<string, V> = {
  '/Pod': { validate: validatePod, validateUpdate: validatePodUpdate },
  '/PodTemplate': { validate: validatePodTemplate, validateUpdate: (o) => validatePodTemplate(o) },
  '/ReplicationController': { validate: validateReplicationController, validateUpdate: (o) => validateReplicationControllerUpdate(o) },
  '/Service': { validate: validateService, validateUpdate: (o, old, sub) => (sub === 'status' ? validateServiceStatus(o) : validateServiceUpdate(o, old)) },
  '/ConfigMap': { validate: validateConfigMap, validateUpdate: validateConfigMapUpdate },
  '/Secret': { validate: validateSecret, validateUpdate: validateSecretUpdate },
  '/Namespace': { validate: validateNamespace, validateUpdate: validateNamespaceUpdate },
  '/Node': { validate: validateNode, validateUpdate: validateNodeUpdate },
  '/PersistentVolumeClaim': { validate: validatePVC, validateUpdate: validatePVCUpdate },
  '/Endpoints': { validate: validateEndpointsSubsets, validateUpdate: (o) => validateEndpointsSubsets(o) },
  '/Event': { validate: validateCoreEvent, validateUpdate: (o) => validateCoreEvent(o) },
  'events.k8s.io/Event': { validate: validateEventsV1Event, validateUpdate: (o) => validateEventsV1Event(o) },
};

