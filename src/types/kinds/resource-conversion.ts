// Conversion between resource.k8s.io/v1beta1 and the stored resource.k8s.io/v1. Two
// structures differ, everything else has the same JSON:
//   - a claim's device request: v1beta1 lists the exact-request fields on the request
//     itself, v1 nests them under `exactly` (beside `firstAvailable`);
//   - a slice's device: v1beta1 nests the device's description under `basic`, v1 lists
//     it on the device.
// resource.k8s.io/v1beta2 has v1's shape and needs no conversion.

import type { Obj } from '../kind.js';

/** The fields v1 keeps under DeviceRequest.exactly, in Go field order. */
const EXACT_FIELDS = ['deviceClassName', 'selectors', 'allocationMode', 'count', 'adminAccess', 'tolerations', 'capacity'];
/** v1beta1 DeviceRequest fields in Go field order. */
const V1BETA1_REQUEST_FIELDS = ['name', 'deviceClassName', 'selectors', 'allocationMode', 'count', 'adminAccess', 'firstAvailable', 'tolerations', 'capacity'];

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function requestToV1(r: unknown): unknown {
  if (!isObj(r)) return r;
  const exactly: Obj = {};
  for (const k of EXACT_FIELDS) if (r[k] !== undefined) exactly[k] = r[k];
  const out: Obj = {};
  if (r.name !== undefined) out.name = r.name;
  if (Object.keys(exactly).length) out.exactly = exactly;
  if (r.firstAvailable !== undefined) out.firstAvailable = r.firstAvailable;
  return out;
}

function requestFromV1(r: unknown): unknown {
  if (!isObj(r)) return r;
  const flat: Obj = { ...(isObj(r.exactly) ? r.exactly : {}), name: r.name, firstAvailable: r.firstAvailable };
  const out: Obj = {};
  for (const k of V1BETA1_REQUEST_FIELDS) if (flat[k] !== undefined) out[k] = flat[k];
  return out;
}

function deviceToV1(d: unknown): unknown {
  if (!isObj(d)) return d;
  const { name, basic } = d;
  return { ...(name !== undefined ? { name } : {}), ...(isObj(basic) ? basic : {}) };
}

function deviceFromV1(d: unknown): unknown {
  if (!isObj(d)) return d;
  const { name, ...basic } = d;
  return { ...(name !== undefined ? { name } : {}), basic };
}

/** Apply fn to each element of obj[path...] when that is a list. */
function mapListAt(obj: Obj, path: string[], fn: (v: unknown) => unknown): void {
  let cur: unknown = obj;
  for (const seg of path.slice(0, -1)) {
    if (!isObj(cur)) return;
    cur = cur[seg];
  }
  const last = path[path.length - 1]!;
  if (isObj(cur) && Array.isArray(cur[last])) cur[last] = cur[last].map(fn);
}

function convert(obj: Obj, listPath: string[], fn: (v: unknown) => unknown): Obj {
  const out = structuredClone(obj) as Obj;
  mapListAt(out, listPath, fn);
  return out;
}

const CLAIM_REQUESTS = ['spec', 'devices', 'requests'];
const TEMPLATE_REQUESTS = ['spec', 'spec', 'devices', 'requests'];
const SLICE_DEVICES = ['spec', 'devices'];

export const resourceClaimV1beta1 = {
  toStored: (o: Obj): Obj => convert(o, CLAIM_REQUESTS, requestToV1),
  fromStored: (o: Obj): Obj => convert(o, CLAIM_REQUESTS, requestFromV1),
};

export const resourceClaimTemplateV1beta1 = {
  toStored: (o: Obj): Obj => convert(o, TEMPLATE_REQUESTS, requestToV1),
  fromStored: (o: Obj): Obj => convert(o, TEMPLATE_REQUESTS, requestFromV1),
};

export const resourceSliceV1beta1 = {
  toStored: (o: Obj): Obj => convert(o, SLICE_DEVICES, deviceToV1),
  fromStored: (o: Obj): Obj => convert(o, SLICE_DEVICES, deviceFromV1),
};
