// The authenticating proxy (--requestheader-*): a front proxy that presents a client
// certificate signed by --requestheader-client-ca-file (with an allowed CN) says who
// the user is in request headers. On any other connection the headers mean nothing.
// Upstream: k8s.io/apiserver/pkg/authentication/request/headerrequest/requestheader.go
// and request/x509 (NewDynamicCAVerifier, verifySubject).

import { authenticationFailed } from './errors.js';
import type { AuthnRequest, AuthnResult, Authenticator, UserInfo } from './types.js';
import { ClientCertificateAuthenticator } from './x509.js';

export interface RequestHeaderOptions {
  /** PEM of --requestheader-client-ca-file. */
  clientCaPem: string;
  /** --requestheader-allowed-names; empty: any CN. */
  allowedNames: readonly string[];
  usernameHeaders: readonly string[];
  uidHeaders: readonly string[];
  groupHeaders: readonly string[];
  extraHeaderPrefixes: readonly string[];
}

export class RequestHeaderAuthenticator implements Authenticator {
  private readonly verifier: ClientCertificateAuthenticator;

  constructor(private readonly opts: RequestHeaderOptions) {
    this.verifier = new ClientCertificateAuthenticator(opts.clientCaPem);
  }

  async authenticate(req: AuthnRequest): Promise<AuthnResult | null> {
    let leaf;
    try {
      leaf = this.verifier.verifiedLeaf(req);
    } catch (e) {
      throw authenticationFailed(e as Error);
    }
    if (!leaf) return null;
    const cn = commonName(leaf.subject);
    if (this.opts.allowedNames.length > 0 && !this.opts.allowedNames.includes(cn)) {
      throw authenticationFailed(`x509: subject with cn=${cn} is not in the allowed list`);
    }
    const username = firstValue(req.headers, this.opts.usernameHeaders);
    if (!username) return null;
    const user: UserInfo = { username, groups: allValues(req.headers, this.opts.groupHeaders) };
    const uid = firstValue(req.headers, this.opts.uidHeaders);
    if (uid) user.uid = uid;
    const extra = extraFromHeaders(req.headers, this.opts.extraHeaderPrefixes);
    if (Object.keys(extra).length) user.extra = extra;
    return { user, authenticator: 'requestheader' };
  }
}

function commonName(subject: string): string {
  const cns = subject.split('\n').filter((l) => l.startsWith('CN=')).map((l) => l.slice(3));
  return cns[cns.length - 1] ?? '';
}

function headerValues(headers: AuthnRequest['headers'], name: string): string[] {
  const v = headers[name.toLowerCase()];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** The first non-empty value of the first header that has one. */
function firstValue(headers: AuthnRequest['headers'], names: readonly string[]): string | undefined {
  for (const name of names) {
    const v = headerValues(headers, name).find((x) => x.length > 0);
    if (v) return v;
  }
  return undefined;
}

function allValues(headers: AuthnRequest['headers'], names: readonly string[]): string[] {
  return names.flatMap((n) => headerValues(headers, n).filter((x) => x.length > 0));
}

/** Extra keys are the lower-cased, percent-decoded header suffixes after a prefix. */
function extraFromHeaders(headers: AuthnRequest['headers'], prefixes: readonly string[]): Record<string, string[]> {
  const extra: Record<string, string[]> = {};
  for (const prefix of prefixes) {
    const p = prefix.toLowerCase();
    for (const name of Object.keys(headers)) {
      if (!name.startsWith(p)) continue;
      const key = unescapeKey(name.slice(p.length));
      for (const v of headerValues(headers, name)) (extra[key] ??= []).push(v);
    }
  }
  return extra;
}

export function unescapeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.toLowerCase());
  } catch {
    return raw.toLowerCase();
  }
}
