// networking.k8s.io/v1: NetworkPolicy, Ingress, IngressClass
// (pkg/apis/networking/validation, v1.34).

import { validateMetav1LabelSelector } from '../../apimachinery/labels.js';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation.js';
import { cidrContains, ipString, isValidCIDR, isValidCIDRForLegacyField, parseCIDRSloppy, parseIPSloppy } from './net.js';
import {
  fieldErr,
  isDomainPrefixedPath,
  isSet,
  isValidPortName,
  isValidPortNum,
  isWildcardDNS1123Subdomain,
  num,
  obj,
  objs,
  optNum,
  str,
  strs,
  validateImmutable,
  type FieldErrors,
  type Obj,
} from './util.js';

// ---- NetworkPolicy ----

interface NetworkPolicyOptions {
  allowInvalidLabelValueInSelector: boolean;
  /** CIDRs of the old object, accepted unchanged on update. */
  allowCIDRs: string[];
}

function validatePort(port: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (isSet(port.protocol) && !['TCP', 'UDP', 'SCTP'].includes(str(port.protocol))) {
    errs.push(fieldErr.notSupported(`${path}.protocol`, str(port.protocol), ['TCP', 'UDP', 'SCTP']));
  }
  const endPort = optNum(port.endPort);
  if (isSet(port.port)) {
    if (typeof port.port === 'number') {
      for (const m of isValidPortNum(port.port)) errs.push(fieldErr.invalid(`${path}.port`, port.port, m));
      if (endPort !== undefined) {
        if (endPort < port.port) errs.push(fieldErr.invalid(`${path}.endPort`, endPort, 'must be greater than or equal to `port`'));
        for (const m of isValidPortNum(endPort)) errs.push(fieldErr.invalid(`${path}.endPort`, endPort, m));
      }
    } else {
      if (endPort !== undefined) errs.push(fieldErr.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
      const name = str(port.port);
      for (const m of isValidPortName(name)) errs.push(fieldErr.invalid(`${path}.port`, name, m));
    }
  } else if (endPort !== undefined) {
    errs.push(fieldErr.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is not specified'));
  }
  return errs;
}

function validateIPBlock(ipb: Obj, path: string, opts: NetworkPolicyOptions): FieldErrors {
  const cidr = str(ipb.cidr);
  if (cidr === '') return [fieldErr.required(`${path}.cidr`, '')];
  const errs = isValidCIDRForLegacyField(`${path}.cidr`, cidr, opts.allowCIDRs);
  const net = parseCIDRSloppy(cidr);
  if (!net) return errs;
  strs(ipb.except).forEach((ex, i) => {
    const p = `${path}.except[${i}]`;
    errs.push(...isValidCIDRForLegacyField(p, ex, opts.allowCIDRs));
    const exNet = parseCIDRSloppy(ex);
    if (!exNet) return;
    if (net.v4 !== exNet.v4 || !cidrContains(net, exNet.network) || net.prefix >= exNet.prefix) {
      errs.push(fieldErr.invalid(p, ex, 'must be a strict subset of `cidr`'));
    }
  });
  return errs;
}

function validatePeer(peer: Obj, path: string, opts: NetworkPolicyOptions): FieldErrors {
  const errs: FieldErrors = [];
  let peers = 0;
  const selOpts = { allowInvalidLabelValueInSelector: opts.allowInvalidLabelValueInSelector };
  if (isSet(peer.podSelector)) {
    peers++;
    errs.push(...validateMetav1LabelSelector(obj(peer.podSelector), `${path}.podSelector`, selOpts));
  }
  if (isSet(peer.namespaceSelector)) {
    peers++;
    errs.push(...validateMetav1LabelSelector(obj(peer.namespaceSelector), `${path}.namespaceSelector`, selOpts));
  }
  if (isSet(peer.ipBlock)) {
    peers++;
    errs.push(...validateIPBlock(obj(peer.ipBlock), `${path}.ipBlock`, opts));
  }
  if (peers === 0) errs.push(fieldErr.required(path, 'must specify a peer'));
  else if (peers > 1 && isSet(peer.ipBlock)) errs.push(fieldErr.forbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

function validateNetworkPolicySpec(spec: Obj, opts: NetworkPolicyOptions): FieldErrors {
  const errs = validateMetav1LabelSelector(obj(spec.podSelector), 'spec.podSelector', { allowInvalidLabelValueInSelector: opts.allowInvalidLabelValueInSelector });
  objs(spec.ingress).forEach((rule, i) => {
    const p = `spec.ingress[${i}]`;
    objs(rule.ports).forEach((port, j) => errs.push(...validatePort(port, `${p}.ports[${j}]`)));
    objs(rule.from).forEach((peer, j) => errs.push(...validatePeer(peer, `${p}.from[${j}]`, opts)));
  });
  objs(spec.egress).forEach((rule, i) => {
    const p = `spec.egress[${i}]`;
    objs(rule.ports).forEach((port, j) => errs.push(...validatePort(port, `${p}.ports[${j}]`)));
    objs(rule.to).forEach((peer, j) => errs.push(...validatePeer(peer, `${p}.to[${j}]`, opts)));
  });
  const types = strs(spec.policyTypes);
  if (types.length > 2) {
    errs.push(fieldErr.invalid('spec.policyTypes', types, 'may not specify more than two policyTypes'));
    return errs;
  }
  types.forEach((t, i) => {
    if (t !== 'Ingress' && t !== 'Egress') errs.push(fieldErr.notSupported(`spec.policyTypes[${i}]`, t, ['Ingress', 'Egress']));
  });
  return errs;
}

export function validateNetworkPolicy(np: Obj): FieldErrors {
  return validateNetworkPolicySpec(obj(np.spec), { allowInvalidLabelValueInSelector: false, allowCIDRs: [] });
}

export function validateNetworkPolicyUpdate(np: Obj, old: Obj): FieldErrors {
  const oldSpec = obj(old.spec);
  const allowInvalid = validateMetav1LabelSelector(obj(oldSpec.podSelector), 'spec.podSelector').length > 0;
  const cidrs: string[] = [];
  const collect = (peers: unknown) => {
    for (const peer of objs(peers)) {
      if (!isSet(peer.ipBlock)) continue;
      const ipb = obj(peer.ipBlock);
      cidrs.push(str(ipb.cidr), ...strs(ipb.except));
    }
  };
  for (const r of objs(oldSpec.ingress)) collect(r.from);
  for (const r of objs(oldSpec.egress)) collect(r.to);
  return validateNetworkPolicySpec(obj(np.spec), { allowInvalidLabelValueInSelector: allowInvalid, allowCIDRs: cidrs });
}

// ---- Ingress ----

const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_PATH_SUFFIXES = ['/..', '/.'];

interface IngressOptions {
  allowInvalidSecretName: boolean;
  allowInvalidWildcardHostRule: boolean;
  allowRelaxedServiceNameValidation: boolean;
}

function validateTypedLocalObjectReference(ref: Obj, path: string): FieldErrors {
  const errs: FieldErrors = [];
  if (isSet(ref.apiGroup)) for (const m of isDNS1123Subdomain(str(ref.apiGroup))) errs.push(fieldErr.invalid(`${path}.apiGroup`, str(ref.apiGroup), m));
  for (const f of ['kind', 'name']) {
    const v = str(ref[f]);
    if (v === '') errs.push(fieldErr.required(`${path}.${f}`, ''));
    else for (const m of isValidPathSegmentName(v)) errs.push(fieldErr.invalid(`${path}.${f}`, v, m));
  }
  return errs;
}

function validateBackend(backend: Obj, path: string, opts: IngressOptions): FieldErrors {
  const hasResource = isSet(backend.resource);
  const hasService = isSet(backend.service);
  if (hasResource && hasService) return [fieldErr.invalid(path, '', 'cannot set both resource and service backends')];
  if (hasResource) return validateTypedLocalObjectReference(obj(backend.resource), `${path}.resource`);
  if (!hasService) return [fieldErr.invalid(path, '', 'resource or service backend is required')];
  const errs: FieldErrors = [];
  const svc = obj(backend.service);
  const name = str(svc.name);
  if (name === '') errs.push(fieldErr.required(`${path}.service.name`, ''));
  else {
    const msgs = opts.allowRelaxedServiceNameValidation ? isDNS1123Label(name) : isDNS1035Label(name);
    for (const m of msgs) errs.push(fieldErr.invalid(`${path}.service.name`, name, m));
  }
  const port = obj(svc.port);
  const portName = str(port.name);
  const portNumber = num(port.number);
  if (portName && portNumber) errs.push(fieldErr.invalid(path, '', 'cannot set both port name & port number'));
  else if (portName) for (const m of isValidPortName(portName)) errs.push(fieldErr.invalid(`${path}.service.port.name`, portName, m));
  else if (portNumber) for (const m of isValidPortNum(portNumber)) errs.push(fieldErr.invalid(`${path}.service.port.number`, portNumber, m));
  else errs.push(fieldErr.required(path, 'port name or number is required'));
  return errs;
}

function validateHTTPPath(p: Obj, path: string, opts: IngressOptions): FieldErrors {
  if (!isSet(p.pathType)) return [fieldErr.required(`${path}.pathType`, 'pathType must be specified')];
  const errs: FieldErrors = [];
  const value = str(p.path);
  switch (p.pathType) {
    case 'Exact':
    case 'Prefix':
      if (!value.startsWith('/')) errs.push(fieldErr.invalid(`${path}.path`, value, 'must be an absolute path'));
      if (value.length > 0) {
        for (const seq of INVALID_PATH_SEQUENCES) if (value.includes(seq)) errs.push(fieldErr.invalid(`${path}.path`, value, `must not contain '${seq}'`));
        for (const suf of INVALID_PATH_SUFFIXES) if (value.endsWith(suf)) errs.push(fieldErr.invalid(`${path}.path`, value, `cannot end with '${suf}'`));
      }
      break;
    case 'ImplementationSpecific':
      if (value.length > 0 && !value.startsWith('/')) errs.push(fieldErr.invalid(`${path}.path`, value, 'must be an absolute path'));
      break;
    default:
      errs.push(fieldErr.notSupported(`${path}.pathType`, str(p.pathType), ['Exact', 'ImplementationSpecific', 'Prefix']));
  }
  errs.push(...validateBackend(obj(p.backend), `${path}.backend`, opts));
  return errs;
}

function validateRuleValue(rule: Obj, path: string, opts: IngressOptions): FieldErrors {
  if (!isSet(rule.http)) return [];
  const http = obj(rule.http);
  const errs: FieldErrors = [];
  const paths = objs(http.paths);
  if (paths.length === 0) errs.push(fieldErr.required(`${path}.http.paths`, ''));
  paths.forEach((p, i) => errs.push(...validateHTTPPath(p, `${path}.http.paths[${i}]`, opts)));
  return errs;
}

function validateIngressSpec(spec: Obj, opts: IngressOptions): FieldErrors {
  const errs: FieldErrors = [];
  const rules = objs(spec.rules);
  if (rules.length === 0 && !isSet(spec.defaultBackend)) errs.push(fieldErr.invalid('spec', spec.rules ?? null, 'either `defaultBackend` or `rules` must be specified'));
  if (isSet(spec.defaultBackend)) errs.push(...validateBackend(obj(spec.defaultBackend), 'spec.defaultBackend', opts));
  rules.forEach((rule, i) => {
    const p = `spec.rules[${i}]`;
    const host = str(rule.host);
    let wildcard = false;
    if (host.length > 0) {
      if (parseIPSloppy(host)) errs.push(fieldErr.invalid(`${p}.host`, host, 'must be a DNS name, not an IP address'));
      if (host.includes('*')) {
        for (const m of isWildcardDNS1123Subdomain(host)) errs.push(fieldErr.invalid(`${p}.host`, host, m));
        wildcard = true;
      } else for (const m of isDNS1123Subdomain(host)) errs.push(fieldErr.invalid(`${p}.host`, host, m));
    }
    if (!wildcard || !opts.allowInvalidWildcardHostRule) errs.push(...validateRuleValue(rule, p, opts));
  });
  objs(spec.tls).forEach((tls, i) => {
    const p = `spec.tls[${i}]`;
    strs(tls.hosts).forEach((host, j) => {
      const msgs = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
      for (const m of msgs) errs.push(fieldErr.invalid(`${p}.hosts[${j}]`, host, m));
    });
    const secret = str(tls.secretName);
    if (!opts.allowInvalidSecretName && secret) for (const m of isDNS1123Subdomain(secret)) errs.push(fieldErr.invalid(`${p}.secretName`, secret, m));
  });
  if (isSet(spec.ingressClassName)) {
    const cn = str(spec.ingressClassName);
    for (const m of isDNS1123Subdomain(cn)) errs.push(fieldErr.invalid('spec.ingressClassName', cn, m));
  }
  return errs;
}

/** RelaxedServiceNameValidation is alpha (off) in v1.34: names are DNS-1035 unless the old object already used DNS-1123 ones. */
function relaxedServiceNames(old: Obj | undefined): boolean {
  if (!old) return false;
  const relaxedOnly = (name: string) => isDNS1123Label(name).length === 0 && isDNS1035Label(name).length > 0;
  const spec = obj(old.spec);
  const db = obj(spec.defaultBackend);
  if (isSet(db.service) && relaxedOnly(str(obj(db.service).name))) return true;
  for (const rule of objs(spec.rules)) {
    for (const p of objs(obj(rule.http).paths)) {
      const svc = obj(p.backend).service;
      if (isSet(svc) && relaxedOnly(str(obj(svc).name))) return true;
    }
  }
  return false;
}

export function validateIngress(ing: Obj): FieldErrors {
  const errs = validateIngressSpec(obj(ing.spec), { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false, allowRelaxedServiceNameValidation: false });
  const ann = obj(obj(ing.metadata).annotations);
  const cls = obj(ing.spec).ingressClassName;
  if (typeof ann['kubernetes.io/ingress.class'] === 'string' && isSet(cls) && ann['kubernetes.io/ingress.class'] !== cls) {
    errs.push(fieldErr.invalid('annotations.kubernetes.io/ingress.class', ann['kubernetes.io/ingress.class'], 'must match `ingressClassName` when both are specified'));
  }
  return errs;
}

export function validateIngressUpdate(ing: Obj, old: Obj): FieldErrors {
  const oldSpec = obj(old.spec);
  const allowInvalidSecretName = objs(oldSpec.tls).some((t) => str(t.secretName) !== '' && isDNS1123Subdomain(str(t.secretName)).length > 0);
  const allowInvalidWildcardHostRule = objs(oldSpec.rules).some(
    (r) => str(r.host).includes('*') && validateRuleValue(r, '', { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false, allowRelaxedServiceNameValidation: false }).length > 0,
  );
  return validateIngressSpec(obj(ing.spec), { allowInvalidSecretName, allowInvalidWildcardHostRule, allowRelaxedServiceNameValidation: relaxedServiceNames(old) });
}

// ---- IngressClass ----

function validateIngressClassSpec(spec: Obj): FieldErrors {
  const errs: FieldErrors = [];
  const controller = str(spec.controller);
  if (controller.length === 0) errs.push(fieldErr.required('spec.controller', ''));
  else {
    if (Buffer.byteLength(controller) > 250) errs.push(fieldErr.tooLong('spec.controller', 250));
    errs.push(...isDomainPrefixedPath('spec.controller', controller));
  }
  if (isSet(spec.parameters)) {
    const p = obj(spec.parameters);
    const path = 'spec.parameters';
    if (isSet(p.apiGroup)) for (const m of isDNS1123Subdomain(str(p.apiGroup))) errs.push(fieldErr.invalid(`${path}.apiGroup`, str(p.apiGroup), m));
    for (const f of ['kind', 'name']) {
      const v = str(p[f]);
      if (v === '') errs.push(fieldErr.required(`${path}.${f}`, ''));
      else for (const m of isValidPathSegmentName(v)) errs.push(fieldErr.invalid(`${path}.${f}`, v, m));
    }
    if (!isSet(p.scope)) errs.push(fieldErr.required(`${path}.scope`, ''));
    else {
      const scope = str(p.scope);
      if (scope !== 'Namespace' && scope !== 'Cluster') errs.push(fieldErr.notSupported(`${path}.scope`, scope, ['Cluster', 'Namespace']));
      else {
        if (scope === 'Namespace') {
          if (!isSet(p.namespace)) errs.push(fieldErr.required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
          else for (const m of isDNS1123Label(str(p.namespace))) errs.push(fieldErr.invalid(`${path}.namespace`, str(p.namespace), m));
        }
        if (scope === 'Cluster' && isSet(p.namespace)) errs.push(fieldErr.forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
      }
    }
  }
  return errs;
}

export function validateIngressClass(ic: Obj): FieldErrors {
  return validateIngressClassSpec(obj(ic.spec));
}

export function validateIngressClassUpdate(ic: Obj, old: Obj): FieldErrors {
  return [
    ...validateImmutable(str(obj(ic.spec).controller), str(obj(old.spec).controller), 'spec.controller'),
    ...validateIngressClassSpec(obj(ic.spec)),
  ];
}


// ---- IPAddress and ServiceCIDR (ValidateIPAddress, ValidateServiceCIDR) ----

/** ValidateIPAddressName: the name is an address in canonical form (netip.ParseAddr). */
function validateIPAddressName(name: string): FieldErrors {
  // netip.ParseAddr rejects zones-free garbage and IPv4 with leading zeros; its detailed messages are not reproduced.
  const ip = /^[0-9a-fA-F:.]+$/.test(name) && !/(^|\.)0[0-9]/.test(name) ? parseIPSloppy(name) : undefined;
  if (!ip) return [fieldErr.invalid('metadata.name', name, `ParseAddr(${JSON.stringify(name)}): unable to parse IP`)];
  return ipString(ip.bytes) === name ? [] : [fieldErr.invalid('metadata.name', name, 'must be a canonical format IP address')];
}

export function validateIPAddress(ip: Obj): FieldErrors {
  const errs = validateIPAddressName(str(obj(ip.metadata).name));
  const spec = obj(ip.spec);
  if (!isSet(spec.parentRef)) return [...errs, fieldErr.required('spec.parentRef', '')];
  const ref = obj(spec.parentRef);
  const p = 'spec.parentRef';
  // The core group (Services) is empty, so group cannot be required.
  if (str(ref.group) !== '') for (const m of isDNS1123Subdomain(str(ref.group))) errs.push(fieldErr.invalid(`${p}.group`, str(ref.group), m));
  for (const f of ['resource', 'name']) {
    const v = str(ref[f]);
    if (v === '') errs.push(fieldErr.required(`${p}.${f}`, ''));
    else for (const m of isValidPathSegmentName(v)) errs.push(fieldErr.invalid(`${p}.${f}`, v, m));
  }
  const ns = str(ref.namespace);
  if (ns !== '') for (const m of isValidPathSegmentName(ns)) errs.push(fieldErr.invalid(`${p}.namespace`, ns, m));
  return errs;
}

export function validateIPAddressUpdate(ip: Obj, old: Obj): FieldErrors {
  const newRef = obj(ip.spec).parentRef ?? null;
  const oldRef = obj(old.spec).parentRef ?? null;
  return JSON.stringify(newRef) === JSON.stringify(oldRef) ? [] : [fieldErr.invalid('spec.parentRef', newRef, 'field is immutable')];
}

export function validateServiceCIDR(sc: Obj): FieldErrors {
  const spec = obj(sc.spec);
  const cidrs = strs(spec.cidrs);
  if (cidrs.length === 0) return [fieldErr.required('spec.cidrs', 'at least one CIDR required')];
  if (cidrs.length > 2) return [fieldErr.invalid('spec.cidrs', spec, 'may only hold up to 2 values')];
  const errs: FieldErrors = [];
  cidrs.forEach((c, i) => errs.push(...isValidCIDR(`spec.cidrs[${i}]`, c)));
  if (cidrs.length === 2) {
    const [a, b] = cidrs.map(parseCIDRSloppy);
    if (!a || !b || a.v4 === b.v4) errs.push(fieldErr.invalid('spec.cidrs', spec, 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64'));
  }
  return errs;
}

/** The CIDRs are immutable, except that a single-stack ServiceCIDR may gain its second family. */
export function validateServiceCIDRUpdate(sc: Obj, old: Obj, subresource?: string): FieldErrors {
  if (subresource === 'status') return [];
  const errs = validateServiceCIDR(sc);
  const next = strs(obj(sc.spec).cidrs);
  const prev = strs(obj(old.spec).cidrs);
  if (prev.length === 1 && next.length === 2) {
    if (next[0] !== prev[0]) errs.push(fieldErr.invalid('spec.cidrs[0]', next[0], 'field is immutable'));
  } else if (JSON.stringify(next) !== JSON.stringify(prev)) {
    errs.push(fieldErr.invalid('spec.cidrs', next, 'field is immutable'));
  }
  return errs;
}
