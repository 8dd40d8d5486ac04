// Kubernetes URL library, with Go's url.ParseRequestURI semantics (absolute URIs and absolute paths).
import type {Environment} from '@marcbachmann/cel-js';
import {celError} from '../util.js';

export class CelURL {
  constructor(
    readonly scheme: string,
    readonly host: string,
    readonly path: string,
    readonly rawPath: string,
    readonly rawQuery: string,
    readonly opaque: string,
    readonly source: string,
  ) {}

  celEquals(other: unknown): boolean {
    return other instanceof CelURL && other.source === this.source;
  }
}

class URLError extends Error {}

function unescape(s: string, mode: 'path' | 'host' | 'query'): string {
  let out = '';
  const bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length) {
      out += new TextDecoder().decode(new Uint8Array(bytes));
      bytes.length = 0;
    }
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) {
        throw new URLError(`invalid URL escape "${s.slice(i, i + 3)}"`);
      }
      bytes.push(parseInt(hex, 16));
      i += 2;
      continue;
    }
    flush();
    out += mode === 'query' && c === '+' ? ' ' : c;
  }
  flush();
  return out;
}

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return false;
    const port = host.slice(end + 1);
    return port === '' || /^:\d*$/.test(port);
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return false;
  return !/[\s<>"`{}|\\^]/.test(host);
}

export function parseRequestURI(raw: string): CelURL {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new URLError('net/url: invalid control character in URL');
  if (raw === '') throw new URLError('empty url');
  let rest = raw;
  let scheme = '';
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest);
  if (schemeMatch) {
    scheme = schemeMatch[1]!.toLowerCase();
    rest = rest.slice(schemeMatch[0].length);
  } else if (/^[0-9+.-]*:/.test(rest) && !rest.startsWith('/')) {
    throw new URLError('missing protocol scheme');
  }
  let rawQuery = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') {
      // An opaque URI like mailto:x is not valid for a request.
      throw new URLError('invalid URI for request');
    }
    throw new URLError('invalid URI for request');
  }
  let host = '';
  if (scheme !== '' && rest.startsWith('//')) {
    const afterSlashes = rest.slice(2);
    const slash = afterSlashes.indexOf('/');
    const authority = slash < 0 ? afterSlashes : afterSlashes.slice(0, slash);
    rest = slash < 0 ? '' : afterSlashes.slice(slash);
    const at = authority.lastIndexOf('@');
    host = at >= 0 ? authority.slice(at + 1) : authority;
    if (!validHost(host)) throw new URLError(`invalid character in host name`);
    host = unescape(host, 'host');
  }
  const path = unescape(rest, 'path');
  return new CelURL(scheme, host, path, rest, rawQuery, '', raw);
}

function escapedPath(u: CelURL): string {
  if (u.rawPath !== '') return u.rawPath;
  return encodeURI(u.path);
}

function hostname(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return host.slice(1, end);
  }
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

function port(host: string): string {
  const start = host.startsWith('[') ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', start);
  if (colon < 0) return '';
  return host.slice(colon + 1);
}

function query(u: CelURL): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  for (const part of u.rawQuery.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const eq = part.indexOf('=');
    let k: string;
    let v: string;
    try {
      k = unescape(eq < 0 ? part : part.slice(0, eq), 'query');
      v = eq < 0 ? '' : unescape(part.slice(eq + 1), 'query');
    } catch {
      continue;
    }
    (out[k] ??= []).push(v);
  }
  return out;
}

export function registerURLs(env: Environment): void {
  env.registerType('kubernetes.URL', CelURL);
  env.registerFunction('url(string): kubernetes.URL', (s: string) => {
    try {
      return parseRequestURI(s);
    } catch (e) {
      throw celError(`URL parse error during conversion from string: parse "${s}": ${(e as Error).message}`);
    }
  });
  env.registerFunction('isURL(string): bool', (s: string) => {
    try {
      parseRequestURI(s);
      return true;
    } catch {
      return false;
    }
  });
  env.registerFunction('kubernetes.URL.getScheme(): string', (u: CelURL) => u.scheme);
  env.registerFunction('kubernetes.URL.getHost(): string', (u: CelURL) => u.host);
  env.registerFunction('kubernetes.URL.getHostname(): string', (u: CelURL) => hostname(u.host));
  env.registerFunction('kubernetes.URL.getPort(): string', (u: CelURL) => port(u.host));
  env.registerFunction('kubernetes.URL.getEscapedPath(): string', escapedPath);
  env.registerFunction('kubernetes.URL.getQuery(): map<string, list<string>>', query);
  env.registerOperator('kubernetes.URL == kubernetes.URL', (a: CelURL, b: CelURL) => a.celEquals(b));
}
