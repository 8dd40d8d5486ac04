// Authentication filter: the request's identity from its credentials (client
// certificate, bearer token, ...), or 401. Upstream: endpoints/filters/authentication.go.

import type { PeerCertificate, TLSSocket } from 'node:tls';
import { StatusError } from '../../apimachinery/errors.js';
import type { Authenticator, AuthnRequest } from '../../authn/types.js';
import type { AuthMetrics } from '../../metrics/auth.js';
import type { Filter } from '../filter.js';
import { distinctHeaders, type Ctx } from '../http.js';

export function authenticationFilter(authenticator: Authenticator, metrics?: AuthMetrics): Filter {
  return {
    name: 'authentication',
    async handle(ctx, next) {
      const socket = connectionSocket(ctx);
      const request: AuthnRequest = {
        headers: authnHeaders(ctx),
        peerCertificate: peerCertificate(socket),
        peerCertificateChainVerified: socket?.authorized ?? false,
        path: ctx.path,
      };
      const started = performance.now();
      let result: Awaited<ReturnType<Authenticator['authenticate']>>;
      try {
        result = await authenticator.authenticate(request);
      } catch (e) {
        metrics?.authenticated('error', (performance.now() - started) / 1000);
        throw e;
      }
      metrics?.authenticated(result ? 'success' : 'failure', (performance.now() - started) / 1000, result?.user.username);
      if (!result) throw new StatusError(401, 'Unauthorized', 'Unauthorized');
      ctx.user = result.user;
      return next();
    },
  };
}

/** The TLS socket under an HTTP/1.1 request or an HTTP/2 stream. */
export function connectionSocket(ctx: Ctx): TLSSocket | undefined {
  return (ctx.req.socket ?? (ctx.req as { stream?: { session?: { socket?: TLSSocket } } }).stream?.session?.socket) as TLSSocket | undefined;
}

// The peer certificate is fixed for a connection and expensive to read: once per socket.
const peerCerts = new WeakMap<object, PeerCertificate | Record<string, never>>();

function peerCertificate(socket: TLSSocket | undefined): PeerCertificate | Record<string, never> {
  if (!socket) return {};
  let cert = peerCerts.get(socket);
  if (cert === undefined) {
    try {
      cert = socket.getPeerCertificate?.(true) ?? {};
    } catch {
      cert = {};
    }
    peerCerts.set(socket, cert);
  }
  return cert;
}

/** Node's header object, with repeated headers as arrays of their values (X-Remote-Group: a, X-Remote-Group: b). */
function authnHeaders(ctx: Ctx): AuthnRequest['headers'] {
  const headers: AuthnRequest['headers'] = { ...(ctx.req.headers as AuthnRequest['headers']) };
  for (const [name, values] of distinctHeaders(ctx)) if (values.length > 1) headers[name] = values;
  return headers;
}
