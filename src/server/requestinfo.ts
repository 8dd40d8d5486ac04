// What a request is about, parsed from its method and path the way upstream's
// RequestInfoFactory does. Authorization and routing both read it.

import { queryFlag } from '../apimachinery/querybool.js';

export interface RequestInfo {
  isResourceRequest: boolean;
  path: string;
  /** Kubernetes verb: get, list, watch, create, update, patch, delete, deletecollection; or the lowercase HTTP method. */
  verb: string;
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** Path segments after the group version (namespace segments removed). */
  parts: string[];
}

const namespaceSubresources = new Set(['status', 'finalize']);

export function parseRequestInfo(method: string, rawPath: string, query: URLSearchParams): RequestInfo {
  const path = rawPath;
  const lowerMethod = method.toLowerCase();
  const info: RequestInfo = {
    isResourceRequest: false, path, verb: lowerMethod, apiPrefix: '', apiGroup: '', apiVersion: '',
    namespace: '', resource: '', subresource: '', name: '', parts: [],
  };
  const segments = path.split('/').filter((s, i, arr) => !(s === '' && (i === 0 || i === arr.length - 1)));
  if (segments.length === 0) return info;
  const prefix = segments[0]!;
  if (prefix !== 'api' && prefix !== 'apis') return info;
  info.apiPrefix = prefix;
  let rest = segments.slice(1);
  if (prefix === 'apis') {
    if (rest.length < 2) return info; // /apis or /apis/<group>: discovery
    info.apiGroup = rest[0]!;
    rest = rest.slice(1);
  } else if (rest.length < 1) {
    return info; // /api
  }
  info.apiVersion = rest[0]!;
  rest = rest.slice(1);
  if (rest.length === 0) return info; // /api/v1, /apis/g/v: discovery

  info.isResourceRequest = true;
  let isLegacyWatch = false;
  if (rest[0] === 'watch') {
    isLegacyWatch = true;
    rest = rest.slice(1);
  }
  switch (method) {
    case 'POST': info.verb = 'create'; break;
    case 'GET': case 'HEAD': info.verb = 'get'; break;
    case 'PUT': info.verb = 'update'; break;
    case 'PATCH': info.verb = 'patch'; break;
    case 'DELETE': info.verb = 'delete'; break;
    default: info.verb = ''; break;
  }
  if (rest[0] === 'namespaces') {
    if (rest.length > 1) {
      info.namespace = rest[1]!;
      if (rest.length > 2 && !namespaceSubresources.has(rest[2]!)) rest = rest.slice(2);
    }
  } else {
    info.namespace = '';
  }
  info.parts = rest;
  if (rest.length >= 3) info.subresource = rest[2]!;
  if (rest.length >= 2) info.name = rest[1]!;
  if (rest.length >= 1) info.resource = rest[0]!;

  if (isLegacyWatch) {
    info.verb = 'watch';
  } else if (info.verb === 'get' && info.name === '') {
    info.verb = queryFlag(query, 'watch') ? 'watch' : 'list';
  } else if (info.verb === 'delete' && info.name === '') {
    info.verb = 'deletecollection';
  }
  if ((info.verb === 'list' || info.verb === 'watch') && info.name === '') {
    const fs = query.get('fieldSelector');
    if (fs) {
      const m = /^metadata\.name(?:==?)(.*)$/.exec(fs);
      if (m && !m[1]!.includes(',')) info.name = m[1]!;
    }
  }
  return info;
}
