// discovery.k8s.io/v1 EndpointSlice (pkg/apis/discovery/validation/validation.go, v1.34;
// messages checked against kube-apiserver v1.32).

import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../apimachinery/validation.js';
import { validateNonSpecialIP } from './core.js';
import { isIPv4Bytes, parseIPSloppy } from './net.js';
import { fieldErr, objs, str, strs, validateImmutable, type FieldErrors, type Obj } from './util.js';

const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;

function validateAddress(addressType: string, address: string, path: string): FieldErrors {
  if (addressType === 'FQDN') return isDNS1123Subdomain(address).map((m) => fieldErr.invalid(path, address, m));
  if (addressType !== 'IPv4' && addressType !== 'IPv6') return [];
  const ip = parseIPSloppy(address);
  const v4 = ip !== undefined && isIPv4Bytes(ip.bytes);
  const family: FieldErrors = [];
  if (addressType === 'IPv4' && !v4) family.push(fieldErr.invalid(path, address, 'must be a valid IPv4 address'));
  if (addressType === 'IPv6' && (!ip || v4)) family.push(fieldErr.invalid(path, address, 'must be a valid IPv6 address'));
  return [...family, ...(ip && family.length ? [] : validateNonSpecialIP(address, path))];
}

function validateEndpoints(endpoints: Obj[], addressType: string): FieldErrors {
  const errs: FieldErrors = [];
  if (endpoints.length > MAX_ENDPOINTS) errs.push(fieldErr.tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  endpoints.forEach((ep, i) => {
    const p = `endpoints[${i}]`;
    const addresses = strs(ep.addresses);
    if (addresses.length === 0) errs.push(fieldErr.required(`${p}.addresses`, 'must contain at least 1 address'));
    else if (addresses.length > MAX_ADDRESSES) errs.push(fieldErr.tooMany(`${p}.addresses`, addresses.length, MAX_ADDRESSES));
    addresses.forEach((a, j) => errs.push(...validateAddress(addressType, a, `${p}.addresses[${j}]`)));
    if (ep.nodeName !== undefined && ep.nodeName !== null) {
      const node = str(ep.nodeName);
      for (const m of isDNS1123Subdomain(node)) errs.push(fieldErr.invalid(`${p}.nodeName`, node, m));
    }
    if (ep.hostname !== undefined && ep.hostname !== null) {
      const host = str(ep.hostname);
      for (const m of isDNS1123Label(host)) errs.push(fieldErr.invalid(`${p}.hostname`, host, m));
    }
  });
  return errs;
}

function validatePorts(ports: Obj[]): FieldErrors {
  const errs: FieldErrors = [];
  if (ports.length > MAX_PORTS) errs.push(fieldErr.tooMany('ports', ports.length, MAX_PORTS));
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = `ports[${i}]`;
    const name = str(port.name);
    if (name !== '') for (const m of isDNS1123Label(name)) errs.push(fieldErr.invalid(`${p}.name`, name, m));
    if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    names.add(name);
    if (port.protocol === undefined || port.protocol === null) errs.push(fieldErr.required(`${p}.protocol`, ''));
    else if (!PROTOCOLS.includes(str(port.protocol))) errs.push(fieldErr.notSupported(`${p}.protocol`, str(port.protocol), PROTOCOLS));
    if (port.appProtocol !== undefined && port.appProtocol !== null) {
      const ap = str(port.appProtocol);
      for (const m of isQualifiedName(ap)) errs.push(fieldErr.invalid(`${p}.appProtocol`, ap, m));
    }
  });
  return errs;
}

export function validateEndpointSlice(slice: Obj): FieldErrors {
  const addressType = str(slice.addressType);
  const errs: FieldErrors = [];
  if (addressType === '') errs.push(fieldErr.required('addressType', ''));
  else if (!ADDRESS_TYPES.includes(addressType)) errs.push(fieldErr.notSupported('addressType', addressType, ADDRESS_TYPES));
  errs.push(...validateEndpoints(objs(slice.endpoints), addressType), ...validatePorts(objs(slice.ports)));
  return errs;
}

export function validateEndpointSliceUpdate(slice: Obj, old: Obj): FieldErrors {
  return [...validateEndpointSlice(slice), ...validateImmutable(str(slice.addressType), str(old.addressType), 'addressType')];
}
